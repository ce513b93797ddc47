import type { RefundResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';

const CANCEL_CHARGE_PATH = '/api/admin/cancel-charge';

export interface CancelChargeVariables {
  paymentId: string;
  orderId: string;
}

/**
 * Cancels the charge of a captured payment the gateway has not settled yet: the capture is voided, and the
 * customer is never charged. Refused once the payment has settled.
 */
async function cancelCharge(
  variables: CancelChargeVariables,
  idempotencyKey: string,
): Promise<RefundResponse> {
  const body = await adminPost<unknown>(
    CANCEL_CHARGE_PATH,
    { payment: { paymentId: variables.paymentId, orderId: variables.orderId } },
    { idempotencyKey },
  );
  return requireSuccess<RefundResponse>(body, 'Failed to cancel the charge');
}

const cancelChargeMutationKey = ['admin', 'cancel-charge'] as const;

export function useCancelCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cancelChargeMutationKey,
    mutationFn: (variables: CancelChargeVariables) =>
      moneyActionKeys.run(`cancel-charge:${variables.paymentId}`, (key) => cancelCharge(variables, key)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
