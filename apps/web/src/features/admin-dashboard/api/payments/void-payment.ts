import type { MessageResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY, dropPendingPayments } from '../../utils/pending-cache';

const VOID_PAYMENT_PATH = '/api/admin/void-payment';

export interface VoidPaymentVariables {
  paymentId: string;
  orderId: string;
}

/** Releases an authorization: the hold on the customer's card ends and nothing is charged. */
async function voidPayment(
  variables: VoidPaymentVariables,
  idempotencyKey: string,
): Promise<MessageResponse> {
  const body = await adminPost<unknown>(
    VOID_PAYMENT_PATH,
    { payment: { paymentId: variables.paymentId, orderId: variables.orderId } },
    { idempotencyKey },
  );
  return requireSuccess<MessageResponse>(body, 'Failed to void payment');
}

export const voidPaymentMutationKey = ['admin', 'void-payment'] as const;

export function useVoidPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: voidPaymentMutationKey,
    mutationFn: (variables: VoidPaymentVariables) =>
      moneyActionKeys.run(`void:${variables.paymentId}`, (key) => voidPayment(variables, key)),
    onSuccess: (_answer, variables) => dropPendingPayments(queryClient, [variables.paymentId]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
