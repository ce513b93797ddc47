import {
  refundApprovalListResponseSchema,
  type RefundApproval,
  type RefundApprovalListResponse,
} from '@store/core';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { withDecidedRequest } from '../../utils/payments/refund-approvals';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_REFUND_APPROVALS_PATH = '/api/admin/refund-approvals';

/** Awaiting approval only, or those and the decided ones after them. */
export type RefundApprovalListStatus = 'pending' | 'all';

/**
 * `POST /api/admin/refund-approvals`: refunds above the approval limit awaiting a second person (oldest
 * first), then, with `all`, the decided ones (newest first); and the limit itself.
 */
async function listRefundApprovals(status: RefundApprovalListStatus): Promise<RefundApprovalListResponse> {
  const body = await adminPost<unknown>(LIST_REFUND_APPROVALS_PATH, { status });
  const parsed = refundApprovalListResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to fetch refund approvals', 'rejected', 200, message);
}

/** Under the console's key: refreshed after every money call, as the other lists are. */
const REFUND_APPROVALS_KEY = [...ADMIN_LISTS_KEY, 'refund-approvals'] as const;

function refundApprovalsQueryKey(status: RefundApprovalListStatus) {
  return [...REFUND_APPROVALS_KEY, status] as const;
}

/** The requests, kept fresh while the console shows them (the tab's count, the tab, the refund dialog). */
export function useRefundApprovals(status: RefundApprovalListStatus) {
  return useQuery({
    queryKey: refundApprovalsQueryKey(status),
    queryFn: () => listRefundApprovals(status),
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Moves a request just decided in both lists at once, rather than at the next refresh; a refresh already
 * on its way is cancelled first so that it cannot bring the request back as awaiting for a moment.
 */
export async function showDecidedRequest(queryClient: QueryClient, decided: RefundApproval): Promise<void> {
  await queryClient.cancelQueries({ queryKey: REFUND_APPROVALS_KEY });
  for (const status of ['pending', 'all'] as const) {
    queryClient.setQueryData<RefundApprovalListResponse>(
      refundApprovalsQueryKey(status),
      (list) => list && withDecidedRequest(list, decided, status === 'pending'),
    );
  }
}
