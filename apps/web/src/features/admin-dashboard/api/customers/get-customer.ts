import type { AdminCustomerResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';

export function adminCustomerApiPath(customerId: string): string {
  return `/api/admin/customers/${encodeURIComponent(customerId)}`;
}

/** One customer as the console's customer page shows it. The server audits every read. */
async function getAdminCustomer(customerId: string): Promise<AdminCustomerResponse> {
  const body = await adminPost<unknown>(adminCustomerApiPath(customerId), undefined, { method: 'GET' });
  return requireSuccess<AdminCustomerResponse>(body, 'Failed to fetch the customer', (answer) =>
    Array.isArray(answer.customer?.savedMethods),
  );
}

const adminCustomerQueryKey = (customerId: string) => ['admin', 'customer', customerId] as const;

/**
 * Read once each time the page is opened, never polled nor refetched on focus: every read is an audited
 * view of a customer's data, so one visit is one line in the audit log.
 */
export function useAdminCustomer(customerId: string) {
  return useQuery({
    queryKey: adminCustomerQueryKey(customerId),
    queryFn: () => getAdminCustomer(customerId),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => failures < 2 && !('status' in error && error.status === 404),
  });
}
