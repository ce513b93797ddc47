import type { CustomerOrdersResponse } from '@store/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';

/** `GET /api/users/orders`: one page of the signed-in customer's orders, newest first. */
async function listOrders(cursor?: string): Promise<CustomerOrdersResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const body = await postJson<CustomerOrdersResponse>(`/api/users/orders${query}`, undefined, {
    method: 'GET',
  });
  if (!Array.isArray(body.orders)) throw new ApiError('Failed to load orders', 'rejected', 200);
  return body;
}

/** Kept per customer, so that another customer signed in on the same browser never sees these. */
function ordersKey(userId: string) {
  return ['customer', userId, 'orders'] as const;
}

/** The customer's orders, a page at a time ("Show more orders" asks for the next). */
export function useOrders(userId: string) {
  return useInfiniteQuery({
    queryKey: ordersKey(userId),
    queryFn: ({ pageParam }) => listOrders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
