import type { GatewayFailure } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';

/** What a shopper is told when a payment is refused, in words that do not help a card tester. */

/**
 * What a shopper is told of a refusal. The issuer's reason ("Do not honor", "Expired card", "Insufficient
 * funds") tells a card tester which stolen numbers are live, so the shopper gets the same words for every
 * decline; the operator reads the reason in the audit log and on the payment request.
 */
export const SHOPPER_DECLINE = {
  card: 'Your card was declined. Try another card or contact your bank.',
  ach: 'Your bank declined this payment. Try another payment method or contact your bank.',
} as const;
/** A processor that did not answer in time (respstat B): nothing was approved, the shopper may try again. */
export const SHOPPER_RETRY = 'The bank did not answer in time. Nothing was charged; please try again.';
export const NO_LONGER_VALID = 'This payment is no longer valid. Nothing was charged.';

/** A gateway failure as a shopper's call answers it: a refusal is 422 with its reason, no answer is 502. */
export function refusalError(failure: GatewayFailure, fallback: string): AppError {
  if (failure.kind === 'unavailable') return new AppError('gateway_unavailable', failure.message);
  if (failure.kind === 'rejected') return new AppError('gateway_unavailable', fallback);
  return new AppError('unprocessable', failure.message || fallback);
}
