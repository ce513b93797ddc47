import type { AdminTransactionsResponse, TransactionFilter } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../utils/admin-post';
import { ADMIN_POLL_MS } from '../utils/polling';

export const LIST_TRANSACTIONS_PATH = '/api/admin/transactions';
const PAGE_SIZE = 50;

export interface TransactionQuery {
  /** Order id prefix; empty for all. */
  search: string;
  status: TransactionFilter;
}

/** Payments and refunds as separate rows, newest first. */
export async function listTransactions(
  query: TransactionQuery,
  cursor?: string,
): Promise<AdminTransactionsResponse> {
  const body = await adminPost<unknown>(LIST_TRANSACTIONS_PATH, {
    limit: PAGE_SIZE,
    cursor,
    search: query.search || undefined,
    status: query.status === 'all' ? undefined : query.status,
  });
  return requireSuccess<AdminTransactionsResponse>(body, 'Failed to fetch transactions', (page) =>
    Array.isArray(page.transactions),
  );
}

export const transactionsQueryKey = ['admin', 'transactions'] as const;

export function useTransactions(query: TransactionQuery) {
  return useInfiniteQuery({
    queryKey: [...transactionsQueryKey, query.search, query.status],
    queryFn: ({ pageParam }) => listTransactions(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: ADMIN_POLL_MS,
    // Typing a search keeps the last rows on screen until the new ones arrive: no flash of "Loading".
    placeholderData: keepPreviousData,
  });
}
