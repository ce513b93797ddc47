import {
  centsToDollars,
  orderChannelOf,
  type CartLine,
  type OrderDelivery,
  type WalletPaymentResponse,
} from '@store/core';
import {
  findPaymentRequest,
  markPaymentRequest,
  notePaymentRequestSeenByBrowser,
} from '../../db/checkout-store';
import { findCustomer } from '../../db/customer-store';
import type { WalletPayload } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import { avsAddressOf } from './gateway-answer';
import { cartPaidBy } from './attempts';
import { recordOrder, type CheckoutDependencies } from './orders';
import { confirmServerPayment } from './server-payments';
import { refusalError } from './shopper-answers';

/**
 * Google Pay and Apple Pay through CardPointe: the wallet's encrypted payload goes to CardSecure, which
 * decrypts it and answers a token good for one authorization; the store authorizes that token for the
 * amount it computed itself and leaves the payment for the operator to capture, like any card payment.
 * Wallet payloads and their tokens are never stored.
 */

const FAILURES = {
  googlepay: 'Google Pay payment failed',
  applepay: 'Apple Pay payment failed',
} as const;

export async function payWithWallet(
  deps: CheckoutDependencies,
  input: {
    payload: WalletPayload;
    amountCents: number;
    orderId: string;
    items: CartLine[];
    /** The email and shipping address the wallet's sheet returned. */
    delivery: OrderDelivery;
    /** The signed-in customer paying; undefined for a guest. */
    customerId?: string;
    /** The browser's id for the cart it pays (decision 047). */
    cartId?: string;
  },
): Promise<WalletPaymentResponse> {
  const { wallet } = input.payload;
  const failure = FAILURES[wallet];
  const customer = input.customerId ? await findCustomer(deps.orm, input.customerId) : undefined;
  const { requestId, totalCents } = await recordOrder(deps.orm, {
    orderId: input.orderId,
    channel: wallet,
    // A guest's order carries the name the wallet's sheet gave for the delivery.
    customerName: customer?.name ?? input.delivery.address.name,
    items: input.items,
    amountCents: input.amountCents,
    delivery: input.delivery,
    customerId: customer?.id,
    payer: { customerId: customer?.id, authorizedBy: 'store', methodKind: 'card' },
    paysFor: cartPaidBy(input.cartId),
  });
  const tokenized = await deps.gateway.tokenizeWalletPayload(input.payload);
  if (!tokenized.ok) {
    await markPaymentRequest(deps.orm, requestId, 'failed', tokenized.message);
    throw withHeadline(refusalError(tokenized, failure), failure);
  }
  // A wallet token carries its own expiry at CardSecure: the authorization needs none.
  const authorized = await deps.gateway.authorize({
    account: tokenized.value.token,
    amountCents: totalCents,
    orderId: input.orderId,
    capture: false,
    address: avsAddressOf(input.delivery),
  });
  try {
    return await confirmServerPayment(deps, {
      requestId,
      authorized,
      failure,
      payer: customer ? `customer ${customer.numericId}` : 'guest',
    });
  } catch (error) {
    throw error instanceof AppError ? withHeadline(error, failure) : error;
  }
}

/** "Google Pay payment failed: Do not honor": the wallet's headline, then the gateway's reason. */
function withHeadline(error: AppError, headline: string): AppError {
  if (error.kind !== 'unprocessable' || error.message.startsWith(headline)) return error;
  return new AppError(error.kind, `${headline}: ${error.message}`);
}

/**
 * The browser's note that it showed a Google Pay result (product §7 record-payment). It moves no money and
 * changes no figure: the amount it reports is only compared with the order's.
 */
export async function noteWalletResultSeen(
  deps: CheckoutDependencies,
  input: { requestId: string; customerId?: string; reportedAmount?: number | string },
): Promise<{ status: 'success'; message: string; amount: number; reportedAmountDiffers: boolean }> {
  const request = await findPaymentRequest(deps.orm, input.requestId);
  // Someone else's request, or one that is not a Google Pay order, is "not found" like an unknown one.
  if (
    !request ||
    orderChannelOf(request.orderId) !== 'googlepay' ||
    (request.customerId !== null && request.customerId !== input.customerId)
  ) {
    throw new AppError('not_found', 'Payment request not found');
  }
  await notePaymentRequestSeenByBrowser(deps.orm, input.requestId);
  const reported = Number(input.reportedAmount);
  return {
    status: 'success',
    message: 'Payment recorded',
    amount: centsToDollars(request.amountCents),
    reportedAmountDiffers:
      input.reportedAmount !== undefined && Math.round(reported * 100) !== request.amountCents,
  };
}
