import type { CustomerUser } from '@store/core';
import { useSyncExternalStore } from 'react';
import { getLocalStorage, type KeyValueStorage } from './browser-storage';

/**
 * The signed-in customer as the browser remembers it (product §3: the `user` entry in local storage). It is
 * the public profile only, kept for display: the HttpOnly session cookie is the authority, and the app
 * re-checks it on load and forgets a user without a live session.
 */
const CUSTOMER_STORAGE_KEY = 'user';

const listeners = new Set<() => void>();
let cached: { raw: string | null; user: CustomerUser | null } = { raw: null, user: null };

function parseUser(raw: string | null): CustomerUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CustomerUser>;
    if (typeof value.id !== 'string' || typeof value.name !== 'string' || typeof value.email !== 'string') {
      return null;
    }
    return {
      id: value.id,
      name: value.name,
      email: value.email,
      numericId: typeof value.numericId === 'number' ? value.numericId : 0,
      paymentMethods: Array.isArray(value.paymentMethods) ? value.paymentMethods : [],
    };
  } catch {
    return null;
  }
}

export function readStoredUser(storage: KeyValueStorage = getLocalStorage()): CustomerUser | null {
  const raw = storage.getItem(CUSTOMER_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, user: parseUser(raw) };
  return cached.user;
}

/** Keeps the public profile (nothing else of the answer) and tells every component showing it. */
export function storeUser(user: CustomerUser | null, storage: KeyValueStorage = getLocalStorage()): void {
  if (user) {
    const { id, name, email, numericId, paymentMethods } = user;
    storage.setItem(CUSTOMER_STORAGE_KEY, JSON.stringify({ id, name, email, numericId, paymentMethods }));
  } else {
    storage.removeItem(CUSTOMER_STORAGE_KEY);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the same entry.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CUSTOMER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in customer, or null; re-renders when it changes. */
export function useCustomerUser(): CustomerUser | null {
  return useSyncExternalStore(
    subscribe,
    () => readStoredUser(),
    () => null,
  );
}
