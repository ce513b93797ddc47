import type { CartLine, CreatePaymentRequest, WalletPaymentResponse } from '@store/core';
import { postServerPayment } from './server-payment';

export interface ApplePayPayment {
  /** `event.payment.token` as Apple Pay gave it. */
  paymentToken: unknown;
  amount: number;
  orderId: string;
  userId?: string;
  email?: string;
  items: CartLine[];
  /** The email and shipping contact Apple's sheet gave; the server checks them. */
  delivery: CreatePaymentRequest['delivery'];
  /** The cart it pays (decision 047). */
  cartId?: string;
}

/**
 * `POST /api/applepay/process-with-applepay`: hands Apple's token to the store, which has CardPointe decrypt
 * it and authorize the cart's total. Fails (ApiError) on HTTP 400 or above, or `status: 'error'`.
 */
export function processWithApplePay(
  payment: ApplePayPayment,
  idempotencyKey: string,
): Promise<WalletPaymentResponse> {
  return postServerPayment<WalletPaymentResponse>(
    '/api/applepay/process-with-applepay',
    payment,
    idempotencyKey,
    'Apple Pay payment failed',
  );
}
