import { PAYMENT_LINK_MESSAGES, type PaymentLinkStatus } from '@store/core';
import { ApiError } from '../../../lib/api-client';

/**
 * What the payer can do with a link as it stands: pay it (open, or paying: a payment page left half-way is
 * resumed by the same button), read that it is paid, or read why it can no longer be paid.
 */
export type PaymentLinkState =
  | { kind: 'payable'; resumed: boolean }
  | { kind: 'paid' }
  | { kind: 'closed'; message: string };

export function paymentLinkStateOf(status: PaymentLinkStatus): PaymentLinkState {
  switch (status) {
    case 'open':
      return { kind: 'payable', resumed: false };
    case 'paying':
      return { kind: 'payable', resumed: true };
    case 'paid':
      return { kind: 'paid' };
    case 'expired':
      return { kind: 'closed', message: PAYMENT_LINK_MESSAGES.expired };
    case 'cancelled':
      return { kind: 'closed', message: PAYMENT_LINK_MESSAGES.cancelled };
  }
}

/** The words of a refused payment: the store's own, or why no answer came. */
export function payRefusalText(error: unknown): string {
  if (error instanceof ApiError && (error.serverMessage || error.kind === 'network')) {
    return error.serverMessage ?? error.message;
  }
  return 'The payment page could not be opened. Please try again.';
}
