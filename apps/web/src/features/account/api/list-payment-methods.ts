import type { PaymentMethodsResponse, SavedPaymentMethod } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';

/** `POST /api/payment/payment-methods`: the customer's saved methods, the default first. */
async function listPaymentMethods(userId: string): Promise<SavedPaymentMethod[]> {
  const body = await postJson<PaymentMethodsResponse>('/api/payment/payment-methods', { userId });
  if (!Array.isArray(body.paymentMethods))
    throw new ApiError('Failed to load payment methods', 'rejected', 200);
  return body.paymentMethods;
}

export function paymentMethodsKey(userId: string) {
  return ['customer', userId, 'payment-methods'] as const;
}

export function usePaymentMethods(userId: string) {
  return useQuery({ queryKey: paymentMethodsKey(userId), queryFn: () => listPaymentMethods(userId) });
}
