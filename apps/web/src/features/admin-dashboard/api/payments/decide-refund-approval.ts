import {
  refundApprovalDecisionResponseSchema,
  type RefundApproval,
  type RefundApprovalDecisionResponse,
} from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { MONEY_CALL_TIMEOUT_MS } from '../../utils/polling';
import { showDecidedRequest } from './list-refund-approvals';

export type RefundApprovalDecision = 'approve' | 'decline' | 'withdraw';

export interface RefundApprovalDecisionVariables {
  approval: RefundApproval;
  decision: RefundApprovalDecision;
  /** Why it is declined (required for a decline; the store refuses one without). */
  reason?: string;
}

const FALLBACKS: Record<RefundApprovalDecision, string> = {
  approve: 'Failed to approve the refund',
  decline: 'Failed to decline the refund',
  withdraw: 'Failed to withdraw the refund request',
};

/**
 * `POST /api/admin/refund-approvals/:requestId/{approve|decline|withdraw}`: another manager or the owner
 * approves the request (the refund is sent, once, however many approve at once) or declines it with the
 * reason; its requester withdraws it. 403 for one's own request (approve, decline) or another's (withdraw),
 * 409 once decided.
 */
async function decideRefundApproval(
  variables: RefundApprovalDecisionVariables,
): Promise<RefundApprovalDecisionResponse> {
  const path = `/api/admin/refund-approvals/${encodeURIComponent(variables.approval.id)}/${variables.decision}`;
  const reason = variables.reason?.trim();
  // An approval sends the refund: it waits as long as any money call.
  const body = await adminPost<unknown>(path, reason ? { reason } : {}, {
    timeoutMs: MONEY_CALL_TIMEOUT_MS,
  });
  const parsed = refundApprovalDecisionResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? FALLBACKS[variables.decision], 'rejected', 200, message);
}

export const refundApprovalDecisionKey = ['admin', 'decide-refund-approval'] as const;

export function useDecideRefundApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refundApprovalDecisionKey,
    mutationFn: decideRefundApproval,
    onSuccess: (answer) => showDecidedRequest(queryClient, answer.approval),
    // The lists, the order's page, its history rows, the money figures and the audit log follow.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
