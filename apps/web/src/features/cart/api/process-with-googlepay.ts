import type { ProcessWithGooglePayRequest } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

/**
 * `POST /api/googlepay/process-with-googlepay`: hands Google's token to the store, which has CardPointe
 * decrypt it and authorize the cart's total. Fails (ApiError) on HTTP 400 or above, or `status: 'error'`.
 */
export async function processWithGooglePay(
  payment: ProcessWithGooglePayRequest,
  idempotencyKey: string,
): Promise<{ transactionId: string; requestId: string }> {
  const body = await postJson<Record<string, unknown>>('/api/googlepay/process-with-googlepay', payment, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (
    body.status === 'success' &&
    typeof body.requestId === 'string' &&
    typeof body.transactionId === 'string'
  ) {
    return { transactionId: body.transactionId, requestId: body.requestId };
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Google Pay payment failed', 'rejected', 200, message);
}
