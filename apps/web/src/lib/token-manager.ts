// Owns the access token: memory + localStorage copy, the reuse window, single-flight refresh and the
// widget's wait for a token handed over by a host page that signs its users in itself.
import {
  AUTH_PATHS,
  ERR,
  SESSION_HINT_COOKIE,
  type TAccessTokenResponse,
  TOKEN_REUSE_MINUTES,
  WIDGET_AUTH_WAIT_MS,
} from '@knap/contracts';
import { expectsHostToken } from './run-mode';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

const REUSE_WINDOW_MS = TOKEN_REUSE_MINUTES * 60_000;

interface StoredToken {
  token: string;
  /** Epoch ms when the token was obtained; the reuse window counts from here. */
  obtainedAt: number;
}

export interface TokenManagerOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** True while a widget host is to hand the token over (see run-mode.ts expectsHostToken). */
  waitsForHost?: () => boolean;
  storageKey?: string;
  /** Whether the server's session hint cookie is set (see SESSION_HINT_COOKIE). */
  hasSessionHint?: () => boolean;
}

/** The server sets SESSION_HINT_COOKIE with the refresh cookie, which the page cannot read. */
function hasSessionHintCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** What getAccessToken throws when there is no token and no session to refresh. */
export const NO_SESSION = 'No session to refresh';

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager(options: TokenManagerOptions = {}) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const waitsForHost = options.waitsForHost ?? expectsHostToken;
  const storageKey = options.storageKey ?? STORAGE_KEYS.accessToken;
  const hasSessionHint = options.hasSessionHint ?? hasSessionHintCookie;

  let current: StoredToken | null = load();
  // Bumped on every set/clear, so a refresh that fails after a newer token arrived does not wipe it.
  let version = 0;
  let inflight: Promise<string> | null = null;
  const tokenListeners = new Set<(token: string) => void>();
  const expiredListeners = new Set<(error: Error) => void>();

  function load(): StoredToken | null {
    const raw = readStorage('local', storageKey);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredToken>;
      if (typeof parsed.token === 'string' && typeof parsed.obtainedAt === 'number') {
        return { token: parsed.token, obtainedAt: parsed.obtainedAt };
      }
    } catch {
      // A corrupt entry is treated as no token.
    }
    return null;
  }

  function isFresh(stored: StoredToken): boolean {
    const age = now() - stored.obtainedAt;
    return age >= 0 && age < REUSE_WINDOW_MS;
  }

  function setAccessToken(token: string): void {
    current = { token, obtainedAt: now() };
    version += 1;
    writeStorage('local', storageKey, JSON.stringify(current));
    for (const listener of tokenListeners) listener(token);
  }

  function clear(): void {
    current = null;
    version += 1;
    removeStorage('local', storageKey);
  }

  async function requestRefresh(): Promise<string> {
    const startedAt = version;
    const res = await doFetch(AUTH_PATHS.refresh, {
      method: 'GET',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
    });
    if (!res.ok) {
      const error = new Error(ERR.refreshToken(res.status));
      if (version === startedAt) {
        clear();
        for (const listener of expiredListeners) listener(error);
      }
      throw error;
    }
    const body = (await res.json()) as TAccessTokenResponse;
    setAccessToken(body.access_token);
    return body.access_token;
  }

  /** Refreshes now. Concurrent callers share one request, so a burst never stampedes the server. */
  function refresh(): Promise<string> {
    inflight ??= requestRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** Widget mode: the host page hands the token over by postMessage; wait for it, but not forever. */
  function waitForToken(): Promise<string> {
    return new Promise((resolve, reject) => {
      const onToken = (token: string) => {
        clearTimeout(timer);
        tokenListeners.delete(onToken);
        resolve(token);
      };
      const timer = setTimeout(() => {
        tokenListeners.delete(onToken);
        reject(new Error(ERR.widgetAuthTimeout));
      }, WIDGET_AUTH_WAIT_MS);
      tokenListeners.add(onToken);
    });
  }

  /**
   * A token for the next request: reused while young, else refreshed first. With no token and no
   * session hint there is nothing to refresh: asking would only earn a 401 (which the browser logs
   * as an error on every signed-out load).
   */
  async function getAccessToken(): Promise<string> {
    if (current && isFresh(current)) return current.token;
    if (!current && waitsForHost()) return waitForToken();
    if (!current && !hasSessionHint()) throw new Error(NO_SESSION);
    return refresh();
  }

  return {
    getAccessToken,
    refresh,
    setAccessToken,
    clear,
    hasToken: () => current !== null,
    /** Called when a refresh is refused: the session is over and the user must sign in again. */
    onSessionExpired(listener: (error: Error) => void): () => void {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
  };
}

export const tokenManager = createTokenManager();
