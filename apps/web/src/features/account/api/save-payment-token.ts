import type { SavedPaymentMethod, SavePaymentTokenResponse } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

export interface SavePaymentTokenPayload {
  userId: string;
  tokenId: string;
  /** The card frame the card was typed in; none for a bank account's token from the proxy. */
  cardEntryId?: string;
  paymentType: 'CC' | 'ACH';
  holderName: string;
  last4?: string;
  expiryMonth?: string;
  expiryYear?: string;
  bankName?: string;
  accountType?: 'CHECKING' | 'SAVINGS';
  routingNumberLast4?: string;
}

/** `POST /api/payment/save-payment-token` (product §3's payload): keeps the token in the customer's profile. */
export async function savePaymentToken(payload: SavePaymentTokenPayload): Promise<SavedPaymentMethod> {
  const body = await postJson<SavePaymentTokenResponse>('/api/payment/save-payment-token', payload);
  if (body.status !== 'success' || !body.paymentMethod) {
    const message = readMessage(body);
    throw new ApiError(message ?? 'Failed to save payment method', 'rejected', 200, message);
  }
  return body.paymentMethod;
}
