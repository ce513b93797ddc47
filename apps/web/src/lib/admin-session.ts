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
  finishLapse(true);
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

/**
 * Forgets the session in this tab (log out, or a 401 where no console page asks for the password over
 * itself). Subscribers re-render; calls waiting for a lapsed session to resume fail.
 */
export function endAdminSession(
  reason: AdminSessionEndReason,
  storage: KeyValueStorage = getSessionStorage(),
): void {
  const hadSession = storage.getItem(ADMIN_SESSION_KEYS.marker) !== null;
  storage.removeItem(ADMIN_SESSION_KEYS.marker);
  storage.removeItem(ADMIN_SESSION_KEYS.username);
  if (hadSession || lastEndReason === null) lastEndReason = reason;
  finishLapse(false);
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

/**
 * Why a console page asks its person to sign in again over the page rather than leaving it (decision 057),
 * so that what they typed in its forms and dialogs is kept: `idle`, the session's idle minutes ran out;
 * `ended`, the server refused the session for another reason (signed out in another tab, ended earlier).
 */
export type AdminSessionLapse = 'idle' | 'ended';

let lapse: AdminSessionLapse | null = null;
let inPlaceSignIns = 0;
const lapseWaiters = new Set<(resumed: boolean) => void>();

function finishLapse(resumed: boolean): void {
  lapse = null;
  for (const resume of lapseWaiters) resume(resumed);
  lapseWaiters.clear();
}

/**
 * Called by a console page that can ask for the password over itself: while one is mounted, a refused
 * session lapses (the page stays) instead of ending (the tab goes to the sign-in page). Returns the undo.
 */
export function offerInPlaceSignIn(): () => void {
  inPlaceSignIns += 1;
  return () => {
    inPlaceSignIns -= 1;
  };
}

/**
 * The session lapsed: the page stays, asks its person to sign in again, and keeps the tab's marker until
 * they do (`saveAdminSession`) or sign out (`endAdminSession`). The first reason stays.
 */
export function lapseAdminSession(reason: AdminSessionLapse): void {
  if (lapse !== null || readAdminSession() === null) return;
  lapse = reason;
  notify();
}

/**
 * The server answered 401 to a console call: with a console page on screen, the session lapses (`reason`,
 * `ended` unless the idle minutes ran out); elsewhere it ends and the tab goes to the sign-in page.
 */
export function refuseAdminSession(reason: AdminSessionLapse = 'ended'): void {
  if (inPlaceSignIns > 0 && readAdminSession() !== null) lapseAdminSession(reason);
  else endAdminSession('expired');
}

/** Why this tab's person is asked to sign in again over the page, or null while they are not. */
export function adminSessionLapse(): AdminSessionLapse | null {
  return lapse;
}

/**
 * Resolves once the session no longer lapses: true when its person signed in again, false when the session
 * ended. At once (true) when it does not lapse.
 */
export function adminSessionResumed(): Promise<boolean> {
  if (lapse === null) return Promise.resolve(true);
  return new Promise((resolve) => lapseWaiters.add(resolve));
}
