import type { AddressBookEntryRequest, SavedAddress } from '@store/core';
import type { Shopper } from './shoppers';
import { TEST_PUBLIC_URL, type Answer } from './test-server';

/** An address as the address book's dialog sends it. */
export const HOME: AddressBookEntryRequest = {
  name: 'Pat Shopper',
  address: '1 Main St',
  address2: 'Apt 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512-555-0100',
};

/** A call of the address book as the account page makes it: JSON, from the store's own origin. */
async function addressBookCall(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: TEST_PUBLIC_URL,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** A customer's address book at the store `store` (read when called, as `shoppersAt` does). */
export function addressBookAt(store: { url: string }) {
  const call = (
    shopper: Shopper | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) => addressBookCall(store.url, method, path, { cookie: shopper?.cookie, body });
  return {
    call,
    list: (shopper: Shopper) => call(shopper, 'GET', '/api/users/addresses'),
    add: (shopper: Shopper, address: unknown = HOME) =>
      call(shopper, 'POST', '/api/users/addresses', address),
    edit: (shopper: Shopper, id: string, address: unknown) =>
      call(shopper, 'PUT', `/api/users/addresses/${id}`, address),
    remove: (shopper: Shopper, id: string) => call(shopper, 'DELETE', `/api/users/addresses/${id}`),
    makeDefault: (shopper: Shopper, id: string) =>
      call(shopper, 'POST', `/api/users/addresses/${id}/default`),

    /** Adds an address and returns it as kept; throws when the store refuses. */
    async added(shopper: Shopper, address: Partial<AddressBookEntryRequest> = {}): Promise<SavedAddress> {
      const answer = await call(shopper, 'POST', '/api/users/addresses', { ...HOME, ...address });
      if (answer.status !== 200)
        throw new Error(`add an address: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.address as SavedAddress;
    },
  };
}
