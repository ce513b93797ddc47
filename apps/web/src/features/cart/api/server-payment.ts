import { ApiError, postJson, readMessage } from '../../../lib/api-client';

/** What the store answers a payment it makes itself (a saved method, a wallet). */
export interface ServerPaymentAnswer {
  transactionId: string;
  requestId: string;
  testMode: boolean;
}

/**
 * Posts a payment the store makes itself and reads its answer: the same Idempotency-Key on a retry or a
 * double click gets the first answer, so one charge. Fails (ApiError) on HTTP 400 or above, or an answer
 * without `status: 'success'`, a request id and a transaction id.
 */
export async function postServerPayment(
  path: string,
  payment: unknown,
  idempotencyKey: string,
  failure: string,
): Promise<ServerPaymentAnswer> {
  const body = await postJson<Record<string, unknown>>(path, payment, {
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
  throw new ApiError(message ?? failure, 'rejected', 200, message);
}
