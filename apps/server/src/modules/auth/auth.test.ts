import { AUTH_DETAIL } from '@knap/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { pkceChallenge } from '../../platform/oauth.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, claimDomain, refreshCookieOf, signUp } from '../../testing/users.js';
import { REFRESH_GRACE_MS } from './service.js';

const clock = fixedClock('2026-11-22T10:00:00.000Z');

describe(`built-in accounts and tokens (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const countUsers = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers, sets an httpOnly refresh cookie, and answers the profile', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: {
        email: '  Grace.Hopper@Navy.Example ',
        password: 'correct horse battery',
        name: 'Grace Hopper',
      },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'knap_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/api');
    expect(cookie?.sameSite).toBe('Lax');
    // The page's hint that there is a session: readable by it, everywhere, and holding no secret.
    const hint = res.cookies.find((c) => c.name === 'knap_session');
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: cookie?.maxAge });
    expect(hint?.httpOnly).toBeFalsy();

    const me = await as(t, { token: res.json().access_token })({
      method: 'GET',
      url: '/api/studio/users/me',
    });
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(user).toMatchObject({
      email: 'grace.hopper@navy.example',
      name: 'Grace Hopper',
      auto_delete_chats: true,
      sharing_permission: 0,
      is_beta_tester: false,
      account_label: 'all',
      email_verified: false,
      organizations: [{ org_name: "Grace Hopper's workspace" }],
    });
    expect(user.knap_integration_uuid).toBe(user.uuid);
    expect(user.provider).toBeNull();
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/);
  });

  it('gives every new account a workspace of its own, whatever its domain', async () => {
    const a = await signUp(t, { email: 'a@sharedfirm.example' });
    const b = await signUp(t, { email: 'b@sharedfirm.example' });
    const orgs = async (u: { token: string }) =>
      (await as(t, u)({ method: 'GET', url: '/api/studio/users/me/organizations' })).json();
    expect((await orgs(a))[0].id).not.toBe((await orgs(b))[0].id);
    expect(await orgs(a)).toHaveLength(1);
  });

  it('rejects a duplicate email (any case) with 409, and a weak password with 422, writing nothing', async () => {
    const before = await countUsers();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: { email: 'GRACE.HOPPER@navy.example', password: 'another password', name: 'X' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: 'An account with this email already exists' });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: { email: 'weak@example.com', password: 'short', name: 'Weak' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toContain('Password must be at least 8 characters');
    expect(await countUsers()).toBe(before);
  });

  it('answers SQL-looking and very long inputs with a clear 4xx and writes nothing', async () => {
    const before = await countUsers();
    const sqlish = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { email: "x@example.com' OR '1'='1", password: "' OR 1=1 --" },
    });
    expect(sqlish.statusCode).toBe(422);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: { email: `${'a'.repeat(300)}@example.com`, password: 'x'.repeat(100), name: 'n'.repeat(5000) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/^Invalid body\./);
    expect(await countUsers()).toBe(before);
  });

  it('answers the same 401 for a wrong password and an unknown email, then 429 after repeated failures from one network', async () => {
    const u = await signUp(t);
    const login = (password: string, remoteAddress = '203.0.113.7', email = u.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/login',
        remoteAddress,
        payload: { email, password },
      });
    const wrong = await login('wrong password');
    const unknown = await login('wrong password', '203.0.113.7', 'nobody@example.com');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: AUTH_DETAIL.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());

    const ok = await login(u.password, '203.0.113.7', u.email.toUpperCase());
    expect(ok.statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expect((await login('nope nope')).statusCode).toBe(401);
    const blocked = await login(u.password);
    expect(blocked.statusCode).toBe(429);
    // Until the 15-minute window of the first failure passes (the store keeps real time, in Redis
    // too, so the test reads the wait rather than travelling through it).
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Someone failing on purpose from their network does not lock the user out of theirs.
    expect((await login(u.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('rejects forged, expired and foreign-key JWTs with 401 Unauthorized', async () => {
    const u = await signUp(t);
    const me = (token: string) => as(t, { token })({ method: 'GET', url: '/api/studio/users/me' });
    expect((await me('not.a.jwt')).json()).toEqual({ detail: 'Unauthorized' });
    expect((await t.app.inject({ method: 'GET', url: '/api/studio/users/me' })).statusCode).toBe(401);

    const [header, payload, sig] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await me(`${header}.${tampered}.${sig}`)).statusCode).toBe(401);

    const foreign = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('knap-studio')
      .setAudience('knap-studio')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key!'));
    expect((await me(foreign)).statusCode).toBe(401);

    expect((await me(u.token)).statusCode).toBe(200);
    clock.advance(7 * 3600_000);
    expect((await me(u.token)).statusCode).toBe(401);
  });

  it('rotates refresh tokens, tolerates a reuse within the grace window, and revokes the family after it', async () => {
    const u = await signUp(t);
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/refresh', cookies: { knap_refresh: cookie } });

    const first = await refresh(u.refreshCookie);
    expect(first.statusCode).toBe(200);
    const second = refreshCookieOf(first);
    expect(second).not.toBe(u.refreshCookie);

    // A second tab refreshing with the old cookie a moment later still gets a token.
    clock.advance(REFRESH_GRACE_MS / 2);
    const parallel = await refresh(u.refreshCookie);
    expect(parallel.statusCode).toBe(200);
    expect(parallel.cookies.find((c) => c.name === 'knap_refresh')).toBeUndefined();

    // Past the window, the old cookie means it leaked: the whole session ends.
    clock.advance(REFRESH_GRACE_MS);
    expect((await refresh(u.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    expect(
      (await as(t, { token: first.json().access_token })({ method: 'GET', url: '/api/studio/users/me' }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });

  it('logs out: the session, its access token and its refresh token all stop working', async () => {
    const u = await signUp(t);
    const out = await as(t, u)({ method: 'GET', url: '/api/authentication/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    // Both cookies go: the page's hint too, so its next load does not ask for a refresh.
    for (const name of ['knap_refresh', 'knap_session'])
      expect(out.cookies.find((c) => c.name === name)?.value, name).toBe('');
    expect((await as(t, u)({ method: 'GET', url: '/api/studio/users/me' })).statusCode).toBe(401);
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      cookies: { knap_refresh: u.refreshCookie },
    });
    expect(r.statusCode).toBe(401);
    expect(r.cookies.find((c) => c.name === 'knap_session')?.value).toBe('');
  });

  it('refuses a signed, unexpired access token once its session has expired, and only that session', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const me = () => as(t, u)({ method: 'GET', url: '/api/studio/users/me' });
    expect((await me()).statusCode).toBe(200);
    const { id: userId } = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('auth_sessions')
      .set({ expires_at: clock.now().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect((await me()).statusCode).toBe(401);
    expect((await as(t, other)({ method: 'GET', url: '/api/studio/users/me' })).statusCode).toBe(200);
  });

  it('answers requests that arrive together, and share one session check, each with its own user', async () => {
    const users = [await signUp(t), await signUp(t), await signUp(t)];
    const gone = await signUp(t);
    await as(t, gone)({ method: 'GET', url: '/api/authentication/logout' });
    const who = [...users, ...users, gone, users[0]!];
    const answers = await Promise.all(
      who.map((u) => as(t, u)({ method: 'GET', url: '/api/studio/users/me' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(who.map((u) => (u === gone ? 401 : 200)));
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json().email)).toEqual(
      who.filter((u) => u !== gone).map((u) => u.email),
    );
  });

  it('mints single-use one-shot codes that expire within 60 s', async () => {
    const u = await signUp(t);
    const verifier = 'v'.repeat(43);
    const mint = async () =>
      (
        await as(
          t,
          u,
        )({
          method: 'POST',
          url: '/api/authentication/one-shot-code',
          payload: { code_challenge: pkceChallenge(verifier) },
        })
      ).json();
    const exchange = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/exchange-one-shot-code',
        payload: { code, code_verifier: verifier },
      });

    const { code, expires_in } = await mint();
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(expires_in).toBeLessThanOrEqual(60);
    const ok = await exchange(code);
    expect(ok.statusCode).toBe(200);
    const me = await as(t, { token: ok.json().access_token })({ method: 'GET', url: '/api/studio/users/me' });
    expect(me.json().email).toBe(u.email);

    const reused = await exchange(code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Invalid or expired code' });

    const late = await mint();
    clock.advance(61_000);
    expect((await exchange(late.code)).statusCode).toBe(400);
    expect((await exchange('x'.repeat(40))).statusCode).toBe(400);

    const short = await exchange('too-short');
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toContain('Invalid code format');
  });
});

describe(`the user's settings (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { firstPartyOrg: 'firstparty.example', accountLabels: [['wam.example', 'WAM']] },
    });
  });
  afterAll(() => t.close());

  it('updates timezone (IANA only), sharing permission and auto-delete', async () => {
    const u = await signUp(t);
    const call = as(t, u);
    const bad = await call({
      method: 'PUT',
      url: '/api/studio/users/me/timezone',
      payload: { timezone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'Invalid timezone: Mars/Olympus' });
    const good = await call({
      method: 'PUT',
      url: '/api/studio/users/me/timezone',
      payload: { timezone: 'Europe/Paris' },
    });
    expect(good.json()).toEqual({ timezone: 'Europe/Paris' });
    expect(
      (
        await call({
          method: 'PUT',
          url: '/api/studio/users/me/sharing-permission',
          payload: { sharing_permission: 2 },
        })
      ).json(),
    ).toEqual({ sharing_permission: 2 });
    expect(
      (
        await call({
          method: 'PUT',
          url: '/api/studio/users/me/auto-delete-chats',
          payload: { auto_delete_chats: false },
        })
      ).json(),
    ).toEqual({ auto_delete_chats: false });
    const bool = await call({
      method: 'PUT',
      url: '/api/studio/users/me/auto-delete-chats',
      payload: { auto_delete_chats: 'yes' },
    });
    expect(bool.statusCode).toBe(422);
    const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json();
    expect(me).toMatchObject({ timezone: 'Europe/Paris', sharing_permission: 2, auto_delete_chats: false });
  });

  it('labels accounts by organization and marks the first-party organization', async () => {
    const fp = await signUp(t, { email: 'dev@firstparty.example' });
    const wam = await signUp(t, { email: 'advisor@wam.example' });
    // Organizations are named by the domain their admin claimed.
    await claimDomain(t, fp);
    await claimDomain(t, wam);
    const me = async (u: { token: string }) =>
      (await as(t, u)({ method: 'GET', url: '/api/studio/users/me' })).json();
    expect(await me(fp)).toMatchObject({ account_label: 'KNAP', is_first_party: true });
    expect(await me(wam)).toMatchObject({ account_label: 'WAM', is_first_party: false });
  });

  it("answers 404 for another user's id and the caller's own info otherwise", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bMe = (await as(t, b)({ method: 'GET', url: '/api/studio/users/me' })).json();
    const aMe = (await as(t, a)({ method: 'GET', url: '/api/studio/users/me' })).json();
    const other = await as(t, a)({ method: 'GET', url: `/api/users/${bMe.id}` });
    expect(other.statusCode).toBe(404);
    expect((await as(t, a)({ method: 'GET', url: `/api/users/info?id=${bMe.id}` })).statusCode).toBe(404);
    const own = await as(t, a)({ method: 'GET', url: `/api/users/${aMe.id}` });
    expect(own.json()).toEqual({
      id: aMe.id,
      uuid: aMe.uuid,
      email: a.email,
      name: aMe.name,
      profile_image_url: null,
    });
    expect((await as(t, a)({ method: 'GET', url: '/api/users/info' })).json().id).toBe(aMe.id);
  });
});

describe(`the refresh cookie behind https (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://studio.example' } });
  });
  afterAll(() => t.close());

  it('is SameSite=None, Secure and Partitioned, so the widget keeps it in a host page; logout clears it alike', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: { email: 'widget@host.example', password: 'correct horse battery', name: 'W' },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/knap_refresh=[^;]+;/);
    for (const attribute of ['Secure', 'SameSite=None', 'Partitioned', 'HttpOnly', 'Path=/api'])
      expect(setCookie).toContain(attribute);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/authentication/logout',
      headers: { authorization: `Bearer ${res.json().access_token}` },
      cookies: { knap_refresh: refreshCookieOf(res) },
    });
    const cleared = String(logout.headers['set-cookie']);
    expect(cleared).toContain('knap_refresh=;');
    expect(cleared).toContain('Partitioned');
  });
});
