import { WIDGET_MESSAGES } from '@knap/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import {
  closeOnEscape,
  forwardHostSignals,
  loginPathOf,
  startEmbeddedAuth,
  tokenIssuer,
} from './embedded-auth';

const HOST = 'https://host.example';
const jwt = (claims: object) =>
  `${btoa('{"alg":"RS256"}')}.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('the token issuer chooses the login path', () => {
  it('reads iss from a JWT and nothing from an opaque token', () => {
    expect(tokenIssuer(jwt({ iss: 'knap-studio' }))).toBe('knap-studio');
    expect(tokenIssuer('ya29.opaque-google-token')).toBeNull();
    expect(tokenIssuer('a.not-base64!.c')).toBeNull();
  });

  it('our token is used as it is; a provider token by its issuer, else by the provider named', () => {
    expect(loginPathOf('google', jwt({ iss: 'knap-studio' }))).toEqual({ kind: 'ours' });
    expect(loginPathOf('', jwt({ iss: 'https://accounts.google.com' }))).toEqual({
      kind: 'provider',
      provider: 'google',
    });
    expect(loginPathOf('google', jwt({ iss: 'https://login.microsoftonline.com/tenant/v2.0' }))).toEqual({
      kind: 'provider',
      provider: 'microsoft',
    });
    expect(loginPathOf('google', jwt({ iss: 'https://sts.windows.net/tenant/' }))).toEqual({
      kind: 'provider',
      provider: 'microsoft',
    });
    expect(loginPathOf('microsoft', 'opaque')).toEqual({ kind: 'provider', provider: 'microsoft' });
    expect(loginPathOf('okta', 'opaque')).toBeNull();
  });
});

describe('the host handshake', () => {
  afterEach(() => {
    tokenManager.clear();
    vi.restoreAllMocks();
  });

  function fakeWindow() {
    const listeners = new Map<string, (event: never) => void>();
    const parent = { postMessage: vi.fn() };
    return {
      parent,
      addEventListener: vi.fn((type: string, fn: (event: never) => void) => listeners.set(type, fn)),
      removeEventListener: vi.fn((type: string) => listeners.delete(type)),
      fire: (type: string, event: object) => listeners.get(type)?.(event as never),
      has: (type: string) => listeners.has(type),
    };
  }

  it('asks the host for a token, accepts AUTH_SUCCESS only from the host, and answers AUTH_COMPLETE to it', async () => {
    const win = fakeWindow();
    const accept = vi.fn(async () => {});
    const stop = startEmbeddedAuth(HOST, win as never, accept);
    await vi.waitFor(() =>
      expect(win.parent.postMessage).toHaveBeenCalledWith(
        { type: WIDGET_MESSAGES.requestAuth, code_challenge: expect.any(String) },
        HOST,
      ),
    );

    const message = { type: WIDGET_MESSAGES.authSuccess, provider: 'google', access_token: 'tok' };
    win.fire('message', { origin: 'https://evil.example', source: win.parent, data: message });
    win.fire('message', { origin: HOST, source: {}, data: message });
    win.fire('message', { origin: HOST, source: win.parent, data: { ...message, access_token: 42 } });
    expect(accept).not.toHaveBeenCalled();

    win.fire('message', { origin: HOST, source: win.parent, data: message });
    expect(accept).toHaveBeenCalledWith('google', 'tok');
    await vi.waitFor(() =>
      expect(win.parent.postMessage).toHaveBeenLastCalledWith({ type: WIDGET_MESSAGES.authComplete }, HOST),
    );
    stop();
    expect(win.has('message')).toBe(false);
  });

  it('a one-shot code from a sign-in popup the host opened, passed on by the host, signs in', async () => {
    const win = fakeWindow();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/authentication/exchange-one-shot-code')
        ? new Response(JSON.stringify({ access_token: 'ours' }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ detail: 'no' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startEmbeddedAuth(HOST, win as never);
    // Asking for a session, the widget handed the host the challenge of a verifier it keeps.
    await vi.waitFor(() =>
      expect(win.parent.postMessage).toHaveBeenCalledWith(
        { type: WIDGET_MESSAGES.requestAuth, code_challenge: expect.stringMatching(/^[\w-]{43}$/) },
        HOST,
      ),
    );
    const code = 'c'.repeat(40);
    win.fire('message', {
      origin: 'https://evil.example',
      source: win.parent,
      data: { type: WIDGET_MESSAGES.authComplete, one_shot_code: code },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    win.fire('message', {
      origin: HOST,
      source: win.parent,
      data: { type: WIDGET_MESSAGES.authComplete, one_shot_code: code },
    });
    await vi.waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toContain('exchange-one-shot-code'));
    const sent = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toEqual({ code, code_verifier: expect.stringMatching(/^[\w-]{43}$/) });
    await vi.waitFor(() => expect(tokenManager.hasToken()).toBe(true));
    vi.unstubAllGlobals();
  });

  it('does not ask when a token is already there, and says nothing when sign-in fails', async () => {
    tokenManager.setAccessToken('ours');
    const win = fakeWindow();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startEmbeddedAuth(HOST, win as never, async () => {
      throw new Error('refused');
    });
    expect(win.parent.postMessage).not.toHaveBeenCalled();
    win.fire('message', {
      origin: HOST,
      source: win.parent,
      data: { type: WIDGET_MESSAGES.authSuccess, access_token: 'x' },
    });
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('refused'));
    expect(win.parent.postMessage).not.toHaveBeenCalled();
  });

  it('Escape asks the host to close the widget, unless a dialog of ours is open', () => {
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    const stop = closeOnEscape(HOST);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(postMessage).toHaveBeenCalledWith({ type: WIDGET_MESSAGES.close }, HOST);
    postMessage.mockClear();
    const dialog = document.body.appendChild(
      Object.assign(document.createElement('div'), { role: 'dialog' }),
    );
    dialog.setAttribute('role', 'dialog');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(postMessage).not.toHaveBeenCalled();
    dialog.remove();
    stop();
  });
});

describe('host signals', () => {
  it('re-sends a known signal from the host as a browser event here; others and other senders are ignored', () => {
    const seen: string[] = [];
    const listen = (name: string) => window.addEventListener(name, () => seen.push(name));
    listen('knap:open-connections');
    listen('knap:something-else');
    const stop = forwardHostSignals(HOST, ['knap:open-connections']);
    const send = (origin: string, name: string, source: unknown = window.parent) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: source as Window,
          data: { type: WIDGET_MESSAGES.signal, name },
        }),
      );
    send('https://evil.example', 'knap:open-connections');
    send(HOST, 'knap:something-else');
    send(HOST, 'knap:open-connections');
    expect(seen).toEqual(['knap:open-connections']);
    stop();
    send(HOST, 'knap:open-connections');
    expect(seen).toEqual(['knap:open-connections']);
  });
});
