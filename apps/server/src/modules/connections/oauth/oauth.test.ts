import { EMAIL_PATHS } from '@knap/contracts';
import { type FakeOidc, startFakeOidc } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthEndpoints, OAuthProviderId, RevocationAuth } from '../../../config.js';
import { fixedClock } from '../../../platform/clock.js';
import { formOf } from '../../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, type SignedInUser, signIn, signUp } from '../../../testing/users.js';
import { mailAccountOf, sendMailAsUser } from '../systems/mail.js';
import { providerApi } from '../systems/provider-api.js';
import { microsoftScopes } from './flows.js';
import { accessTokenFor } from './service.js';

const PROVIDERS: Array<{
  provider: OAuthProviderId;
  type: string;
  scope: string;
  pkce: boolean;
  params: Record<string, string>;
  /** How its revoke endpoint authenticates us; false: it has none (Microsoft, Wealthbox, Copper). */
  revokes: RevocationAuth | false;
}> = [
  {
    provider: 'google',
    type: 'google_calendar_read',
    scope: 'https://www.googleapis.com/auth/calendar.readonly openid email',
    pkce: true,
    params: { access_type: 'offline', prompt: 'consent' },
    revokes: 'client_secret_post',
  },
  {
    provider: 'microsoft',
    type: 'microsoft_outlook_read',
    scope:
      'User.Read Mail.ReadWrite Mail.Send MailboxSettings.Read Contacts.ReadWrite offline_access openid profile',
    pkce: true,
    params: { prompt: 'select_account' },
    revokes: false,
  },
  {
    provider: 'salesforce',
    type: 'salesforce',
    scope: 'api refresh_token',
    pkce: true,
    params: {},
    revokes: 'client_secret_basic',
  },
  {
    provider: 'zoho',
    type: 'zoho',
    scope: 'ZohoCRM.modules.ALL',
    pkce: false,
    params: { access_type: 'offline' },
    revokes: 'client_secret_post',
  },
  {
    provider: 'dropbox',
    type: 'dropbox',
    scope: 'files.metadata.read files.content.read files.content.write sharing.write account_info.read',
    pkce: true,
    params: { token_access_type: 'offline', force_reapprove: 'true' },
    revokes: 'bearer',
  },
  { provider: 'wealthbox', type: 'wealthbox', scope: 'login data', pkce: false, params: {}, revokes: false },
  { provider: 'copper', type: 'copper', scope: 'developer/v1/all', pkce: false, params: {}, revokes: false },
];

const clock = fixedClock('2026-11-22T09:00:00.000Z');

