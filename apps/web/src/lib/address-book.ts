import type { AddressBookResponse, SavedAddress } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, postJson } from './api-client';

/** `GET /api/users/addresses`: the signed-in customer's addresses, the default first, then the newest. */
export async function listAddresses(): Promise<SavedAddress[]> {
  const body = await postJson<AddressBookResponse>('/api/users/addresses', undefined, { method: 'GET' });
  if (!Array.isArray(body.addresses)) throw new ApiError('Failed to load addresses', 'rejected', 200);
  return body.addresses;
}

/** Kept per customer, so that another customer signed in on the same browser never sees these. */
export function addressesKey(userId: string) {
  return ['customer', userId, 'addresses'] as const;
}

/**
 * The customer's address book (My Account's and the cart's): its default (`isDefault`, first in the list)
 * is the address the cart preselects. No customer, no call.
 */
export function useAddresses(userId: string | undefined) {
  return useQuery({
    queryKey: addressesKey(userId ?? ''),
    queryFn: listAddresses,
    enabled: userId !== undefined,
  });
}
