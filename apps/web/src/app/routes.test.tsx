import { AUTH_PATHS, ERR, KNAP_GATED_ROUTES, USER_PATHS } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../features/auth/store';
import { tokenManager } from '../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch, setSessionHint } from '../test/fetch-mock';
import { makeUser } from '../test/fixtures';
import { makeKnap } from '../test/knaps';
import { renderRoutes, stubContainerWidth } from '../test/render';
import { routes } from './routes';

const signedInApi = {
  [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'fresh' }),
  [`GET ${USER_PATHS.me}`]: () => jsonResponse(makeUser({ timezone: 'Pacific/Chatham' })),
  [`GET ${USER_PATHS.organizations}`]: () => jsonResponse([]),
  [`PUT ${USER_PATHS.timezone}`]: async (req: Request) => jsonResponse(await req.json()),
  [`GET ${AUTH_PATHS.logout}`]: () => jsonResponse({ success: true }),
};

// These browsers come with the session hint cookie: signed-in ones are refreshed, the others'
// stale cookies answered 401.
beforeEach(setSessionHint);

const anonymousApi = {
  [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ detail: 'Unauthorized' }, 401),
  [`GET ${AUTH_PATHS.providers}`]: () => jsonResponse({ password: true, google: false, microsoft: false }),
};

beforeEach(() => {
  stubContainerWidth(1280);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('routes', () => {
  it('shows the not-found page for unknown paths inside the shell, with a way back to chat', async () => {
    mockFetch(signedInApi);
    renderRoutes(routes, '/definitely/not/here');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to chat' }).getAttribute('href')).toBe('/chat');
  });

  it('sends anonymous visitors of an unknown path to sign-in first', async () => {
    mockFetch(anonymousApi);
    const { router } = renderRoutes(routes, '/definitely/not/here');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('sends anonymous visitors to sign-in, remembering where they were going', async () => {
    mockFetch(anonymousApi);
    const { router } = renderRoutes(routes, '/library?tab=recent');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/library?tab=recent')}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('redirects the index to /chat for signed-in users', async () => {
    mockFetch(signedInApi);
    const { router } = renderRoutes(routes, '/');

    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('routes client-review/new to its own screen, not to the :id screen', async () => {
    mockFetch(signedInApi);
    renderRoutes(routes, '/client-review/new');

    expect(await screen.findByRole('heading', { name: 'New client review' })).toBeTruthy();
  });

  it.each(Object.keys(KNAP_GATED_ROUTES))(
    'checks knap access on /%s and sends users without it to /chat',
    async (path) => {
      mockFetch(signedInApi);
      const { router } = renderRoutes(routes, `/${path}`);

      expect(await screen.findByRole('status', { name: 'Checking knap access...' })).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    },
  );

  it('opens a knap page for a user who has the knap', async () => {
    const fetchMock = mockFetch({
      ...signedInApi,
      // The gate checks the list as the server sends it: whole knaps, steps included.
      'GET /api/studio/knap/': () => jsonResponse([makeKnap('Prospecting')]),
    });
    renderRoutes(routes, '/prospecting');

    expect(await screen.findByRole('heading', { name: 'Prospecting' })).toBeTruthy();
    expect(calledRoutes(fetchMock)).toContain('GET /api/studio/knap/');
  });

  it('does not check authentication automatically on sevanta routes', async () => {
    const nonce = 'n'.repeat(43);
    sessionStorage.setItem('sevanta_nonce', nonce);
    Object.defineProperty(window, 'opener', {
      value: { closed: false, postMessage: vi.fn() },
      configurable: true,
    });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const fetchMock = mockFetch(anonymousApi);
    renderRoutes(routes, `/sevanta?scope=sevanta&status=connected&nonce=${nonce}`);

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calledRoutes(fetchMock)).not.toContain(`GET ${AUTH_PATHS.refresh}`);
    Reflect.deleteProperty(window, 'opener');
  });

  it('syncs the browser timezone when it differs and stores the account label', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...signedInApi,
      [`PUT ${USER_PATHS.timezone}`]: async (req: Request) => {
        sent.push(await req.json());
        return jsonResponse({ timezone: 'Asia/Tokyo' });
      },
    });
    renderRoutes(routes, '/chat');

    await waitFor(() =>
      expect(sent).toEqual([{ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }]),
    );
    expect(localStorage.getItem('current-account')).toBe('all');
    await waitFor(() => expect(useAuthStore.getState().user?.timezone).toBe('Asia/Tokyo'));
  });

  it('leaves the timezone alone when it already matches the browser', async () => {
    const fetchMock = mockFetch({
      ...signedInApi,
      [`GET ${USER_PATHS.me}`]: () =>
        jsonResponse(makeUser({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
    });
    renderRoutes(routes, '/chat');

    await screen.findByRole('heading', { name: 'Hello, Ada' });
    await waitFor(() => expect(calledRoutes(fetchMock)).toContain(`GET ${USER_PATHS.organizations}`));
    expect(calledRoutes(fetchMock)).not.toContain(`PUT ${USER_PATHS.timezone}`);
  });

  it('continues with the user only when organizations fail to load', async () => {
    const errorLog = vi.mocked(console.error);
    mockFetch({
      ...signedInApi,
      [`GET ${USER_PATHS.organizations}`]: () =>
        new Response('{}', { status: 500, statusText: 'Server Error' }),
    });
    renderRoutes(routes, '/chat');

    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    await waitFor(() => expect(errorLog).toHaveBeenCalledWith(ERR.getOrganizations('Server Error')));
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('logs out from the Account dialog and lands on sign-in', async () => {
    const fetchMock = mockFetch({ ...signedInApi });
    const { router } = renderRoutes(routes, '/chat');
    await screen.findByRole('heading', { name: 'Hello, Ada' });

    // Settings loads the plan and credits while the session is still good.
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const logOut = await screen.findByRole('button', { name: 'Log out' });
    // After logout the refresh cookie is gone, as the real server would behave.
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith(AUTH_PATHS.logout) ? jsonResponse({ success: true }) : jsonResponse({}, 401),
    );
    await userEvent.click(logOut);

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(calledRoutes(fetchMock)).toContain(`GET ${AUTH_PATHS.logout}`);
    expect(tokenManager.hasToken()).toBe(false);
    expect(localStorage.getItem('current-account')).toBeNull();
  });
});