describe(`OAuth connections against fake providers (${testEngine()})`, () => {
  const fakes = new Map<OAuthProviderId, FakeOidc>();
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    const oauthProviders: Partial<Record<OAuthProviderId, OAuthEndpoints>> = {};
    for (const p of PROVIDERS) {
      const fake = await startFakeOidc({
        user: { sub: `${p.provider}-1`, email: `Advisor@${p.provider}.example`, name: 'Advisor' },
        ...(p.provider === 'salesforce'
          ? { tokenExtras: { instance_url: 'https://acme.my.salesforce.com' } }
          : {}),
        ...(p.revokes === 'bearer' ? { revokeAuth: 'bearer' as const } : {}),
      });
      fakes.set(p.provider, fake);
      // As the real config: no revoke URL where the provider has no revoke endpoint.
      const { revokeUrl, ...endpoints } = fake.endpoints;
      oauthProviders[p.provider] = p.revokes
        ? { ...endpoints, revokeUrl, revocationAuth: p.revokes }
        : endpoints;
    }
    t = await createTestApp({ clock, config: { oauthProviders } });
    user = await signUp(t, { email: 'advisor@firm.example' });
  });
  afterAll(async () => {
    await t.close();
    for (const f of fakes.values()) await f.close();
  });

  const call = () => as(t, user);
  const cookieFrom = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === 'knap_oauth')?.value;
  const storedCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('connections')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** start -> our authorize page -> provider -> the provider's redirect back (not yet followed). */
  async function begin(type: string) {
    const start = await call()({
      method: 'POST',
      url: '/api/connections/start',
      payload: { type, mode: 'widget' },
    });
    expect(start.statusCode).toBe(200);
    const ours = new URL(start.json().url);
    // Opened in the user's own browser, which holds their session cookie.
    const authorize = await t.app.inject({
      method: 'GET',
      url: ours.pathname + ours.search,
      cookies: { knap_refresh: user.refreshCookie },
    });
    expect(authorize.statusCode).toBe(302);
    const providerUrl = new URL(authorize.headers.location as string);
    const providerRes = await fetch(providerUrl, { redirect: 'manual' });
    const callback = new URL(providerRes.headers.get('location')!);
    return { providerUrl, callback, cookie: cookieFrom(authorize)! };
  }
  const finish = (callback: URL, cookie: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      ...(cookie ? { cookies: { knap_oauth: cookie } } : {}),
    });

  it.each(PROVIDERS)('connects $type: scopes, PKCE, state, encrypted tokens, refresh, revoke', async (p) => {
    const fake = fakes.get(p.provider)!;
    const { providerUrl, callback, cookie } = await begin(p.type);
    expect(providerUrl.searchParams.get('scope')).toBe(p.scope);
    expect(providerUrl.searchParams.get('response_type')).toBe('code');
    expect(providerUrl.searchParams.has('code_challenge')).toBe(p.pkce);
    for (const [k, v] of Object.entries(p.params)) expect(providerUrl.searchParams.get(k)).toBe(v);
    const state = JSON.parse(providerUrl.searchParams.get('state')!);
    expect(state).toMatchObject({ mode: 'widget', email: 'advisor@firm.example' });
    if (p.provider === 'google')
      expect(state).toMatchObject({ scope: p.scope, userEmail: 'advisor@firm.example' });
    if (p.provider === 'microsoft') expect(state).toMatchObject({ scopes: p.scope, connection: p.type });
    expect(callback.pathname).toBe(`/api/${p.provider}/auth/callback`);

    const done = await finish(callback, cookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(
      `/auth/connections-ghost?scope=${p.type}&mode=widget&status=connected`,
    );

    const available = await call()({ method: 'GET', url: '/api/connections/available_connections' });
    const entry = available
      .json()
      .categories.flatMap((c: { connections: unknown[] }) => c.connections)
      .find((c: { type: string }) => c.type === p.type);
    expect(entry).toMatchObject({ status: 'connected', account_email: `advisor@${p.provider}.example` });
    const list = await call()({
      method: 'GET',
      url: '/api/connections/user_connections?email=advisor@firm.example',
    });
    for (const body of [available.body, list.body, done.body]) expect(body).not.toMatch(/fake-(at|rt)-/);
    if (p.provider === 'salesforce') expect(list.json()[0].instance_url).toBe('acme.my.salesforce.com');
    const row = await t.db.db
      .selectFrom('connections')
      .selectAll()
      .where('type', '=', p.type)
      .executeTakeFirstOrThrow();
    expect(row.access_token).not.toMatch(/fake-at-/);
    expect(row.refresh_token).not.toMatch(/fake-rt-/);

    // Fresh token as is; close to expiry it is refreshed; a refused refresh asks for reconnecting.
    const userId = row.user_id;
    const first = await accessTokenFor(t.app.deps, userId, p.type);
    expect(first).toMatch(/^fake-at-/);
    clock.advance(3600_000);
    user = await signIn(t, user);
    const second = await accessTokenFor(t.app.deps, userId, p.type);
    expect(second).toMatch(/^fake-at-/);
    expect(second).not.toBe(first);
    // Asked together when the token is due, the calls share one refresh (a rotating refresh
    // token would not survive a second use).
    clock.advance(3600_000);
    const refreshes = () =>
      fake.calls.filter((c) => c.path === '/token' && c.params.grant_type === 'refresh_token').length;
    const before = refreshes();
    const together = await Promise.all([1, 2, 3].map(() => accessTokenFor(t.app.deps, userId, p.type)));
    expect(new Set(together).size).toBe(1);
    expect(together[0]).not.toBe(second);
    expect(refreshes() - before).toBe(1);
    // Calls that start one after another while the token is due, some reading the row before the
    // refresh was stored and looking for it after it ended: still one refresh, one new token.
    clock.advance(3600_000);
    const staggered = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i)).then(() =>
          accessTokenFor(t.app.deps, userId, p.type),
        ),
      ),
    );
    expect(new Set(staggered).size).toBe(1);
    expect(staggered[0]).not.toBe(together[0]);
    expect(refreshes() - before).toBe(2);
    clock.advance(3600_000);
    user = await signIn(t, user);
    fake.failNextRefresh();
    expect(await accessTokenFor(t.app.deps, userId, p.type)).toBeNull();
    const after = (await call()({ method: 'GET', url: '/api/connections/user_connections' })).json();
    expect(after.find((c: { type: string }) => c.type === p.type).status).toBe('needs_reconnect');

    const removed = await call()({
      method: 'POST',
      url: '/api/connections/remove_connection',
      payload: { scope: p.type },
    });
    expect(removed.json()).toEqual({ success: true, revocation: p.revokes ? 'confirmed' : 'not_supported' });
    expect(fake.revoked.length).toBe(p.revokes ? 1 : 0);
    if (p.revokes && p.revokes !== 'bearer') {
      // RFC 7009: the refresh token (ending the grant) with its hint, and the client authenticated.
      const revoke = fake.calls.findLast((c) => c.path === '/revoke')!;
      expect(revoke.params).toMatchObject({ token: fake.revoked[0], token_type_hint: 'refresh_token' });
      expect(fake.revoked[0]).toMatch(/^fake-rt-/);
      expect('client_secret' in revoke.params).toBe(p.revokes === 'client_secret_post');
    }
    expect(await storedCount()).toBe(0);
  });

  it('removes the connection but says so when the provider refuses the revocation', async () => {
    const p = PROVIDERS.find((x) => x.provider === 'google')!;
    const fake = fakes.get('google')!;
    const { callback, cookie } = await begin(p.type);
    expect((await finish(callback, cookie)).statusCode).toBe(302);
    // A client secret the provider no longer accepts (rotated): RFC 7009 answers 401 invalid_client.
    const endpoints = t.app.deps.config.oauthProviders.google!;
    const secret = endpoints.clientSecret;
    endpoints.clientSecret = 'rotated-away';
    try {
      const removed = await call()({
        method: 'POST',
        url: '/api/connections/remove_connection',
        payload: { scope: p.type },
      });
      expect(removed.json()).toEqual({ success: true, revocation: 'refused' });
    } finally {
      endpoints.clientSecret = secret;
    }
    expect(fake.revoked).not.toContain(fake.calls.findLast((c) => c.path === '/revoke')!.params.token);
    expect(await storedCount()).toBe(0);
  });

  it('keeps a connection granted less than it needs from being used, and says what to allow', async () => {
    const fake = fakes.get('google')!;
    const gmail = 'google_gmail_modify';
    const permission = 'Read, compose and send emails from your Gmail account';
    const userId = (
      await t.db.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()
    ).id;
    // The user unticked Gmail on the consent screen: only the sign-in scopes are granted.
    fake.grantNext('openid email');
    const { callback, cookie } = await begin(gmail);
    const done = await finish(callback, cookie);
    expect(done.headers.location).toBe(
      `/auth/connections-ghost?scope=${gmail}&mode=widget&status=error&reason=permission_missing`,
    );
    const list = (await call()({ method: 'GET', url: '/api/connections/user_connections' })).json();
    expect(list.find((c: { type: string }) => c.type === gmail)).toMatchObject({
      status: 'permission_missing',
      scope: 'openid email',
      missing_permission: permission,
    });
    const available = (await call()({ method: 'GET', url: '/api/connections/available_connections' }))
      .json()
      .categories.flatMap((c: { connections: unknown[] }) => c.connections)
      .find((c: { type: string }) => c.type === gmail);
    expect(available).toMatchObject({ status: 'permission_missing', missing_permission: permission });
    // Not offered, not sent through, and a tool that asks for it is told why.
    expect((await call()({ method: 'GET', url: '/api/connections/scopes' })).json().scopes).not.toContain(
      gmail,
    );
    expect(await mailAccountOf(t.app.deps, userId)).toBeNull();
    await expect(providerApi(t.app.deps, userId, gmail)).rejects.toMatchObject({
      status: 409,
      detail: `Gmail: permission not granted — reconnect and allow ${permission}`,
    });
    // Mail meant for that mailbox says why it cannot go out, rather than waiting in the outbox.
    const outboxCount = async () =>
      (await t.db.db.selectFrom('outbox_emails').select('id').where('user_id', '=', userId).execute()).length;
    const before = await outboxCount();
    await expect(
      sendMailAsUser(t.app.deps, userId, { to: 'client@example.com', subject: 'Hi', body: 'Hello' }),
    ).rejects.toMatchObject({
      status: 409,
      detail: `Gmail: permission not granted — reconnect and allow ${permission}`,
    });
    const form = await call()({
      method: 'POST',
      url: EMAIL_PATHS.send,
      payload: formOf({ to: 'client@example.com', subject: 'Hi', body: 'Hello', connection_type: 'Gmail' }),
    });
    expect(form.statusCode, form.body).toBe(409);
    expect(form.json().detail).toBe(`Gmail: permission not granted — reconnect and allow ${permission}`);
    expect(await outboxCount()).toBe(before);

    // Reconnecting with everything allowed makes it usable; a refresh that grants less stops it.
    const again = await begin(gmail);
    expect((await finish(again.callback, again.cookie)).headers.location).toContain('status=connected');
    expect((await providerApi(t.app.deps, userId, gmail)).type).toBe(gmail);
    fake.grantOnRefresh('openid email');
    try {
      expect(await accessTokenFor(t.app.deps, userId, gmail, { force: true })).toBeNull();
    } finally {
      fake.grantOnRefresh(null);
    }
    await expect(providerApi(t.app.deps, userId, gmail)).rejects.toMatchObject({ status: 409 });
    expect(
      (await call()({ method: 'POST', url: '/api/connections/remove_connection', payload: { scope: gmail } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a missing, altered, replayed, expired or other-browser state with 400 and stores nothing', async () => {
    const bad = async (res: { statusCode: number; json(): { detail: string } }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('This connection link is invalid or has expired. Please start again.');
      expect(await storedCount()).toBe(0);
    };
    const a = await begin('google_calendar_read');
    const noState = new URL(a.callback);
    noState.searchParams.delete('state');
    await bad(await finish(noState, a.cookie));
    const altered = new URL(a.callback);
    altered.searchParams.set(
      'state',
      JSON.stringify({ id: 'forged', mode: 'widget', email: 'advisor@firm.example' }),
    );
    await bad(await finish(altered, a.cookie));
    await bad(await finish(a.callback, undefined)); // another browser: no cookie of this flow

    const b = await begin('google_calendar_read');
    expect((await finish(b.callback, b.cookie)).statusCode).toBe(302);
    await call()({
      method: 'POST',
      url: '/api/connections/remove_connection',
      payload: { scope: 'google_calendar_read' },
    });
    await bad(await finish(b.callback, b.cookie)); // replayed

    const c = await begin('google_calendar_read');
    clock.advance(11 * 60_000);
    user = await signIn(t, user);
    await bad(await finish(c.callback, c.cookie)); // expired
  });

  it('answers 404 for another user, and explains types that cannot be connected', async () => {
    const other = as(t, await signUp(t));
    expect(
      (await other({ method: 'GET', url: '/api/connections/user_connections?email=advisor@firm.example' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other({ method: 'POST', url: '/api/connections/remove_connection', payload: { scope: 'zoho' } }))
        .statusCode,
    ).toBe(404);
    const unknown = await call()({
      method: 'POST',
      url: '/api/connections/start',
      payload: { type: 'lotus_notes' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe('lotus_notes cannot be connected with OAuth');
    expect(() => microsoftScopes('microsoft_teams_read')).toThrow(
      'Unknown Microsoft connection type: microsoft_teams_read',
    );
    const catalogue = (await call()({ method: 'GET', url: '/api/connections/available_connections' })).json();
    expect(
      catalogue.categories.map((c: { category: string; connections: Array<{ type: string }> }) => [
        c.category,
        c.connections.map((x) => x.type),
      ]),
    ).toEqual([
      ['crm', ['wealthbox', 'zoho', 'sevanta', 'copper', 'salesforce']],
      ['email', ['microsoft_outlook_read', 'google_gmail_modify']],
      ['calendar', ['microsoft_calendar_read', 'google_calendar_read']],
      ['document', ['microsoft_onedrive_read', 'google_drive_read', 'dropbox']],
    ]);
    expect(catalogue.meeting_assistant).toMatchObject({
      id: 'knap_meeting_assistant',
      name: 'Meeting Notetaker',
      status: 'active',
    });
  });
});
