import type { GatewayFailure } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';

/** What a shopper is told when a payment is refused, in words that do not help a card tester. */

/**
 * What a shopper is told of a refusal or of no answer in time: the words every way to pay uses, written once
 * in the core (`payment-failure.ts`), where the result page and the cart read them too.
 */
export { SHOPPER_DECLINE, SHOPPER_RETRY } from '@store/core';
export const NO_LONGER_VALID = 'This payment is no longer valid. Nothing was charged.';

/** A gateway failure as a shopper's call answers it: a refusal is 422 with its reason, no answer is 502. */
export function refusalError(failure: GatewayFailure, fallback: string): AppError {
  if (failure.kind === 'unavailable') return new AppError('gateway_unavailable', failure.message);
  if (failure.kind === 'rejected') return new AppError('gateway_unavailable', fallback);
  return new AppError('unprocessable', failure.message || fallback);
}
