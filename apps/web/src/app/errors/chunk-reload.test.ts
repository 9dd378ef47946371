import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/navigation';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

vi.mock('../../lib/navigation', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));

afterEach(() => {
  vi.mocked(reloadPage).mockClear();
});

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://app/assets/chat-page-abc.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    'Failed to fetch dynamically imported module',
    null,
  ])('ignores %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads once, then refuses to reload again within the window', () => {
    const start = 5_000_000;

    expect(reloadOnceForChunkError(start)).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);

    expect(reloadOnceForChunkError(start + 1_000)).toBe(false);
    expect(reloadOnceForChunkError(start + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('allows a new reload once the window has passed (a later deploy)', () => {
    const start = 5_000_000;
    reloadOnceForChunkError(start);

    expect(reloadOnceForChunkError(start + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });
});
