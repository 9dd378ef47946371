// Seed helpers: sign up users through the real API, and call it as them.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

let counter = 0;

export interface SignedInUser {
  email: string;
  password: string;
  token: string;
  refreshCookie: string;
}

export async function signUp(
  t: TestApp,
  overrides: { email?: string; name?: string } = {},
): Promise<SignedInUser> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${Date.now()}@firm${counter}.example`;
  const password = 'correct horse battery';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication/register',
    payload: { email, password, name: overrides.name ?? `User ${counter}` },
  });
  if (res.statusCode !== 200) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  return { email, password, token: res.json().access_token, refreshCookie: refreshCookieOf(res) };
}

export function refreshCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'knap_refresh');
  if (!cookie?.value) throw new Error('no refresh cookie set');
  return cookie.value;
}

/** inject() as a signed-in user. */
export function as(
  t: TestApp,
  user: { token: string },
): (opts: InjectOptions) => Promise<LightMyRequestResponse> {
  return (opts: InjectOptions) =>
    t.app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${user.token}` } });
}

/** Signs an existing user in again (a fixed clock moved past their access token's life). */
export async function signIn(t: TestApp, user: SignedInUser): Promise<SignedInUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  return { ...user, token: res.json().access_token, refreshCookie: refreshCookieOf(res) };
}

/** The id of a user, by email (for calling services directly in a test). */
export async function userIdOf(t: TestApp, email: string): Promise<string> {
  return (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
}

/** The token of the newest link of `page` mailed to `email` (the system outbox: no SMTP in tests). */
export async function mailedToken(t: TestApp, email: string, page: string): Promise<string> {
  const mails = await t.db.db
    .selectFrom('system_outbox')
    .select('body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const { body } of mails) {
    const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${page} link mailed to ${email}`);
}

/** Proves the user's address with the link they were mailed, as they would. */
export async function verifyEmail(t: TestApp, user: SignedInUser): Promise<void> {
  const token = await mailedToken(t, user.email, '/verify-email');
  const res = await as(
    t,
    user,
  )({ method: 'POST', url: '/api/authentication/verify-email', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verifyEmail failed: ${res.statusCode} ${res.body}`);
}

/**
 * Makes `members` colleagues in `admin`'s organization, as people do: the admin (verified) invites
 * each by email, and each accepts the mailed link. The admin's address is verified first.
 */
export async function joinByInvitation(
  t: TestApp,
  admin: SignedInUser,
  ...members: Array<{ user: SignedInUser; role?: 'admin' | 'member' }>
): Promise<void> {
  const me = await as(t, admin)({ method: 'GET', url: '/api/studio/users/me' });
  if (!me.json().email_verified) await verifyEmail(t, admin);
  for (const { user, role = 'member' } of members) {
    const invited = await as(
      t,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/invitations',
      payload: { email: user.email, role },
    });
    if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
    const token = await mailedToken(t, user.email, '/invitation');
    const accepted = await as(
      t,
      user,
    )({ method: 'POST', url: '/api/invitations/accept', payload: { token } });
    if (accepted.statusCode !== 200)
      throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  }
}

/** The user verifies their address and claims its domain for their organization (named after it). */
export async function claimDomain(t: TestApp, admin: SignedInUser, autoJoin = false): Promise<void> {
  await verifyEmail(t, admin);
  const res = await as(
    t,
    admin,
  )({ method: 'PUT', url: '/api/admin/organization/domain', payload: { auto_join: autoJoin } });
  if (res.statusCode !== 200) throw new Error(`claimDomain failed: ${res.statusCode} ${res.body}`);
}

/** Signs up and proves the address (what an operator or a claiming admin needs). */
export async function signUpVerified(
  t: TestApp,
  overrides: { email?: string; name?: string } = {},
): Promise<SignedInUser> {
  const user = await signUp(t, overrides);
  await verifyEmail(t, user);
  return user;
}
