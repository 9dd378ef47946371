import { AUTH_DETAIL, AUTH_PATHS, USER_PATHS } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { hardNavigate } from '../../../lib/navigation';
import { tokenManager } from '../../../lib/token-manager';
import { type FetchHandler, jsonResponse, mockFetch, setSessionHint } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes, stubContainerWidth } from '../../../test/render';
import { initialAuthState, useAuthStore } from '../store';

vi.mock('../../../lib/navigation', () => ({
  reloadPage: vi.fn(),
  hardNavigate: vi.fn(),
  closeWindow: vi.fn(),
}));

function anonymousApi(extra: Record<string, FetchHandler> = {}) {
  return mockFetch({
    [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ detail: 'Unauthorized' }, 401),
    [`GET ${AUTH_PATHS.providers}`]: () => jsonResponse({ password: true, google: false, microsoft: false }),
    [`GET ${USER_PATHS.me}`]: () => jsonResponse(makeUser()),
    [`GET ${USER_PATHS.organizations}`]: () => jsonResponse([]),
    ...extra,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubContainerWidth(1280);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
  vi.mocked(hardNavigate).mockClear();
});

describe('SignInPage', () => {
  it("shows the server's reason when the credentials are wrong", async () => {
    anonymousApi({
      [`POST ${AUTH_PATHS.login}`]: () => jsonResponse({ detail: AUTH_DETAIL.invalidCredentials }, 401),
    });
    renderRoutes(routes, '/signin');

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_DETAIL.invalidCredentials);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it('signs in and continues to the page the visitor asked for', async () => {
    const fetchMock = anonymousApi({
      [`POST ${AUTH_PATHS.login}`]: () => jsonResponse({ access_token: 'our-token' }),
    });
    const { router } = renderRoutes(routes, `/signin?redirect=${encodeURIComponent('/library?tab=recent')}`);

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(router.state.location.search).toBe('?tab=recent');
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === AUTH_PATHS.login);
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
  });

  it('ignores off-site redirect targets', async () => {
    anonymousApi({ [`POST ${AUTH_PATHS.login}`]: () => jsonResponse({ access_token: 'our-token' }) });
    const { router } = renderRoutes(routes, `/signin?redirect=${encodeURIComponent('//evil.example/phish')}`);

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('creates an account with name, email and password', async () => {
    const fetchMock = anonymousApi({
      [`POST ${AUTH_PATHS.register}`]: () => jsonResponse({ detail: AUTH_DETAIL.emailTaken }, 409),
    });
    renderRoutes(routes, '/signin');

    await userEvent.click(await screen.findByRole('tab', { name: 'Create account' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_DETAIL.emailTaken);
    const call = fetchMock.mock.calls.find(([url]) => String(url) === AUTH_PATHS.register);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'long-enough-pw',
      name: 'Ada Lovelace',
    });
  });

  it('offers only the identity providers the server has enabled', async () => {
    anonymousApi({
      [`GET ${AUTH_PATHS.providers}`]: () => jsonResponse({ password: true, google: true, microsoft: false }),
    });
    renderRoutes(routes, `/signin?redirect=${encodeURIComponent('/knaps')}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(screen.queryByRole('button', { name: 'Continue with Microsoft' })).toBeNull();
    expect(hardNavigate).toHaveBeenCalledWith('/api/google/auth/signin/start?mode=normal&return_to=%2Fknaps');
  });

  it('sends signed-in users straight to chat', async () => {
    setSessionHint();
    mockFetch({
      [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'fresh' }),
      [`GET ${USER_PATHS.me}`]: () => jsonResponse(makeUser()),
    });
    const { router } = renderRoutes(routes, '/signin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });
});
