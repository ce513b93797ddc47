/**
 * localStorage that never throws: private modes, disabled storage and full quotas degrade to
 * "nothing stored" instead of breaking checkout or the result page.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memoryFallback = new Map<string, string>();

const fallbackStorage: KeyValueStorage = {
  getItem: (key) => memoryFallback.get(key) ?? null,
  setItem: (key, value) => void memoryFallback.set(key, value),
  removeItem: (key) => void memoryFallback.delete(key),
};

function resolveLocalStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
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
  const storage = resolveLocalStorage();
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
