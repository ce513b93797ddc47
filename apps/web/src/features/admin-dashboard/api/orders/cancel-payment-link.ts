import { paymentLinkCreatedResponseSchema, type AdminPaymentLink } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { PAYMENT_LINKS_KEY } from './list-payment-links';

/**
 * Cancels a payment link nobody has paid: it can no longer be paid. Refused (409) once it is paid, expired
 * or cancelled, or while its payer is at the payment page; the store's words say which.
 */
async function cancelPaymentLink(linkId: string): Promise<AdminPaymentLink> {
  const body = await adminPost<unknown>(`/api/admin/payment-links/${encodeURIComponent(linkId)}/cancel`, {});
  const parsed = paymentLinkCreatedResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.link;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to cancel the payment link', 'rejected', 200, message);
}

export function useCancelPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'cancel-payment-link'],
    mutationFn: cancelPaymentLink,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PAYMENT_LINKS_KEY }),
  });
}
