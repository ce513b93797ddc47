import { centsToDollars, type CapturePaymentResponse, type Cents } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY, dropPendingPayments } from '../../utils/pending-cache';

const CAPTURE_PAYMENT_PATH = '/api/admin/capture-payment';

export interface CapturePaymentVariables {
  paymentId: string;
  orderId: string;
  /** The authorized amount the operator saw. */
  originalCents: Cents;
  /** A partial capture's reduced amount; absent for a full capture. */
  amountCents?: Cents;
}

/**
 * Captures an authorization: in full (no amount), or in part (`amount`, the reduced amount, with the
 * `originalAmount`; as at CardPointe, a partial capture ends the authorization).
 */
async function capturePayment(
  variables: CapturePaymentVariables,
  idempotencyKey: string,
): Promise<CapturePaymentResponse> {
  const payment =
    variables.amountCents === undefined
      ? { paymentId: variables.paymentId, orderId: variables.orderId }
      : {
          paymentId: variables.paymentId,
          orderId: variables.orderId,
          amount: centsToDollars(variables.amountCents),
          originalAmount: centsToDollars(variables.originalCents),
        };
  const body = await adminPost<unknown>(CAPTURE_PAYMENT_PATH, { payment }, { idempotencyKey });
  return requireSuccess<CapturePaymentResponse>(body, 'Failed to capture payment');
}

/** One action per payment and amount: a retry of the same capture reuses its Idempotency-Key. */
function captureActionName(variables: CapturePaymentVariables): string {
  return `capture:${variables.paymentId}:${variables.amountCents ?? 'full'}`;
}

export const capturePaymentMutationKey = ['admin', 'capture-payment'] as const;

export function useCapturePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: capturePaymentMutationKey,
    mutationFn: (variables: CapturePaymentVariables) =>
      moneyActionKeys.run(captureActionName(variables), (key) => capturePayment(variables, key)),
    onSuccess: (_answer, variables) => dropPendingPayments(queryClient, [variables.paymentId]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
