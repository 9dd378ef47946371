import { AUTH_PATHS, USER_PATHS } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { tokenManager } from '../../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes, stubContainerWidth } from '../../../test/render';
import { initialAuthState, useAuthStore } from '../store';

function callbackUrl(params: Record<string, string>): string {
  return `/auth/callback#${new URLSearchParams(params)}`;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubContainerWidth(1280);
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('AuthCallbackPage', () => {
  it('starts the session the server made (its cookie) and continues to return_to; no provider token in sight', async () => {
    const fetchMock = mockFetch({
      [`GET ${AUTH_PATHS.refresh}`]: () => jsonResponse({ access_token: 'our-token' }),
      [`GET ${USER_PATHS.me}`]: (req) =>
        req.headers.get('Authorization') === 'Bearer our-token'
          ? jsonResponse(makeUser())
          : jsonResponse({}, 401),
      [`GET ${USER_PATHS.organizations}`]: () => jsonResponse([]),
    });
    const { router } = renderRoutes(routes, callbackUrl({ return_to: '/knaps', mode: 'normal' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/knaps'));
    expect(useAuthStore.getState().status).toBe('authenticated');
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${AUTH_PATHS.signin}`);
  });

  it('words the failure the server named, with a way back to sign-in', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, callbackUrl({ error: 'expired' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in was started in another browser or has expired. Please sign in again.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });

  it('never shows text from the address itself', async () => {
    mockFetch({});
    renderRoutes(routes, callbackUrl({ error: 'Your account is locked: call +1 555 0100' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not verify your sign-in with the identity provider',
    );
  });
});
