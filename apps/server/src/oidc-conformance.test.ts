// Conformance with a certified OpenID provider (issue 24): `oidc-provider` with its defaults on
// loopback, its dev login and consent forms driven over HTTP as a browser would. Sign-in (PKCE,
// state, iss, no prompt it refuses), RFC 7009 revocation with client authentication, and a
// connection granted less than it asked for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthEndpoints } from './config.js';
import { mailAccountOf } from './modules/connections/systems/mail.js';
import { providerApi } from './modules/connections/systems/provider-api.js';
import { revokeToken } from './platform/oauth.js';
import { createTestApp, type TestApp, testEngine } from './testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from './testing/users.js';

const PUBLIC_URL = 'http://localhost:3000';
const ACCOUNT = { sub: 'op-ada', email: 'ada@op.example', name: 'Ada' };

/** The provider's own cookies, as the browser keeps them between its pages. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * Follows the provider's pages from an authorize URL as a browser: logs in on its dev form with any
 * login, presses Continue on consent, and answers where it finally sends the browser back to us.
 */
async function throughProvider(authorizeUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    jar.take(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === PUBLIC_URL) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    form = html.includes('name="login"')
      ? { prompt: 'login', login: ACCOUNT.sub, password: 'any' }
      : { prompt: 'consent' };
  }
  throw new Error('too many hops at the provider');
}

describe(`against oidc-provider, a certified OpenID provider (${testEngine()})`, () => {
  let server: Server;
  let issuer: string;
  let t: TestApp;
  /** A confidential client that authenticates in the form, as our token requests do. */
  let google: OAuthEndpoints;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'knap',
          client_secret: 'knap-secret-that-is-long-enough-for-hs256',
          redirect_uris: [
            `${PUBLIC_URL}/api/google/auth/signin/callback`,
            `${PUBLIC_URL}/api/google/auth/callback`,
          ],
          token_endpoint_auth_method: 'client_secret_post',
        },
        {
          client_id: 'knap-basic',
          client_secret: 'basic-secret: with a colon & spaces',
          redirect_uris: [`${PUBLIC_URL}/api/google/auth/callback`],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      async findAccount(_ctx, sub) {
        return {
          accountId: sub,
          claims: async () => ({ ...ACCOUNT, sub, email_verified: true }),
        };
      },
      features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
    });
    server.on('request', provider.callback());
    google = {
      clientId: 'knap',
      clientSecret: 'knap-secret-that-is-long-enough-for-hs256',
      authorizeUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      revokeUrl: `${issuer}/token/revocation`,
      revocationAuth: 'client_secret_post',
      discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    };
    t = await createTestApp({
      config: { publicUrl: PUBLIC_URL, identityProviders: { google }, oauthProviders: { google } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('signs in: PKCE, state bound to the browser, iss checked, no prompt it refuses', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/google/auth/signin/start?mode=widget' });
    const authorize = new URL(start.headers.location as string);
    // Its discovery lists no prompt_values_supported, and its defaults refuse select_account.
    expect(authorize.searchParams.has('prompt')).toBe(false);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const withPrompt = new URL(authorize);
    withPrompt.searchParams.set('prompt', 'select_account');
    const promptRefused = await fetch(withPrompt, { redirect: 'manual' });
    expect(new URL(promptRefused.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const back = await throughProvider(authorize.toString());
    expect(back.searchParams.get('error')).toBeNull();
    expect(back.searchParams.get('iss')).toBe(issuer);
    const stateCookie = start.cookies.find((c) => c.name === 'knap_signin')!.value;
    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      cookies: { knap_signin: stateCookie },
    });
    expect(callback.headers.location).toMatch(/^\/auth\/callback#return_to=/);
    const refresh = callback.cookies.find((c) => c.name === 'knap_refresh')!.value;
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/auth/refresh', cookies: { knap_refresh: refresh } })
    ).json().access_token;
    const me = (await as(t, { token })({ method: 'GET', url: '/api/studio/users/me' })).json();
    expect(me).toMatchObject({ email: ACCOUNT.email, provider: 'google', email_verified: true });

    // The same answer with another issuer in it (a mix-up) signs nobody in.
    const again = await t.app.inject({ method: 'GET', url: '/api/google/auth/signin/start?mode=widget' });
    const mixed = await throughProvider(again.headers.location as string);
    mixed.searchParams.set('iss', 'https://attacker.example');
    const refused = await t.app.inject({
      method: 'GET',
      url: mixed.pathname + mixed.search,
      cookies: { knap_signin: again.cookies.find((c) => c.name === 'knap_signin')!.value },
    });
    expect(refused.headers.location).toBe('/auth/callback#error=provider');
    expect(refused.cookies.find((c) => c.name === 'knap_refresh')).toBeUndefined();
  });

  it('revokes with client authentication, basic or in the form, and reports a refusal', async () => {
    const basic = { ...google, clientId: 'knap-basic', clientSecret: 'basic-secret: with a colon & spaces' };
    // RFC 7009 §2.2: an unknown token is answered 200 once the client is authenticated.
    const token = { token: 'not-a-token-it-issued', hint: 'access_token' as const };
    expect(await revokeToken({ ...basic, revocationAuth: 'client_secret_basic' }, token)).toBe('confirmed');
    expect(await revokeToken(google, token)).toBe('confirmed');
    expect(await revokeToken({ ...google, clientSecret: 'wrong' }, token)).toBe('refused');
    // What we sent before: the token as a Bearer credential, which it refuses.
    expect(await revokeToken({ ...google, revocationAuth: 'bearer' }, token)).toBe('refused');
  });

  it('a connection granted less than it asked for is not used; disconnecting revokes at the provider', async () => {
    const user: SignedInUser = await signUp(t, { email: 'advisor@firm.example' });
    const userId = await userIdOf(t, 'advisor@firm.example');
    const start = await as(
      t,
      user,
    )({
      method: 'POST',
      url: '/api/connections/start',
      payload: { type: 'google_gmail_modify', mode: 'widget' },
    });
    const ours = new URL(start.json().url);
    const authorize = await t.app.inject({
      method: 'GET',
      url: ours.pathname + ours.search,
      cookies: { knap_refresh: user.refreshCookie },
    });
    // It does not know Gmail's scope, so it grants only `openid email` and says so in `scope`.
    const back = await throughProvider(authorize.headers.location as string);
    const done = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      cookies: { knap_oauth: authorize.cookies.find((c) => c.name === 'knap_oauth')!.value },
    });
    expect(done.headers.location).toContain('status=error&reason=permission_missing');
    const [connection] = (
      await as(t, user)({ method: 'GET', url: '/api/connections/user_connections' })
    ).json();
    expect(connection).toMatchObject({
      type: 'google_gmail_modify',
      status: 'permission_missing',
      scope: 'openid email',
      account_email: ACCOUNT.email,
    });
    expect(await mailAccountOf(t.app.deps, userId)).toBeNull();
    await expect(providerApi(t.app.deps, userId, 'google_gmail_modify')).rejects.toMatchObject({
      status: 409,
    });

    const removed = await as(
      t,
      user,
    )({
      method: 'POST',
      url: '/api/connections/remove_connection',
      payload: { scope: 'google_gmail_modify' },
    });
    expect(removed.json()).toEqual({ success: true, revocation: 'confirmed' });
  });
});
