import { postJson } from '../../../lib/api-client';

/** `POST /api/users/payment-methods/remove`. */
export async function removePaymentMethod(input: { userId: string; paymentMethodId: string }): Promise<void> {
  await postJson('/api/users/payment-methods/remove', input);
}
