import type { AdminTransactionsResponse, TransactionChannel, TransactionFilter } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_TRANSACTIONS_PATH = '/api/admin/transactions';
const PAGE_SIZE = 50;

export interface TransactionQuery {
  /** Order id, name, email, Customer ID, last 4 or amount (decision 030); empty for all. */
  search: string;
  status: TransactionFilter;
  channel?: TransactionChannel;
  /** Calendar days (YYYY-MM-DD), both included, in `timeZone`. */
  from?: string;
  to?: string;
  /** The operator's time zone (IANA name), in which `from` and `to` are days. */
  timeZone?: string;
}

/** The query's fields as the server takes them: only those that narrow the list. */
export function transactionQueryFields(query: TransactionQuery): Record<string, string> {
  const fields: Record<string, string> = {};
  if (query.search) fields.search = query.search;
  if (query.status !== 'all') fields.status = query.status;
  if (query.channel && query.channel !== 'all') fields.channel = query.channel;
  if (query.from) fields.from = query.from;
  if (query.to) fields.to = query.to;
  if ((query.from || query.to) && query.timeZone) fields.timeZone = query.timeZone;
  return fields;
}

/** Payments and refunds as separate rows, newest first; under the Failed filter, the failed attempts. */
async function listTransactions(
  query: TransactionQuery,
  cursor?: string,
): Promise<AdminTransactionsResponse> {
  const body = await adminPost<unknown>(LIST_TRANSACTIONS_PATH, {
    limit: PAGE_SIZE,
    cursor,
    ...transactionQueryFields(query),
  });
  return requireSuccess<AdminTransactionsResponse>(body, 'Failed to fetch transactions', (page) =>
    Array.isArray(page.transactions),
  );
}

export const transactionsQueryKey = ['admin', 'transactions'] as const;

export function useTransactions(query: TransactionQuery) {
  return useInfiniteQuery({
    queryKey: [...transactionsQueryKey, transactionQueryFields(query)],
    queryFn: ({ pageParam }) => listTransactions(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: ADMIN_POLL_MS,
    // Typing a search keeps the last rows on screen until the new ones arrive: no flash of "Loading".
    placeholderData: keepPreviousData,
  });
}
