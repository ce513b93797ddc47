import type { ServerPaymentResponse } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

/**
 * Posts a payment the store makes itself (a saved method, a wallet) and reads its answer: the same
 * Idempotency-Key on a retry or a double click gets the first answer, so one charge. Fails (ApiError) on
 * HTTP 400 or above, or an answer without `status: 'success'`, a request id and a transaction id.
 */
export async function postServerPayment<TAnswer extends ServerPaymentResponse>(
  path: string,
  payment: unknown,
  idempotencyKey: string,
  failure: string,
): Promise<TAnswer> {
  const body = await postJson<TAnswer>(path, payment, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (
    body.status === 'success' &&
    typeof body.requestId === 'string' &&
    typeof body.transactionId === 'string'
  ) {
    return body;
  }
  const message = readMessage(body);
  throw new ApiError(message ?? failure, 'rejected', 200, message);
}
