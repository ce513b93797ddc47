import type { CartLine, OrderDelivery, ServerPaymentResponse } from '@store/core';
import { postServerPayment } from './server-payment';

export interface SavedMethodPayment {
  userId: string;
  paymentMethodId: string;
  amount: number;
  orderId: string;
  items: CartLine[];
  delivery: OrderDelivery;
  /** The cart it pays (decision 047). */
  cartId?: string;
}

/**
 * `POST /api/payment/process-with-token`: pays the cart with a saved method. The same Idempotency-Key on a
 * retry or a double click gets the first answer: one charge.
 */
export function processWithToken(
  payment: SavedMethodPayment,
  idempotencyKey: string,
): Promise<ServerPaymentResponse> {
  return postServerPayment<ServerPaymentResponse>(
    '/api/payment/process-with-token',
    payment,
    idempotencyKey,
    'Payment processing failed',
  );
}
