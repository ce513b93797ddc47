import type { CartLine } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

export interface ApplePayPayment {
  /** `event.payment.token` as Apple Pay gave it. */
  paymentToken: unknown;
  amount: number;
  orderId: string;
  userId?: string;
  email?: string;
  items: CartLine[];
}

/**
 * `POST /api/applepay/process-with-applepay`: hands Apple's token to the store, which has CardPointe decrypt
 * it and authorize the cart's total. Fails (ApiError) on HTTP 400 or above, or `status: 'error'`.
 */
export async function processWithApplePay(
  payment: ApplePayPayment,
  idempotencyKey: string,
): Promise<{ transactionId: string; requestId: string; testMode: boolean }> {
  const body = await postJson<Record<string, unknown>>('/api/applepay/process-with-applepay', payment, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (
    body.status === 'success' &&
    typeof body.requestId === 'string' &&
    typeof body.transactionId === 'string'
  ) {
    return { transactionId: body.transactionId, requestId: body.requestId, testMode: body.testMode === true };
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Apple Pay payment failed', 'rejected', 200, message);
}
