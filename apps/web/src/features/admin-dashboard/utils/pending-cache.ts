import type { AdminPaymentsResponse } from '@store/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Every admin list (payments, transactions, audit log): refreshed after any money call. */
export const ADMIN_LISTS_KEY = ['admin'] as const;
const PENDING_KEY = ['admin', 'payments'] as const;

/**
 * Takes a payment that has just left "authorized" off Pending Payments at once, instead of waiting for the
 * next poll; a poll already in flight is cancelled so it cannot bring the row back for a moment.
 */
export async function dropPendingPayments(
  queryClient: QueryClient,
  paymentIds: readonly string[],
): Promise<void> {
  if (paymentIds.length === 0) return;
  const gone = new Set(paymentIds);
  await queryClient.cancelQueries({ queryKey: PENDING_KEY });
  queryClient.setQueryData<InfiniteData<AdminPaymentsResponse, string | undefined>>(PENDING_KEY, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const payments = page.payments.filter((payment) => !gone.has(payment.paymentId));
      removed += page.payments.length - payments.length;
      return { ...page, payments };
    });
    return {
      ...data,
      pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })),
    };
  });
}
