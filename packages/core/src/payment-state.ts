/**
 * The payment state machine, in one transition table (docs/payment-lifecycle.md). Refunds are separate rows and do not
 * change the capture status; their sum is bounded by the captured amount in the database.
 */
export const CAPTURE_STATUSES = [
  'authorized',
  'captured',
  'partially_captured',
  'voided',
  'expired',
  'settled',
] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

const TRANSITIONS: Record<CaptureStatus, readonly CaptureStatus[]> = {
  authorized: ['captured', 'partially_captured', 'voided', 'expired'],
  captured: ['settled'],
  partially_captured: ['settled'],
  voided: [],
  expired: [],
  settled: [],
};

export function canTransition(from: CaptureStatus, to: CaptureStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** States from which money can be given back. */
export function isRefundable(status: CaptureStatus): boolean {
  return status === 'captured' || status === 'partially_captured' || status === 'settled';
}

/** An authorization at CardPointe lapses after 7 days unless captured. */
export const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
