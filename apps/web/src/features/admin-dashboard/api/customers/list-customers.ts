import type { AdminCustomersResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';

const LIST_CUSTOMERS_PATH = '/api/admin/customers';
const PAGE_SIZE = 50;

/** Customers newest first; with a search, those it finds by Customer ID, name or email (decision 032). */
async function listCustomers(search: string, cursor?: string): Promise<AdminCustomersResponse> {
  const body = await adminPost<unknown>(LIST_CUSTOMERS_PATH, {
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(search ? { search } : {}),
  });
  return requireSuccess<AdminCustomersResponse>(body, 'Failed to fetch customers', (page) =>
    Array.isArray(page.customers),
  );
}

const customersQueryKey = ['admin', 'customers'] as const;

/** Read when the tab opens and when the search changes; customers change too rarely to poll for. */
export function useCustomers(search: string) {
  return useInfiniteQuery({
    queryKey: [...customersQueryKey, search],
    queryFn: ({ pageParam }) => listCustomers(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Typing a search keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
