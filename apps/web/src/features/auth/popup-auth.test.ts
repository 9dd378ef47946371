import { AUTH_PATHS, ERR, ONE_SHOT_CODE_MIN_LENGTH } from '@knap/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { rememberVerifier, takeVerifier } from './one-shot-verifier';
import { capturePopupAuth, handlePopupAuth, type PopupAuthWindow, validateOneShotCode } from './popup-auth';

function fakeWindow(url: string) {
  return {
    location: { href: url },
    history: { replaceState: vi.fn() },
    close: vi.fn(),
  } satisfies PopupAuthWindow;
}

const validCode = 'c'.repeat(ONE_SHOT_CODE_MIN_LENGTH);
const verifier = 'v'.repeat(43);

afterEach(() => {
  tokenManager.clear();
  takeVerifier();
});

describe('validateOneShotCode', () => {
  it.each([null, '', 'c'.repeat(ONE_SHOT_CODE_MIN_LENGTH - 1)])('rejects %j', (code) => {
    expect(() => validateOneShotCode(code)).toThrow(new Error(ERR.invalidCodeFormat));
  });

  it('accepts a code of the minimum length', () => {
    expect(validateOneShotCode(validCode)).toBe(validCode);
  });
});

describe('handlePopupAuth', () => {
  it('does nothing on a normal page load', async () => {
    const fetchMock = mockFetch({});
    const win = fakeWindow('http://localhost/chat?id=1');

    await expect(handlePopupAuth(win)).resolves.toBe('not-popup');
    expect(win.close).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes a popup that returned without a code', async () => {
    const win = fakeWindow('http://localhost/chat?popup_auth=true');

    await expect(handlePopupAuth(win)).resolves.toBe('closed');
    expect(win.close).toHaveBeenCalledTimes(1);
  });

  it("rejects a short code locally with 'Invalid code format' and makes no request", async () => {
    const fetchMock = mockFetch({});
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const win = fakeWindow('http://localhost/chat?popup_auth=true&one_shot_code=short');

    await expect(handlePopupAuth(win)).resolves.toBe('failed');
    expect(errorLog).toHaveBeenCalledWith(ERR.invalidCodeFormat);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(tokenManager.hasToken()).toBe(false);
  });

  it('exchanges a valid code, with the verifier this window made, for a token and clears the query', async () => {
    rememberVerifier(verifier);
    const fetchMock = mockFetch({
      [`POST ${AUTH_PATHS.exchangeOneShotCode}`]: async (req) => {
        const body = (await req.json()) as { code: string; code_verifier: string };
        return body.code === validCode && body.code_verifier === verifier
          ? jsonResponse({ access_token: 'exchanged' })
          : jsonResponse({}, 400);
      },
    });
    const win = fakeWindow(`http://localhost/chat?id=7&popup_auth=true&one_shot_code=${validCode}#top`);

    await expect(handlePopupAuth(win)).resolves.toBe('exchanged');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/chat?id=7#top');
    await expect(tokenManager.getAccessToken()).resolves.toBe('exchanged');
  });

  it('never trades a code this window did not ask for (a link alone signs nobody in)', async () => {
    const fetchMock = mockFetch({});
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      handlePopupAuth(fakeWindow(`http://localhost/?popup_auth=true&one_shot_code=${validCode}`)),
    ).resolves.toBe('failed');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorLog).toHaveBeenCalledWith('This sign-in code was made for another browser window');
  });

  it('reports the exchange failure with status and body', async () => {
    rememberVerifier(verifier);
    mockFetch({
      [`POST ${AUTH_PATHS.exchangeOneShotCode}`]: () => jsonResponse({ detail: 'Code expired' }, 400),
    });
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(
      handlePopupAuth(fakeWindow(`http://localhost/?popup_auth=true&one_shot_code=${validCode}`)),
    ).resolves.toBe('failed');
    expect(errorLog).toHaveBeenCalledWith(ERR.exchangeOneShotCode(400, '{"detail":"Code expired"}'));
  });
});

describe('capturePopupAuth', () => {
  it('takes the code out of the address bar before the router reads it, and still exchanges it', async () => {
    rememberVerifier(verifier);
    const fetchMock = mockFetch({
      [`POST ${AUTH_PATHS.exchangeOneShotCode}`]: () => jsonResponse({ access_token: 'from-captured' }),
    });
    const win = fakeWindow(`http://localhost/library?popup_auth=true&one_shot_code=${validCode}`);

    capturePopupAuth(win);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/library');
    win.location.href = 'http://localhost/library'; // what the router will read

    await expect(handlePopupAuth(win)).resolves.toBe('exchanged');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(tokenManager.getAccessToken()).resolves.toBe('from-captured');
  });

  it('leaves a normal address alone', () => {
    const win = fakeWindow('http://localhost/chat?id=3');
    capturePopupAuth(win);
    expect(win.history.replaceState).not.toHaveBeenCalled();
  });
});
