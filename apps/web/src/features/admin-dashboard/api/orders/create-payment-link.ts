import {
  paymentLinkCreatedResponseSchema,
  type AdminPaymentLink,
  type PaymentLinkRequest,
} from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { PAYMENT_LINKS_KEY } from './list-payment-links';

const PAYMENT_LINKS_PATH = '/api/admin/payment-links';

export interface CreatePaymentLinkAnswer {
  message: string;
  link: AdminPaymentLink;
  /** Whether a mail server is set: without one, the link's email is queued but never sent. */
  mailServer: boolean;
}

export interface CreatePaymentLinkVariables {
  request: PaymentLinkRequest;
  /**
   * Names the link being prepared (one per opening of the form), never sent: its retries share one key, so
   * a double submit or a retry after no answer emails one link, never two.
   */
  linkToken: string;
}

/**
 * Prepares an order for a caller and has the store email them a link to pay it on the hosted payment page
 * (decision 034). Sent with an Idempotency-Key, as the phone order is. Fails (ApiError) with the store's
 * words on a refusal (400, 404, 409), and on an answer without the link.
 */
async function createPaymentLink(
  request: PaymentLinkRequest,
  idempotencyKey: string,
): Promise<CreatePaymentLinkAnswer> {
  const body = await adminPost<unknown>(PAYMENT_LINKS_PATH, request, { idempotencyKey });
  const parsed = paymentLinkCreatedResponseSchema.safeParse(body);
  if (parsed.success) {
    const { message, link, mailServer } = parsed.data;
    return { message, link, mailServer };
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to send the payment link', 'rejected', 200, message);
}

const createPaymentLinkMutationKey = ['admin', 'create-payment-link'] as const;

export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPaymentLinkMutationKey,
    mutationFn: ({ request, linkToken }: CreatePaymentLinkVariables) =>
      moneyActionKeys.run(`payment-link:${linkToken}`, (key) => createPaymentLink(request, key)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PAYMENT_LINKS_KEY }),
  });
}
