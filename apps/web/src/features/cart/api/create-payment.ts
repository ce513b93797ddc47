import type { CreatePaymentRequest, CreatePaymentResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const CREATE_PAYMENT_PATH = '/api/payment/create-payment';

function isCreatePaymentSuccess(body: unknown): body is CreatePaymentResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { status, requestId, paymentUrl } = body as Record<string, unknown>;
  return (
    status === 'success' &&
    typeof requestId === 'string' &&
    requestId !== '' &&
    typeof paymentUrl === 'string' &&
    paymentUrl !== ''
  );
}

/**
 * Creates a hosted-page payment request. Fails (ApiError) on HTTP status 400 or above, a non-JSON
 * answer, `status: 'error'`, or a success without a request id and payment page address.
 */
async function createPayment(request: CreatePaymentRequest): Promise<CreatePaymentResponse> {
  const body = await postJson<unknown>(CREATE_PAYMENT_PATH, request);
  if (isCreatePaymentSuccess(body)) return body;
  throw new ApiError(readMessage(body) ?? 'Payment processing failed', 'rejected', 200, readMessage(body));
}

export function useCreatePayment() {
  return useMutation({ mutationKey: ['create-payment'], mutationFn: createPayment });
}
