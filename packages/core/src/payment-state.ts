/**
 * The payment state machines, each in one transition table: a payment's capture status, and a money
 * operation's status (docs/payment-lifecycle.md). These tables are the source of the statuses the
 * database allows and of the transitions its triggers let through (migration 0012, checked against them
 * by db/state-transitions.test.ts). Refunds are operations of their own and do not change the capture
 * status; their sum is bounded by the captured amount in the database.
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

export const CAPTURE_TRANSITIONS: Record<CaptureStatus, readonly CaptureStatus[]> = {
  authorized: ['captured', 'partially_captured', 'voided', 'expired'],
  captured: ['settled'],
  partially_captured: ['settled'],
  voided: [],
  expired: [],
  settled: [],
};

export function canTransition(from: CaptureStatus, to: CaptureStatus): boolean {
  return CAPTURE_TRANSITIONS[from].includes(to);
}

/**
 * A capture, void or refund: reserved (`pending`) before the gateway is asked, settled from its answer or
 * its records (`succeeded`, `failed`); a refund the gateway takes only after settlement waits, its amount
 * reserved (`scheduled`), until upkeep sends it (`pending` again).
 */
export const OPERATION_STATUSES = ['pending', 'scheduled', 'succeeded', 'failed'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const OPERATION_TRANSITIONS: Record<OperationStatus, readonly OperationStatus[]> = {
  pending: ['succeeded', 'failed', 'scheduled'],
  scheduled: ['pending'],
  succeeded: [],
  failed: [],
};

/** Every allowed change of a table, as (from, to) pairs. */
export function transitionPairs<S extends string>(table: Record<S, readonly S[]>): [S, S][] {
  return (Object.entries(table) as [S, readonly S[]][]).flatMap(([from, targets]) =>
    targets.map((to): [S, S] => [from, to]),
  );
}

/** States from which money can be given back. */
export function isRefundable(status: CaptureStatus): boolean {
  return status === 'captured' || status === 'partially_captured' || status === 'settled';
}

/** An authorization at CardPointe lapses after 7 days unless captured. */
export const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** When an authorization made at `authorizedAt` can no longer be captured. */
export function authorizationExpiresAt(authorizedAt: Date): Date {
  return new Date(authorizedAt.getTime() + AUTHORIZATION_LIFETIME_MS);
}
