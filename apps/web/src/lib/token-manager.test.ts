import { AUTH_PATHS, ERR, TOKEN_REUSE_MINUTES, WIDGET_AUTH_WAIT_MS } from '@knap/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { createTokenManager, NO_SESSION } from './token-manager';

const MINUTE = 60_000;

function setup({ widget = false, hint = true } = {}) {
  let now = 1_000_000;
  const manager = createTokenManager({
    now: () => now,
    waitsForHost: () => widget,
    hasSessionHint: () => hint,
  });
  return {
    manager,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token manager', () => {
  it('sends exactly one refresh for 20 parallel callers with a stale token', async () => {
    let issued = 0;
    const fetchMock = mockFetch({
      [`GET ${AUTH_PATHS.refresh}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        issued += 1;
        return jsonResponse({ access_token: `fresh-${issued}` });
      },
    });
    const { manager, advance } = setup();
    manager.setAccessToken('old');
    advance(TOKEN_REUSE_MINUTES * MINUTE + 1);

    const tokens = await Promise.all(Array.from({ length: 20 }, () => manager.getAccessToken()));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set(['fresh-1']));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
  });

  it('does not ask for a refresh without a token or the session hint, and does with either', async () => {
    const fetchMock = mockFetch({
      [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'fresh' }),
    });
    await expect(setup({ hint: false }).manager.getAccessToken()).rejects.toThrow(NO_SESSION);
    expect(fetchMock).not.toHaveBeenCalled();

    await expect(setup({ hint: true }).manager.getAccessToken()).resolves.toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A stale token of an older session is still refreshed, hint or not.
    const { manager, advance } = setup({ hint: false });
    manager.setAccessToken('old');
    advance(TOKEN_REUSE_MINUTES * MINUTE + 1);
    await expect(manager.getAccessToken()).resolves.toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reuses a token younger than the reuse window and refreshes it once it is that old', async () => {
    const fetchMock = mockFetch({
      [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'fresh' }),
    });
    const { manager, advance } = setup();
    manager.setAccessToken('cached');

    advance(TOKEN_REUSE_MINUTES * MINUTE - 1);
    await expect(manager.getAccessToken()).resolves.toBe('cached');
    expect(fetchMock).not.toHaveBeenCalled();

    advance(1);
    await expect(manager.getAccessToken()).resolves.toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the token across page loads through localStorage', async () => {
    const fetchMock = mockFetch({});
    createTokenManager({ waitsForHost: () => false }).setAccessToken('stored');

    await expect(createTokenManager({ waitsForHost: () => false }).getAccessToken()).resolves.toBe('stored');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails with the status and ends the session when the refresh is refused', async () => {
    mockFetch({ [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ detail: 'Unauthorized' }, 401) });
    const { manager } = setup();
    manager.setAccessToken('old');
    manager.clear();
    const onExpired = vi.fn();
    manager.onSessionExpired(onExpired);

    await expect(manager.getAccessToken()).rejects.toThrow(ERR.refreshToken(401));
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(manager.hasToken()).toBe(false);
  });

  it('does not drop a token that was set while a failing refresh was in flight', async () => {
    mockFetch({ [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ detail: 'Unauthorized' }, 401) });
    const { manager } = setup();
    const onExpired = vi.fn();
    manager.onSessionExpired(onExpired);

    const refresh = manager.refresh();
    manager.setAccessToken('from-sign-in');

    await expect(refresh).rejects.toThrow(ERR.refreshToken(401));
    expect(onExpired).not.toHaveBeenCalled();
    await expect(manager.getAccessToken()).resolves.toBe('from-sign-in');
  });

  describe('in widget mode without a token', () => {
    it('fails with the iframe timeout after waiting, without asking the server', async () => {
      vi.useFakeTimers();
      const fetchMock = mockFetch({});
      const { manager } = setup({ widget: true });

      const pending = manager.getAccessToken();
      const outcome = expect(pending).rejects.toThrow(ERR.widgetAuthTimeout);
      await vi.advanceTimersByTimeAsync(WIDGET_AUTH_WAIT_MS - 1);
      let settled = false;
      void pending
        .catch(() => {})
        .finally(() => {
          settled = true;
        });
      await Promise.resolve();
      expect(settled).toBe(false);

      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('resolves as soon as the host page hands over a token', async () => {
      vi.useFakeTimers();
      mockFetch({});
      const { manager } = setup({ widget: true });

      const pending = manager.getAccessToken();
      await vi.advanceTimersByTimeAsync(5_000);
      manager.setAccessToken('from-host');

      await expect(pending).resolves.toBe('from-host');
    });
  });
});
