import { type FakeOidc, startFakeOidc } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as } from '../../testing/users.js';

describe(`Google and Microsoft sign-in against an OIDC fake (${testEngine()})`, () => {
  let google: FakeOidc;
  let microsoft: FakeOidc;
  let t: TestApp;

  beforeAll(async () => {
    google = await startFakeOidc({
      user: {
        sub: 'g-1',
        email: 'Ada@Analytical.example',
        name: 'Ada',
        picture: 'https://img.example/ada.png',
      },
    });
    microsoft = await startFakeOidc({ user: { sub: 'm-1', email: 'bob@contoso.example', name: 'Bob' } });
    t = await createTestApp({
      config: { identityProviders: { google: google.endpoints, microsoft: microsoft.endpoints } },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await microsoft.close();
  });

  /** Walks the browser's path: start -> provider authorize -> our callback -> /auth/callback#... */
  async function browserFlow(provider: 'google' | 'microsoft', fake: FakeOidc, returnTo = '/chat?id=7') {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/${provider}/auth/signin/start?mode=widget&return_to=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(fake.endpoints.authorizeUrl);
    const providerRes = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(providerRes.headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(callback.statusCode).toBe(302);
    const location = callback.headers.location as string;
    return { authorize, back, location, fragment: new URLSearchParams(location.split('#')[1]) };
  }

  it('lists only configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/authentication/providers' });
    expect(res.json()).toEqual({ password: true, google: true, microsoft: true });
  });

  it('uses PKCE and a server-side state carrying the mode, then signs in from the verified userinfo', async () => {
    const { authorize, location, fragment, back } = await browserFlow('google', google);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/google/auth/signin/callback',
    );
    expect(JSON.parse(authorize.searchParams.get('state')!)).toMatchObject({ mode: 'widget' });
    expect(location.startsWith('/auth/callback#')).toBe(true);
    expect(fragment.get('return_to')).toBe('/chat?id=7');
    expect(fragment.get('userinfo_url')).toBe(google.endpoints.userinfoUrl);
    const accessToken = fragment.get('access_token')!;

    // What the browser does next: read userinfo, then post the sign-in.
    const userinfo = await (
      await fetch(google.endpoints.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json();
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: { access_token: accessToken, user: userinfo, login_provider: 'google', platform: 'studio' },
    });
    expect(signin.statusCode).toBe(200);
    const me = (
      await as(t, { token: signin.json().access_token })({ method: 'GET', url: '/api/studio/users/me' })
    ).json();
    expect(me).toMatchObject({
      email: 'ada@analytical.example',
      provider: 'google',
      profile_image_url: 'https://img.example/ada.png',
    });

    // The state was single-use: replaying the provider's redirect fails cleanly.
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(replay.headers.location).toContain('#error=');
  });

  it('a host page may hand over only the provider token (the widget handshake): the provider names the user', async () => {
    const { fragment } = await browserFlow('microsoft', microsoft);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: {
        access_token: fragment.get('access_token'),
        login_provider: 'microsoft',
        platform: 'studio',
      },
    });
    expect(signin.statusCode).toBe(200);
    const me = (
      await as(t, { token: signin.json().access_token })({ method: 'GET', url: '/api/studio/users/me' })
    ).json();
    expect(me.email).toBe('bob@contoso.example');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: { access_token: 'made-up', login_provider: 'google', platform: 'studio' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('never trusts the posted user: a forged token or a mismatched sub answers 401', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: {
        access_token: 'made-up',
        user: { email: 'ceo@bank.example', name: 'CEO', sub: 'x' },
        login_provider: 'microsoft',
        platform: 'studio',
      },
    });
    expect(forged.statusCode).toBe(401);

    const { fragment } = await browserFlow('microsoft', microsoft);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: {
        access_token: fragment.get('access_token'),
        user: { email: 'ceo@bank.example', name: 'CEO', sub: 'someone-else' },
        login_provider: 'microsoft',
        platform: 'studio',
      },
    });
    expect(mismatch.statusCode).toBe(401);
    const users = await t.db.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'ceo@bank.example')
      .execute();
    expect(users).toEqual([]);
  });

  it('reports a cancelled consent and an unknown state on the callback page, and keeps return paths on-site', async () => {
    microsoft.denyNext();
    const { location } = await browserFlow('microsoft', microsoft);
    expect(location).toBe(`/auth/callback#${new URLSearchParams({ error: 'Sign-in was cancelled.' })}`);

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/google/auth/signin/callback?code=abc&state=%7B%22id%22%3A%22nope%22%7D',
    });
    expect(unknown.headers.location).toContain('#error=');

    const { fragment } = await browserFlow('google', google, '//evil.example/steal');
    expect(fragment.get('return_to')).toBe('/chat');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/google/auth/signin/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Sign-in with google is not configured on this server' });
    } finally {
      await bare.close();
    }
  });
});
