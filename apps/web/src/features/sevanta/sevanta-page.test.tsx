import {
  AUTH_PATHS,
  CHAT_PATHS,
  SEVANTA_DEFAULT_SUGGESTIONS,
  SEVANTA_NONCE_STORAGE_KEY,
  SEVANTA_PATHS,
  USER_PATHS,
} from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { hardNavigate } from '../../lib/navigation';
import { tokenManager } from '../../lib/token-manager';
import { type FetchHandler, jsonResponse, mockFetch, setSessionHint } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderRoutes, stubContainerWidth } from '../../test/render';
import { initialAuthState, useAuthStore } from '../auth/store';

vi.mock('../../lib/navigation', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));

const USER = makeUser({ email: 'pat@acme-ventures.example', timezone: 'UTC' });

function signedIn(extra: Record<string, FetchHandler> = {}) {
  const calls: Array<{ route: string; url: URL; body: unknown }> = [];
  const record =
    (route: string, handler: FetchHandler): FetchHandler =>
    async (req) => {
      const body = req.method === 'GET' ? undefined : await req.clone().json();
      calls.push({ route, url: new URL(req.url), body });
      return handler(req);
    };
  setSessionHint();
  mockFetch({
    [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'fresh' }),
    [`GET ${USER_PATHS.me}`]: () => jsonResponse(USER),
    [`GET ${USER_PATHS.organizations}`]: () => jsonResponse([]),
    ...Object.fromEntries(Object.entries(extra).map(([route, handler]) => [route, record(route, handler)])),
  });
  return calls;
}

function withOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  return { opener, close };
}

beforeEach(() => {
  stubContainerWidth(1280);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.mocked(hardNavigate).mockClear();
  sessionStorage.clear();
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
  Reflect.deleteProperty(window, 'opener');
});

const AUTH_PARAMS = `GET ${SEVANTA_PATHS.authParams}`;

describe('SevantaPage: starting', () => {
  it('keeps a 32-byte nonce, asks for the start parameters, and follows the start link', async () => {
    const calls = signedIn({ [AUTH_PARAMS]: () => jsonResponse({ state: 'state-1' }) });
    renderRoutes(routes, '/sevanta?email=pat@acme-ventures.example&system_code=Acme-Ventures');

    await waitFor(() => expect(hardNavigate).toHaveBeenCalledTimes(1));
    const nonce = sessionStorage.getItem(SEVANTA_NONCE_STORAGE_KEY)!;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      email: 'pat@acme-ventures.example',
      system_code: 'acme-ventures',
      mode: 'normal',
      nonce,
    });
    const target = new URL(vi.mocked(hardNavigate).mock.calls[0]![0], 'http://localhost');
    expect(target.pathname).toBe(SEVANTA_PATHS.authStart);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      state: 'state-1',
      email: 'pat@acme-ventures.example',
      system_code: 'acme-ventures',
    });
  });

  it('shows SPEC §8’s error when the parameters cannot be had, and forgets the nonce', async () => {
    signedIn({ [AUTH_PARAMS]: () => jsonResponse({ detail: 'Bad gateway' }, 502) });
    renderRoutes(routes, '/sevanta?system_code=acme-ventures');

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to get Sevanta auth params: 502');
    expect(sessionStorage.getItem(SEVANTA_NONCE_STORAGE_KEY)).toBeNull();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to sign in first, coming back to the same link', async () => {
    mockFetch({ [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ detail: 'Unauthorized' }, 401) });
    const { router } = renderRoutes(routes, '/sevanta?system_code=acme');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/sevanta?system_code=acme')}`);
    expect(sessionStorage.getItem(SEVANTA_NONCE_STORAGE_KEY)).toBeNull();
  });

  it('asks for the system code when the link has none, and checks it', async () => {
    const calls = signedIn({ [AUTH_PARAMS]: () => jsonResponse({ state: 's' }) });
    renderRoutes(routes, '/sevanta');

    const field = await screen.findByLabelText('Sevanta system code');
    await userEvent.type(field, 'acme ventures!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Sevanta' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'acme-ventures{Enter}');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expect(calls[0]!.url.searchParams.get('email')).toBe(USER.email);
    expect(calls[0]!.url.searchParams.get('system_code')).toBe('acme-ventures');
  });
});

