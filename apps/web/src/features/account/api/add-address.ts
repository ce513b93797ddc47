import type { AddressBookEntryRequest, SavedAddress, SavedAddressResponse } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

/** The address an add or a change answers, as it is now kept. */
export function addressOf(body: SavedAddressResponse): SavedAddress {
  if (body.status === 'success' && body.address) return body.address;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to save address', 'rejected', 200, message);
}

/** `POST /api/users/addresses`: a new address; the first one becomes the default. */
export async function addAddress(address: AddressBookEntryRequest): Promise<SavedAddress> {
  return addressOf(await postJson<SavedAddressResponse>('/api/users/addresses', address));
}
