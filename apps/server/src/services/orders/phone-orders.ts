import { createOrderId, type CartLine } from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import { findCustomerAddress } from '../../db/address-book-store';
import { findRequestAndPaymentOfOrder } from '../../db/checkout-store';
import { findCustomerByNumericId } from '../../db/customer-store';
import { AppError } from '../../errors';
import { toSavedAddress } from '../accounts/address-book';
import { payWithSavedMethod } from '../checkout/saved-method';
import { failedAttemptOf } from '../console/failed-attempts';
import type { PaymentMethodDependencies } from '../accounts/payment-methods';

/**
 * Orders taken by telephone (decision 033): a customer calls with their Customer ID, the operator picks the
 * products, one of the customer's addresses and one of their saved methods, and the store authorizes it
 * through the gateway's stored profile as a telephone order (ecomind T) with a customer-initiated stored
 * credential. No card number is ever typed into the store. The server prices the order; the order is then
 * like any other: a card's in Pending Payments and captured on shipment, a bank account's debited at once;
 * refunds, the confirmation email.
 */

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ADDRESS_NOT_FOUND = 'Address not found';

export interface PhoneOrderRequest {
  /** The Customer ID the caller gives. */
  customerId: number;
  items: CartLine[];
  /** The total the operator read out to the caller: refused when the server's price differs. */
  amountCents: number;
  /** One of the customer's addresses; another customer's is "not found". */
  addressId: string;
  /** One of the customer's saved methods; another customer's is "not found". */
  methodId: string;
  operator: string;
  clientAddress: string;
}

export async function takePhoneOrder(
  deps: PaymentMethodDependencies,
  request: PhoneOrderRequest,
): Promise<{ orderId: string; message: string }> {
  const orderId = createOrderId('phone');
  const audit = (outcome: 'success' | 'failure', detail: string) =>
    insertAuditEvent(deps.orm, {
      actor: request.operator,
      action: 'phone_order',
      orderId,
      amountCents: request.amountCents,
      outcome,
      detail: `customer ${request.customerId}: ${detail}`,
    });
  let debited: boolean;
  try {
    debited = await chargeByTelephone(deps, request, orderId);
  } catch (error) {
    if (error instanceof AppError) await audit('failure', error.message);
    throw error;
  }
  // A card is authorized for the operator to capture; a bank account is debited whole at once (ACH).
  if (debited) {
    await audit('success', 'debited by telephone from a saved bank account');
    return { orderId, message: `Order ${orderId} debited from the bank account: nothing to capture` };
  }
  await audit('success', 'authorized by telephone with a saved method');
  return { orderId, message: `Order ${orderId} authorized: it awaits capture` };
}

/** Pays the order with the customer's saved method; whether the payment was taken whole at once (ACH). */
async function chargeByTelephone(
  deps: PaymentMethodDependencies,
  request: PhoneOrderRequest,
  orderId: string,
): Promise<boolean> {
  const customer = await findCustomerByNumericId(deps.orm, request.customerId);
  if (!customer) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  const address = await findCustomerAddress(deps.orm, customer.id, request.addressId);
  if (!address) throw new AppError('not_found', ADDRESS_NOT_FOUND);
  try {
    await payWithSavedMethod(deps, {
      customerId: customer.id,
      clientAddress: request.clientAddress,
      methodId: request.methodId,
      amountCents: request.amountCents,
      orderId,
      items: request.items,
      delivery: {
        email: customer.email,
        // The address book's entry, as the cart sends one: the same fields, the same rules.
        address: (({ id: _id, isDefault: _default, ...fields }) => fields)(toSavedAddress(address)),
      },
      takenBy: request.operator,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The shopper's words hide a decline's reason; the operator is told it, with what to do.
    const attempt = (await findRequestAndPaymentOfOrder(deps.orm, orderId))?.request;
    if (attempt?.failure) {
      const why = failedAttemptOf({ ...attempt, failure: attempt.failure }, '');
      throw new AppError(error.kind, [why.reason, why.adviceText].filter(Boolean).join(' '));
    }
    throw error;
  }
  // What the gateway did, as the payment was recorded.
  const payment = (await findRequestAndPaymentOfOrder(deps.orm, orderId))?.payment;
  return payment !== undefined && payment.capturedCents > 0;
}
