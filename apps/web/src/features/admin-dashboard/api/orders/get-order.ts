import type { AdminOrderResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

export function adminOrderApiPath(orderId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}`;
}

/** One order as the console's order page shows it. */
async function getAdminOrder(orderId: string): Promise<AdminOrderResponse> {
  const body = await adminPost<unknown>(adminOrderApiPath(orderId), undefined, { method: 'GET' });
  return requireSuccess<AdminOrderResponse>(body, 'Failed to fetch the order', (answer) =>
    Array.isArray(answer.order?.timeline),
  );
}

/** Under the console's key: refreshed after every money call, as the lists are, and every few seconds. */
const adminOrderQueryKey = (orderId: string) => ['admin', 'order', orderId] as const;

export function useAdminOrder(orderId: string) {
  return useQuery({
    queryKey: adminOrderQueryKey(orderId),
    queryFn: () => getAdminOrder(orderId),
    refetchInterval: ADMIN_POLL_MS,
    retry: (failures, error) => failures < 2 && !('status' in error && error.status === 404),
  });
}
