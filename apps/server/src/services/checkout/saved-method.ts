import type { CartLine, OrderDelivery } from '@store/core';
import { AppError } from '../../errors';
import {
  CARD_EXPIRED,
  customerOf,
  isCardExpired,
  methodOf,
  type CustomerRequest,
  type PaymentMethodDependencies,
} from '../accounts/payment-methods';
import { beginSavedPaymentAttempt } from '../accounts/throttles';
import { cartPaidBy } from './attempts';
import { recordOrder } from './orders';
import { avsAddressOf } from './gateway-answer';
import { confirmServerPayment } from './server-payments';

/** Paying with a saved card or bank account (the gateway's stored profile), as a stored-credential payment. */

/**
 * Pays an order with a saved method: the server prices the cart and refuses another amount, records the
 * order, and asks the gateway for a customer-initiated stored-credential payment on the profile account: a
 * card is authorized for the operator to capture, a bank account is debited (captured) at once. The
 * payment is then confirmed and recorded exactly as a hosted-page payment is (verify-payment).
 */
export async function payWithSavedMethod(
  deps: PaymentMethodDependencies,
  input: Omit<CustomerRequest, 'sessionDigest'> & {
    methodId: string;
    amountCents: number;
    orderId: string;
    items: CartLine[];
    delivery: OrderDelivery;
    /**
     * An order an operator takes by telephone for the customer (its id has the phone prefix): the gateway
     * is told so (ecomind T), and the audit log names the operator.
     */
    takenBy?: string;
    /** The browser's id for the cart it pays (decision 047); none for a telephone order. */
    cartId?: string;
  },
): Promise<{ status: 'success'; transactionId: string; requestId: string; message: string }> {
  const method = await methodOf(deps.orm, input.customerId, input.methodId);
  const customer = await customerOf(deps.orm, input.customerId);
  if (method.kind === 'card' && isCardExpired({ month: method.expiryMonth!, year: method.expiryYear! })) {
    throw new AppError('unprocessable', CARD_EXPIRED);
  }
  const attempt = await beginSavedPaymentAttempt(deps.orm, {
    customerId: input.customerId,
    clientAddress: input.clientAddress,
    byOperator: input.takenBy !== undefined,
  });
  const { requestId, totalCents } = await recordOrder(deps.orm, {
    orderId: input.orderId,
    channel: input.takenBy ? 'phone' : 'card',
    customerName: customer.name,
    items: input.items,
    amountCents: input.amountCents,
    delivery: input.delivery,
    customerId: customer.id,
    payer: {
      customerId: customer.id,
      savedMethodId: method.id,
      authorizedBy: 'store',
      methodKind: method.kind,
      bankName: method.bankName,
    },
    paysFor: cartPaidBy(input.cartId),
  });
  const authorized = await deps.gateway.authorize({
    profile: `${customer.gatewayProfileId}/${method.gatewayAccountId}`,
    amountCents: totalCents,
    orderId: input.orderId,
    capture: method.kind === 'ach',
    storedCredential: true,
    entry: input.takenBy ? 'telephone' : 'online',
    // The profile keeps no billing address; a bank account has none to check.
    ...(method.kind === 'card' ? { address: avsAddressOf(input.delivery) } : {}),
  });
  const answer = await confirmServerPayment(deps, {
    requestId,
    authorized,
    failure: 'Payment processing failed',
    payer: input.takenBy
      ? `${input.takenBy}, by telephone for customer ${customer.numericId}`
      : `customer ${customer.numericId}`,
    refusalNote: attempt.slowDownNote,
  });
  await attempt.approved();
  return answer;
}