describe('SevantaPage: back from the flow', () => {
  const NONCE = 'n'.repeat(43);

  it('tells the opener, on our origin only, when the nonce is this tab’s', async () => {
    sessionStorage.setItem(SEVANTA_NONCE_STORAGE_KEY, NONCE);
    const { opener, close } = withOpener();
    mockFetch({});
    renderRoutes(routes, `/sevanta?scope=sevanta&mode=normal&nonce=${NONCE}&status=connected`);

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'CONNECTIONS_FINISHED', scope: 'sevanta', status: 'connected', message: '' },
      window.location.origin,
    );
    expect(sessionStorage.getItem(SEVANTA_NONCE_STORAGE_KEY)).toBeNull();
  });

  it('believes nothing when the nonce is not this tab’s', async () => {
    sessionStorage.setItem(SEVANTA_NONCE_STORAGE_KEY, NONCE);
    const { opener } = withOpener();
    mockFetch({});
    renderRoutes(routes, `/sevanta?scope=sevanta&nonce=${'x'.repeat(43)}&status=connected`);

    expect((await screen.findByRole('alert')).textContent).toMatch(/not started in this tab/);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });

  it('without an opener, offers three of the server’s suggestions; one starts a chat', async () => {
    sessionStorage.setItem(SEVANTA_NONCE_STORAGE_KEY, NONCE);
    const mine = ['Deal A?', 'Deal B?', 'Deal C?', 'Deal D?', 'Deal E?'];
    const calls = signedIn({
      [`POST ${SEVANTA_PATHS.suggestions}`]: () => jsonResponse(mine),
      [`POST ${CHAT_PATHS.chats}`]: () =>
        jsonResponse({
          id: 'c9',
          user_id: USER.id,
          title: 'Deal',
          messages: [],
          created_at: '2026-11-22T09:00:00Z',
          updated_at: '2026-11-22T09:00:00Z',
          metadata: null,
          out_of_tokens: false,
          unread: false,
        }),
    });
    const { router } = renderRoutes(routes, `/sevanta?scope=sevanta&nonce=${NONCE}&status=connected`);

    expect(await screen.findByRole('heading', { name: 'Sevanta is connected' })).toBeTruthy();
    const buttons = await screen.findAllByRole('button', { name: /^Deal [A-E]\?$/ });
    expect(buttons).toHaveLength(3);
    expect(calls.find((c) => c.route.includes('suggestions'))?.body).toEqual({
      selectedConnections: ['sevanta'],
      ref: 'sevanta-page',
    });

    const picked = buttons[0]!.textContent!;
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?id=c9'));
    expect(calls.find((c) => c.route === `POST ${CHAT_PATHS.chats}`)?.body).toEqual({
      initial_message: picked,
    });
  });

  it.each([
    ['an empty list', () => jsonResponse([])],
    ['not a list', () => jsonResponse({ suggestions: ['x'] })],
    ['a failure', () => jsonResponse({ detail: 'down' }, 500)],
  ])('falls back to the three defaults on %s', async (_name, answer) => {
    sessionStorage.setItem(SEVANTA_NONCE_STORAGE_KEY, NONCE);
    signedIn({ [`POST ${SEVANTA_PATHS.suggestions}`]: answer as FetchHandler });
    renderRoutes(routes, `/sevanta?scope=sevanta&nonce=${NONCE}&status=connected`);

    for (const text of SEVANTA_DEFAULT_SUGGESTIONS)
      expect(await screen.findByRole('button', { name: text })).toBeTruthy();
  });
});
