import type { ProcessWithGooglePayRequest, WalletPaymentResponse } from '@store/core';
import { postServerPayment } from './server-payment';

/**
 * `POST /api/googlepay/process-with-googlepay`: hands Google's token to the store, which has CardPointe
 * decrypt it and authorize the cart's total. Fails (ApiError) on HTTP 400 or above, or `status: 'error'`.
 */
export function processWithGooglePay(
  payment: ProcessWithGooglePayRequest,
  idempotencyKey: string,
): Promise<WalletPaymentResponse> {
  return postServerPayment<WalletPaymentResponse>(
    '/api/googlepay/process-with-googlepay',
    payment,
    idempotencyKey,
    'Google Pay payment failed',
  );
}
