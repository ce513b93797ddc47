import type { CartLine } from '@store/core';
import { postServerPayment, type ServerPaymentAnswer } from './server-payment';

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
export function processWithToken(
  payment: SavedMethodPayment,
  idempotencyKey: string,
): Promise<ServerPaymentAnswer> {
  return postServerPayment(
    '/api/payment/process-with-token',
    payment,
    idempotencyKey,
    'Payment processing failed',
  );
}
