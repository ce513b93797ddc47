import { adminPaymentLinksResponseSchema, type AdminPaymentLink } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { adminPost, requireSuccess } from '../../utils/admin-post';

/** How often a list of links is asked again: a payer may pay while the operator is still on the line. */
const REFRESH_MS = 15_000;

/** The newest payment links (at most 50), or one customer's, newest first. */
async function listPaymentLinks(customerId?: string): Promise<AdminPaymentLink[]> {
  const query = customerId ? `?customerId=${encodeURIComponent(customerId)}` : '';
  const body = await adminPost<unknown>(`/api/admin/payment-links${query}`, undefined, { method: 'GET' });
  requireSuccess(body, 'Failed to fetch payment links');
  const parsed = adminPaymentLinksResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('Failed to fetch payment links', 'rejected', 200, null);
  return parsed.data.links;
}

/** Every list of links: the newest of all, and each customer's. */
export const PAYMENT_LINKS_KEY = ['admin', 'payment-links'] as const;

export function usePaymentLinks(customerId?: string) {
  return useQuery({
    queryKey: [...PAYMENT_LINKS_KEY, customerId ?? 'all'],
    queryFn: () => listPaymentLinks(customerId),
    refetchInterval: REFRESH_MS,
  });
}
