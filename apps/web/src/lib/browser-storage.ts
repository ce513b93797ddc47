/**
 * localStorage and sessionStorage that never throw: private modes, disabled storage and full quotas degrade
 * to "nothing stored" instead of breaking checkout or the result page.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage held in memory, for when the browser's cannot be used (and for tests, which read its `data`). */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const fallbacks = { localStorage: createMemoryStorage(), sessionStorage: createMemoryStorage() };

function resolveStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  const fallbackStorage = fallbacks[kind];
  try {
    const storage = globalThis[kind];
    if (!storage) return fallbackStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return fallbackStorage;
  }
}

export function getLocalStorage(): KeyValueStorage {
  return guarded(resolveStorage('localStorage'));
}

/** This browser tab's storage: it lasts across reloads and pages of the tab, and ends with it. */
export function getSessionStorage(): KeyValueStorage {
  return guarded(resolveStorage('sessionStorage'));
}

function guarded(storage: KeyValueStorage): KeyValueStorage {
  return {
    getItem(key) {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        storage.setItem(key, value);
      } catch {
        // Storage full or blocked: the flow continues without the record.
      }
    },
    removeItem(key) {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}
