import type { RecordGooglePayPaymentRequest } from '@store/core';
import { postJson } from '../../../lib/api-client';

/**
 * `POST /api/googlepay/record-payment`: tells the store the browser has the result. Its answer is not
 * shown (product §7) and a failure changes nothing: the payment is already recorded by the server.
 */
export async function recordGooglePayPayment(record: RecordGooglePayPaymentRequest): Promise<void> {
  try {
    await postJson('/api/googlepay/record-payment', record);
  } catch {
    // Only a note: the order and its payment stand without it.
  }
}
