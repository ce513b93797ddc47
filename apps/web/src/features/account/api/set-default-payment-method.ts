import { postJson } from '../../../lib/api-client';

/** `POST /api/users/payment-methods/set-default`. */
export async function setDefaultPaymentMethod(input: {
  userId: string;
  paymentMethodId: string;
}): Promise<void> {
  await postJson('/api/users/payment-methods/set-default', input);
}
