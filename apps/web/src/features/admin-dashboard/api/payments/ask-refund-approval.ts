import { centsToDollars, type Cents, type RefundResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';

const REFUND_PATH = '/api/admin/refund';

export interface AskRefundApprovalVariables {
  paymentId: string;
  orderId: string;
  amountCents: Cents;
  /** Why, for the person who approves it; empty for none. */
  reason: string;
  /** The payment is disputed and the operator read the warning (decision 036). */
  confirmDisputed?: boolean;
}

/**
 * A refund above the approval limit (decision 058): the refund call with the reason for the approver. The
 * store refunds nothing yet and answers the request awaiting approval (`approval`); another manager or the
 * owner approves it, which sends the refund.
 */
async function askRefundApproval(
  variables: AskRefundApprovalVariables,
  idempotencyKey: string,
): Promise<RefundResponse> {
  const reason = variables.reason.trim();
  const body = await adminPost<unknown>(
    REFUND_PATH,
    {
      transaction: { paymentId: variables.paymentId, orderId: variables.orderId },
      amount: centsToDollars(variables.amountCents),
      ...(reason ? { reason } : {}),
      ...(variables.confirmDisputed ? { confirmDisputed: true } : {}),
    },
    { idempotencyKey },
  );
  return requireSuccess<RefundResponse>(body, 'Failed to ask for the refund');
}

/**
 * The request as one operator action: its amount, reason and confirmation. A reason typed again after a
 * call that got no answer is another body, so it is another action with a key of its own.
 */
function askActionName(variables: AskRefundApprovalVariables): string {
  const action = `refund-approval:${variables.paymentId}:${variables.amountCents}:${variables.reason.trim()}`;
  return variables.confirmDisputed ? `${action}:confirmed` : action;
}

export function useAskRefundApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'ask-refund-approval'],
    mutationFn: (variables: AskRefundApprovalVariables) =>
      moneyActionKeys.run(askActionName(variables), (key) => askRefundApproval(variables, key)),
    // The request joins the list of those awaiting approval and the order's page.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
