import type { CartLine } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

export interface SavedMethodPayment {
  userId: string;
  paymentMethodId: string;
  amount: number;
  orderId: string;
  items: CartLine[];
}

/**
 * `POST /api/payment/process-with-token`: pays the cart with a saved method. The same Idempotency-Key on a
 * retry or a double click gets the first answer: one charge.
 */
export async function processWithToken(
  payment: SavedMethodPayment,
  idempotencyKey: string,
): Promise<{ transactionId: string; requestId: string }> {
  const body = await postJson<Record<string, unknown>>('/api/payment/process-with-token', payment, {
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
  throw new ApiError(message ?? 'Payment processing failed', 'rejected', 200, message);
}
