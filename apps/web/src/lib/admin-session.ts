import type { KeyValueStorage } from './browser-storage';

/**
 * The admin console's per-tab session marker (product §2, §6; decision 004). The server-side session lives in an
 * HttpOnly cookie; session storage keeps only a marker and the username, so the route guard can tell that
 * this tab signed in. The password is never stored.
 */
export const ADMIN_SESSION_KEYS = {
  /** '1' while this tab holds an admin session. */
  marker: 'adminSession',
  /** The signed-in admin's username, shown in the console header. */
  username: 'adminUsername',
} as const;

const MARKER_VALUE = '1';

/** Why the session ended, so the sign-in page can say so. */
export type AdminSessionEndReason = 'signed-out' | 'expired';

const memoryFallback = new Map<string, string>();
const fallbackStorage: KeyValueStorage = {
  getItem: (key) => memoryFallback.get(key) ?? null,
  setItem: (key, value) => void memoryFallback.set(key, value),
  removeItem: (key) => void memoryFallback.delete(key),
};

/** sessionStorage that never throws; blocked storage degrades to memory for the life of the page. */
function getSessionStorage(): KeyValueStorage {
  let storage: Storage | undefined;
  try {
    storage = globalThis.sessionStorage;
  } catch {
    storage = undefined;
  }
  if (!storage) return fallbackStorage;
  const target = storage;
  return {
    getItem(key) {
      try {
        return target.getItem(key);
      } catch {
        return fallbackStorage.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        target.setItem(key, value);
      } catch {
        fallbackStorage.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        target.removeItem(key);
      } catch {
        // Nothing to do.
      }
      fallbackStorage.removeItem(key);
    },
  };
}

const listeners = new Set<() => void>();
let lastEndReason: AdminSessionEndReason | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Records a successful sign-in for this tab. */
export function saveAdminSession(username: string, storage: KeyValueStorage = getSessionStorage()): void {
  storage.setItem(ADMIN_SESSION_KEYS.marker, MARKER_VALUE);
  storage.setItem(ADMIN_SESSION_KEYS.username, username);
  lastEndReason = null;
  notify();
}

/**
 * The signed-in username, or null when this tab holds no admin session. A marker without a username
 * still counts (the guard only checks the marker, product §6); it reads as "admin".
 */
export function readAdminSession(storage: KeyValueStorage = getSessionStorage()): string | null {
  if (storage.getItem(ADMIN_SESSION_KEYS.marker) !== MARKER_VALUE) return null;
  return storage.getItem(ADMIN_SESSION_KEYS.username)?.trim() || 'admin';
}

/** Forgets the session in this tab (log out, or the server answered 401). Subscribers re-render. */
export function endAdminSession(
  reason: AdminSessionEndReason,
  storage: KeyValueStorage = getSessionStorage(),
): void {
  const hadSession = storage.getItem(ADMIN_SESSION_KEYS.marker) !== null;
  storage.removeItem(ADMIN_SESSION_KEYS.marker);
  storage.removeItem(ADMIN_SESSION_KEYS.username);
  if (hadSession || lastEndReason === null) lastEndReason = reason;
  notify();
}

/** Why the last session of this page ended, if one did. */
export function adminSessionEndReason(): AdminSessionEndReason | null {
  return lastEndReason;
}

/** For `useSyncExternalStore`: called whenever the session is saved or ended in this tab. */
export function subscribeAdminSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
