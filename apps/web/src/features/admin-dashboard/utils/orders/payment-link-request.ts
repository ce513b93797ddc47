import {
  centsToDollars,
  deliveryFieldOfMessage,
  orderDeliverySchema,
  type Cents,
  type CartLine,
  type PaymentLinkRequest,
} from '@store/core';
import {
  EMPTY_ADDRESS_FORM,
  type AddressFormField,
  type AddressFormValues,
} from '../../../../components/ui/address-fields';

/** The address typed in the dialog, and the payer's email when they are not a customer. */
export interface TypedDelivery extends AddressFormValues {
  email: string;
}

export const EMPTY_TYPED_DELIVERY: TypedDelivery = { email: '', ...EMPTY_ADDRESS_FORM };

/**
 * Who pays the link: a customer (their account's email; one of their addresses by id, or a typed one when
 * `addressId` is null), or a caller who is not a customer (an email, a name and an address, all typed).
 */
export type LinkPayer =
  | { kind: 'customer'; customerId: number; email: string; addressId: string | null }
  | { kind: 'caller' };

export type LinkRequestField = AddressFormField | 'email';

/**
 * The request for the order prepared, or the first problem with what was typed and the field it is about
 * (null: not one field's), in the cart's words and order (`firstDeliveryProblem`): the server checks the
 * same again.
 */
export function paymentLinkRequestOf(
  order: { lines: CartLine[]; totalCents: Cents },
  payer: LinkPayer,
  typed: TypedDelivery,
): { request: PaymentLinkRequest } | { problem: string; field: LinkRequestField | null } {
  const base = { items: order.lines, amount: centsToDollars(order.totalCents) };
  if (payer.kind === 'customer' && payer.addressId !== null) {
    return { request: { ...base, customerId: String(payer.customerId), addressId: payer.addressId } };
  }
  const { email, ...address } = typed;
  const checked = orderDeliverySchema.safeParse({
    email: payer.kind === 'customer' ? payer.email : email,
    address,
  });
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? 'Please check the delivery details';
    return { problem, field: deliveryFieldOfMessage(problem) ?? null };
  }
  return {
    request: {
      ...base,
      ...(payer.kind === 'customer' ? { customerId: String(payer.customerId) } : {}),
      delivery: checked.data,
    },
  };
}
