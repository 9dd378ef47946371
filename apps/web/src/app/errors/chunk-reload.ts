// After a deploy, an open tab may ask for lazy chunks whose hashed files no longer exist. One reload
// fetches the new index.html and fixes it; the stored timestamp stops a broken deploy from looping.
import { reloadPage } from '../../lib/navigation';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/** A second chunk failure within this window after our reload shows the error screen instead. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/**
 * Reloads the page once for a chunk-load failure. Returns false (and does nothing) when we already
 * reloaded moments ago, so the caller shows its error screen instead.
 */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  const last = Number(readStorage('session', STORAGE_KEYS.chunkReloadAt));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  // Without session storage we could not tell a second failure from the first: never reload then.
  if (!writeStorage('session', STORAGE_KEYS.chunkReloadAt, String(now))) return false;
  reloadPage();
  return true;
}
