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
