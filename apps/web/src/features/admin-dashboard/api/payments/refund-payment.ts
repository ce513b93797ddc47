import {
  centsToDollars,
  dollarsToCents,
  type AdminTransaction,
  type AdminTransactionsResponse,
  type Cents,
  type RefundResponse,
} from '@store/core';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { transactionsQueryKey } from './list-transactions';

const REFUND_PATH = '/api/admin/refund';

export interface RefundVariables {
  paymentId: string;
  orderId: string;
  amountCents: Cents;
  /**
   * The payment is disputed and the operator read the warning (decision 036): refund it anyway. Another
   * action than the refund that was warned, so it has its own Idempotency-Key.
   */
  confirmDisputed?: boolean;
}

/** Gives back part or all of what was captured; several partial refunds are allowed. */
async function refundPayment(variables: RefundVariables, idempotencyKey: string): Promise<RefundResponse> {
  const body = await adminPost<unknown>(
    REFUND_PATH,
    {
      transaction: { paymentId: variables.paymentId, orderId: variables.orderId },
      amount: centsToDollars(variables.amountCents),
      ...(variables.confirmDisputed ? { confirmDisputed: true } : {}),
    },
    { idempotencyKey },
  );
  return requireSuccess<RefundResponse>(body, 'Failed to process refund');
}

/** The refund as one operator action: its amount, and whether it confirms refunding a disputed payment. */
function refundActionName(variables: RefundVariables): string {
  const action = `refund:${variables.paymentId}:${variables.amountCents}`;
  return variables.confirmDisputed ? `${action}:confirmed` : action;
}

export const refundMutationKey = ['admin', 'refund'] as const;

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refundMutationKey,
    mutationFn: (variables: RefundVariables) =>
      moneyActionKeys.run(refundActionName(variables), (key) => refundPayment(variables, key)),
    onSuccess: (answer, variables) => applyRefundToHistory(queryClient, variables.paymentId, answer),
    // Success or failure, the list is reloaded from the server: the optimistic mark is only a bridge.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}

/**
 * Shows a confirmed refund on the payment's row at once, from the server's own figures (what is still
 * refundable), until the reload brings the refund row itself. A poll in flight is cancelled first so it
 * cannot paint the row as it was before the refund.
 */
async function applyRefundToHistory(
  queryClient: QueryClient,
  paymentId: string,
  answer: RefundResponse,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: transactionsQueryKey });
  const refundableCents = dollarsToCents(answer.refund.refundableAmount);
  const patch = (row: AdminTransaction): AdminTransaction => {
    if (row.paymentId !== paymentId || row.refundType === 'refund') return row;
    if (answer.refund.scheduled) {
      // Waiting for settlement: no longer refundable, not refunded yet.
      const scheduledCents =
        dollarsToCents(row.scheduledRefundAmount ?? 0) + dollarsToCents(answer.refund.amount);
      return {
        ...row,
        refundableAmount: centsToDollars(refundableCents),
        scheduledRefundAmount: centsToDollars(scheduledCents),
      };
    }
    const refundedCents = Math.max(
      0,
      dollarsToCents(row.captureAmount) - refundableCents - dollarsToCents(row.scheduledRefundAmount ?? 0),
    );
    return {
      ...row,
      refundableAmount: centsToDollars(refundableCents),
      refundAmount: centsToDollars(refundedCents),
      isRefunded: refundedCents > 0 && refundableCents === 0,
      isPartialRefund: refundedCents > 0 && refundableCents > 0,
    };
  };
  queryClient.setQueriesData<InfiniteData<AdminTransactionsResponse, string | undefined>>(
    { queryKey: transactionsQueryKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, transactions: page.transactions.map(patch) })),
      },
  );
}
