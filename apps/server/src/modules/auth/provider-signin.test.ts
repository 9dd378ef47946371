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

  /**
   * Walks the browser's path: start (sets the state cookie) -> provider authorize -> our callback,
   * in the browser that started it (its cookie sent back) unless `cookie` says otherwise.
   */
  async function browserFlow(
    provider: 'google' | 'microsoft',
    fake: FakeOidc,
    options: { returnTo?: string; cookie?: (mine: string) => string | undefined } = {},
  ) {
    const returnTo = options.returnTo ?? '/chat?id=7';
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/${provider}/auth/signin/start?mode=widget&return_to=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const stateCookie = start.cookies.find((c) => c.name === 'knap_signin');
    expect(stateCookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(fake.endpoints.authorizeUrl);
    const providerRes = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(providerRes.headers.get('location')!);
    const sent = options.cookie ? options.cookie(stateCookie!.value) : stateCookie!.value;
    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      ...(sent ? { cookies: { knap_signin: sent } } : {}),
    });
    expect(callback.statusCode).toBe(302);
    const location = callback.headers.location as string;
    return {
      authorize,
      back,
      callback,
      location,
      fragment: new URLSearchParams(location.split('#')[1]),
      stateCookie: stateCookie!.value,
    };
  }

  /** The session the callback signed the browser in to, through its refresh cookie. */
  async function sessionOf(callback: { cookies: Array<{ name: string; value: string }> }) {
    const cookie = callback.cookies.find((c) => c.name === 'knap_refresh');
    if (!cookie?.value) return null;
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      cookies: { knap_refresh: cookie.value },
    });
    const me = await as(t, { token: refreshed.json().access_token })({
      method: 'GET',
      url: '/api/studio/users/me',
    });
    return me.json();
  }

  it('lists only configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/authentication/providers' });
    expect(res.json()).toEqual({ password: true, google: true, microsoft: true });
  });

  it('uses PKCE and a state bound to the browser, then signs in on the server: no provider token reaches the browser', async () => {
    const { authorize, location, fragment, back, callback } = await browserFlow('google', google);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/google/auth/signin/callback',
    );
    expect(JSON.parse(authorize.searchParams.get('state')!)).toMatchObject({ mode: 'widget' });
    expect(location.startsWith('/auth/callback#')).toBe(true);
    expect(Object.fromEntries(fragment)).toEqual({ return_to: '/chat?id=7', mode: 'widget' });
    expect(location).not.toMatch(/token|fake-at-/);
    expect(callback.cookies.find((c) => c.name === 'knap_signin')?.value).toBe('');

    const me = await sessionOf(callback);
    expect(me).toMatchObject({
      email: 'ada@analytical.example',
      provider: 'google',
      email_verified: true,
      profile_image_url: 'https://img.example/ada.png',
    });

    // The state was single-use: replaying the provider's redirect fails cleanly.
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(replay.headers.location).toContain('#error=');
  });

  it('asks for account selection only where the provider supports it, reading its discovery once', async () => {
    const discoveries = () =>
      google.calls.filter((c) => c.path === '/.well-known/openid-configuration').length;
    const { authorize } = await browserFlow('google', google);
    // The fake's discovery document lists select_account.
    expect(authorize.searchParams.get('prompt')).toBe('select_account');
    const before = discoveries();
    await browserFlow('google', google);
    expect(discoveries()).toBe(before);

    // A provider without the document and without documented prompt values gets no prompt.
    const endpoints = t.app.deps.config.identityProviders.google!;
    const { discoveryUrl, ...plain } = endpoints;
    t.app.deps.config.identityProviders.google = plain;
    try {
      expect((await browserFlow('google', google)).authorize.searchParams.has('prompt')).toBe(false);
      t.app.deps.config.identityProviders.google = { ...plain, promptValues: ['select_account'] };
      expect((await browserFlow('google', google)).authorize.searchParams.get('prompt')).toBe(
        'select_account',
      );
    } finally {
      t.app.deps.config.identityProviders.google = endpoints;
    }
  });

  it('RFC 9207: an authorization response naming another issuer, or none, signs nobody in', async () => {
    for (const iss of ['https://attacker.example', '']) {
      google.callbackExtras.iss = iss;
      try {
        const { fragment, callback } = await browserFlow('google', google);
        expect(fragment.get('error')).toBe('provider');
        expect(callback.cookies.find((c) => c.name === 'knap_refresh')).toBeUndefined();
      } finally {
        delete google.callbackExtras.iss;
      }
    }
    const { back, fragment } = await browserFlow('google', google);
    expect(back.searchParams.get('iss')).toBe(google.url);
    expect(fragment.get('return_to')).toBe('/chat?id=7');
  });

  it('finding 5: a callback link opened in another browser signs nobody in', async () => {
    for (const cookie of [() => undefined, () => 'another-browsers-state']) {
      const { location, callback } = await browserFlow('google', google, { cookie });
      expect(new URLSearchParams(location.split('#')[1]).get('error')).toBe('expired');
      expect(callback.cookies.find((c) => c.name === 'knap_refresh')).toBeUndefined();
    }
  });

  it('a host page may hand over only the provider token (the widget handshake): the provider names the user', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: {
        access_token: microsoft.issueAccessToken(),
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

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/signin',
      payload: {
        access_token: microsoft.issueAccessToken(),
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
    expect(location).toBe('/auth/callback#error=cancelled');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/google/auth/signin/callback?code=abc&state=%7B%22id%22%3A%22nope%22%7D',
      cookies: { knap_signin: 'nope' },
    });
    expect(unknown.headers.location).toContain('#error=');

    const { fragment } = await browserFlow('google', google, { returnTo: '//evil.example/steal' });
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
