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
  it("trades the provider's token for our session and continues to return_to", async () => {
    const signins: unknown[] = [];
    const fetchMock = mockFetch({
      'GET /userinfo': (req) =>
        req.headers.get('Authorization') === 'Bearer provider-token'
          ? jsonResponse({ sub: 'g-1', email: 'ada@example.com', name: 'Ada', picture: null })
          : jsonResponse({}, 401),
      [`POST ${AUTH_PATHS.signin}`]: async (req) => {
        signins.push(await req.json());
        return jsonResponse({ access_token: 'our-token' });
      },
      [`GET ${USER_PATHS.me}`]: (req) =>
        req.headers.get('Authorization') === 'Bearer our-token'
          ? jsonResponse(makeUser())
          : jsonResponse({}, 401),
      [`GET ${USER_PATHS.organizations}`]: () => jsonResponse([]),
    });
    const { router } = renderRoutes(
      routes,
      callbackUrl({
        provider: 'google',
        access_token: 'provider-token',
        userinfo_url: 'http://idp.test/userinfo',
        return_to: '/knaps',
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/knaps'));
    expect(signins).toEqual([
      {
        access_token: 'provider-token',
        user: { email: 'ada@example.com', name: 'Ada', picture: null, sub: 'g-1' },
        login_provider: 'google',
        platform: 'studio',
      },
    ]);
    expect(useAuthStore.getState().status).toBe('authenticated');
    // The callback builds its own session: no wasted refresh in parallel.
    expect(calledRoutes(fetchMock)).not.toContain(`GET ${AUTH_PATHS.refresh}`);
  });

  it('shows the error the provider returned, with a way back to sign-in', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, callbackUrl({ error: 'Access was denied' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Access was denied');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });
});
