import type { CardEntryResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';

/**
 * `POST /api/payment/card-entry`: the gateway's card frame for this session, and the id the card typed in
 * it is saved with. The card number itself is typed in the frame and never reaches the store.
 */
export function openCardEntry(): Promise<CardEntryResponse> {
  return postJson<CardEntryResponse>('/api/payment/card-entry', {});
}
