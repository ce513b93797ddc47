import { payPaymentLinkResponseSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';
import { paymentLinkApiPath, paymentLinkQueryKey } from './get-payment-link';

type PayPaymentLinkAnswer = z.infer<typeof payPaymentLinkResponseSchema>;

interface PayPaymentLinkVariables {
  token: string;
  /** Where the payment page sends the payer back to: this store's result page. */
  redirectUrl: string;
}

/**
 * `POST /api/payment-links/:token/pay`: starts (or resumes) the payment of a link on the hosted payment
 * page. Fails (ApiError) with the store's words when the link can no longer be paid (409: expired,
 * cancelled, paid), on any other refusal, and on an answer without a request id and a payment page.
 */
async function payPaymentLink({
  token,
  redirectUrl,
}: PayPaymentLinkVariables): Promise<PayPaymentLinkAnswer> {
  const body = await postJson<unknown>(`${paymentLinkApiPath(token)}/pay`, { redirectUrl });
  const parsed = payPaymentLinkResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Payment processing failed', 'rejected', 200, message);
}

export function usePayPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['pay-payment-link'],
    mutationFn: payPaymentLink,
    onError: (error, { token }) => {
      // Refused because the link changed (paid, cancelled, expired meanwhile): the page shows how it stands.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: paymentLinkQueryKey(token) });
      }
    },
  });
}
