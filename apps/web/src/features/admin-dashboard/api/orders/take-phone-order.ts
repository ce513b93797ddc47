import type { CartLine } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { adminCustomerApiPath } from '../customers/get-customer';

export interface TakePhoneOrderVariables {
  /** The Customer ID the caller read out. */
  customerId: string;
  items: CartLine[];
  /** The total read back to the caller, in dollars: the server refuses it when its own price differs. */
  amount: number;
  addressId: string;
  methodId: string;
  /**
   * Names the order being taken (one per opening of the form), never sent: its retries share one key, and
   * the same key with a changed form is refused by the server rather than taken as a second order.
   */
  orderToken: string;
}

export interface TakePhoneOrderAnswer {
  status: 'success';
  message: string;
  orderId: string;
}

/**
 * Takes an order by telephone for a customer, paid with one of their saved methods (decision 033). A money
 * call: retried with the same Idempotency-Key, so a double submit or a retry makes one order.
 */
async function takePhoneOrder(
  variables: TakePhoneOrderVariables,
  idempotencyKey: string,
): Promise<TakePhoneOrderAnswer> {
  const { customerId, orderToken: _orderToken, ...order } = variables;
  const body = await adminPost<unknown>(`${adminCustomerApiPath(customerId)}/phone-orders`, order, {
    idempotencyKey,
  });
  return requireSuccess<TakePhoneOrderAnswer>(
    body,
    'Failed to take the order',
    (answer) => typeof answer.orderId === 'string',
  );
}

const takePhoneOrderMutationKey = ['admin', 'take-phone-order'] as const;

/**
 * One key per order being taken: the form sent twice (or again after no answer) is one order; once the
 * order has a final answer (taken or declined), the next attempt gets a new key.
 */
export function useTakePhoneOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: takePhoneOrderMutationKey,
    mutationFn: (variables: TakePhoneOrderVariables) =>
      moneyActionKeys.run(`phone-order:${variables.customerId}:${variables.orderToken}`, (key) =>
        takePhoneOrder(variables, key),
      ),
    // The customer's page (its orders) and every console list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
