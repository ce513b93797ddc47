import { paymentLinkResponseSchema, type PaymentLinkResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';

/** What the payer of a link is asked to pay, and whether it still can be paid. */
export type PaymentLinkView = PaymentLinkResponse['link'];

export function paymentLinkApiPath(token: string): string {
  return `/api/payment-links/${encodeURIComponent(token)}`;
}

/**
 * `GET /api/payment-links/:token`: the order a payment link asks to pay. Throws ApiError: `http` 404 for a
 * link that names nothing, `network` when the store did not answer.
 */
async function getPaymentLink(token: string): Promise<PaymentLinkView> {
  const body = await postJson<unknown>(paymentLinkApiPath(token), undefined, { method: 'GET' });
  const parsed = paymentLinkResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('The server sent an unexpected response.', 'rejected', 200);
  return parsed.data.link;
}

export const paymentLinkQueryKey = (token: string) => ['payment-link', token] as const;

export function usePaymentLink(token: string) {
  return useQuery({ queryKey: paymentLinkQueryKey(token), queryFn: () => getPaymentLink(token) });
}
