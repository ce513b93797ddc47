import type { AddressBookEntryRequest, SavedAddress, SavedAddressResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { addressOf } from './add-address';

/** `PUT /api/users/addresses/:id`: the address changed; whether it is the default stays as it was. */
export async function updateAddress(id: string, address: AddressBookEntryRequest): Promise<SavedAddress> {
  const path = `/api/users/addresses/${encodeURIComponent(id)}`;
  return addressOf(await postJson<SavedAddressResponse>(path, address, { method: 'PUT' }));
}
