// Web Storage that never throws: sandboxed iframes (widget mode) and private browsing can make
// localStorage/sessionStorage throw on access or on write (quota), and none of our stored data is
// worth crashing the app for.

type StorageKind = 'local' | 'session';

function getStorage(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return getStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (quota, disabled storage). */
export function writeStorage(kind: StorageKind, key: string, value: string): boolean {
  try {
    const storage = getStorage(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(kind: StorageKind, key: string): void {
  try {
    getStorage(kind)?.removeItem(key);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}

/** Keys the web app owns. Spec-mandated keys (theme, current-account) live in @knap/contracts. */
export const STORAGE_KEYS = {
  accessToken: 'knap.access-token',
  chunkReloadAt: 'knap.chunk-reload-at',
} as const;
