import type { AdminPaymentsResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_POLL_MS } from '../../utils/polling';
import { adminPost, requireSuccess } from '../../utils/admin-post';

export const LIST_PENDING_PAYMENTS_PATH = '/api/admin/payments';
const PAGE_SIZE = 100;

/** Authorized, uncaptured payments, oldest first (the first to expire at the top). */
async function listPendingPayments(cursor?: string): Promise<AdminPaymentsResponse> {
  const body = await adminPost<unknown>(LIST_PENDING_PAYMENTS_PATH, { limit: PAGE_SIZE, cursor });
  return requireSuccess<AdminPaymentsResponse>(body, 'Failed to fetch payments', (page) =>
    Array.isArray(page.payments),
  );
}

const pendingPaymentsQueryKey = ['admin', 'payments'] as const;

export function usePendingPayments() {
  return useInfiniteQuery({
    queryKey: pendingPaymentsQueryKey,
    queryFn: ({ pageParam }) => listPendingPayments(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
