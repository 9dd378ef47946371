// Sign-in: built-in accounts, identity providers, rotating refresh tokens and one-shot codes.
import type {
  LoginProvider,
  RunMode,
  TAuthProvidersResponse,
  TLoginRequest,
  TRegisterRequest,
  TSigninRequest,
} from '@knap/contracts';
import type { AppDeps } from '../../app.js';
import { signAccessToken } from '../../platform/auth.js';
import { isoNow } from '../../platform/clock.js';
import { newId, randomToken, sha256 } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import { HttpError } from '../../platform/errors.js';
import { authorizeUrl, exchangeCode, fetchUserinfo } from '../../platform/oauth.js';
import { recordAudit } from '../audit/service.js';
import * as users from '../users/service.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import * as repo from './repo.js';

export const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** A rotated refresh token still works this long, so parallel refreshes from two tabs don't log out. */
export const REFRESH_GRACE_MS = 10_000;
export const ONE_SHOT_CODE_TTL_MS = 60_000;
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Try again in a few minutes.';
export const INVALID_SESSION = 'Your session has expired. Please sign in again.';
export const INVALID_ONE_SHOT_CODE = 'Invalid or expired code';
export const PROVIDER_NOT_CONFIGURED = (p: string) => `Sign-in with ${p} is not configured on this server`;
export const PROVIDER_VERIFY_FAILED = 'Could not verify your sign-in with the identity provider';

export interface IssuedSession {
  access_token: string;
  refreshToken: string;
}

async function startSession(deps: AppDeps, user: UserRow, userAgent: string | null): Promise<IssuedSession> {
  const now = deps.clock.now();
  const sessionId = newId();
  const refreshToken = randomToken();
  await deps.db.db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    await repo.insertRefreshToken(trx, {
      id: newId(),
      session_id: sessionId,
      token_hash: sha256(refreshToken),
      created_at: now.toISOString(),
    });
  });
  await recordAudit(deps, {
    action: 'auth.sign_in',
    userId: user.id,
    details: { user_agent: userAgent?.slice(0, 200) ?? null },
  });
  return { access_token: await signAccessToken(deps, { userId: user.id, sessionId }), refreshToken };
}

export function authProviders(deps: AppDeps): TAuthProvidersResponse {
  const { google, microsoft } = deps.config.identityProviders;
  return { password: true, google: !!google, microsoft: !!microsoft };
}

export async function register(deps: AppDeps, input: TRegisterRequest, userAgent: string | null) {
  if (await users.findUserByEmail(deps, input.email)) throw new HttpError(409, EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, deps.config.scryptLogN);
  const user = await users
    .createUser(deps, { email: input.email, name: input.name, passwordHash })
    .catch(async (e) => {
      // Two registrations raced past the check above; the unique index decided.
      if (await users.findUserByEmail(deps, input.email)) throw new HttpError(409, EMAIL_TAKEN);
      throw e;
    });
  return startSession(deps, user, userAgent);
}

/** Failed sign-ins are counted per account and per IP; past the limit the answer is 429 for a while. */
async function checkNotThrottled(deps: AppDeps, keys: Array<[string, number]>): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const [key, limit] of keys) {
    const row = await repo.findLoginAttempts(deps.db.db, key);
    if (row && row.failures >= limit && now - Date.parse(row.window_started_at) < LOGIN_WINDOW_MS) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
  }
}

async function recordFailure(deps: AppDeps, keys: string[]): Promise<void> {
  const now = deps.clock.now();
  for (const key of keys) {
    const row = await repo.findLoginAttempts(deps.db.db, key);
    const fresh = !row || now.getTime() - Date.parse(row.window_started_at) >= LOGIN_WINDOW_MS;
    await repo.saveLoginAttempts(
      deps.db.db,
      key,
      fresh ? 1 : row.failures + 1,
      fresh ? now.toISOString() : row.window_started_at,
    );
  }
}

export async function login(deps: AppDeps, input: TLoginRequest, ip: string, userAgent: string | null) {
  const accountKey = `account:${input.email}`;
  const ipKey = `ip:${ip}`;
  await checkNotThrottled(deps, [
    [accountKey, MAX_FAILURES_PER_ACCOUNT],
    [ipKey, MAX_FAILURES_PER_IP],
  ]);
  const user = await users.findUserByEmail(deps, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? null, deps.config.scryptLogN);
  if (!user || !ok) {
    await recordFailure(deps, [accountKey, ipKey]);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await repo.clearLoginAttempts(deps.db.db, accountKey);
  await upgradePasswordHash(deps, user, input.password);
  return startSession(deps, user, userAgent);
}

/** A hash made with a lower cost than the config's (an older default) is replaced at sign-in. */
async function upgradePasswordHash(deps: AppDeps, user: UserRow, password: string): Promise<void> {
  if (!user.password_hash || !needsRehash(user.password_hash, deps.config.scryptLogN)) return;
  await users.updatePasswordHash(deps, user.id, await hashPassword(password, deps.config.scryptLogN));
}

/**
 * Rotates a refresh token. A token already rotated within the grace window still yields an access
 * token (no new refresh token: the request that rotated it set the cookie); outside the window its
 * reuse means it leaked, and the whole session is revoked.
 */
export async function refresh(
  deps: AppDeps,
  presented: string | undefined,
): Promise<{ access_token: string; refreshToken: string | null }> {
  if (!presented) throw new HttpError(401, INVALID_SESSION);
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  const token = await repo.findRefreshToken(deps.db.db, sha256(presented));
  if (!token || token.revoked_at || token.expires_at <= now) throw new HttpError(401, INVALID_SESSION);

  const claims = { userId: token.user_id, sessionId: token.session_id };
  const rotatedNow = !token.rotated_at && (await repo.markRotated(deps.db.db, token.id, now));
  if (!rotatedNow) {
    const rotatedAt = token.rotated_at ? Date.parse(token.rotated_at) : nowDate.getTime();
    if (nowDate.getTime() - rotatedAt > REFRESH_GRACE_MS) {
      await repo.revokeSession(deps.db.db, token.session_id, now);
      await recordAudit(deps, {
        action: 'auth.session_revoked',
        userId: token.user_id,
        actor: 'system',
        target: token.session_id,
        details: { reason: 'a refresh token was used again after it was replaced' },
      });
      throw new HttpError(401, INVALID_SESSION);
    }
    return { access_token: await signAccessToken(deps, claims), refreshToken: null };
  }
  const next = randomToken();
  await repo.insertRefreshToken(deps.db.db, {
    id: newId(),
    session_id: token.session_id,
    token_hash: sha256(next),
    created_at: now,
  });
  return { access_token: await signAccessToken(deps, claims), refreshToken: next };
}

export async function logout(deps: AppDeps, userId: string, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db.db, sessionId, isoNow(deps.clock));
  await recordAudit(deps, { action: 'auth.sign_out', userId, target: sessionId });
}

export async function mintOneShotCode(deps: AppDeps, userId: string) {
  const now = deps.clock.now();
  const code = randomToken(32);
  await repo.insertOneShotCode(deps.db.db, {
    code_hash: sha256(code),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ONE_SHOT_CODE_TTL_MS).toISOString(),
  });
  return { code, expires_in: ONE_SHOT_CODE_TTL_MS / 1000 };
}

export async function exchangeOneShotCode(deps: AppDeps, code: string, userAgent: string | null) {
  const userId = await repo.consumeOneShotCode(deps.db.db, sha256(code), isoNow(deps.clock));
  const user = userId ? await users.findUserById(deps, userId) : undefined;
  if (!user) throw new HttpError(400, INVALID_ONE_SHOT_CODE);
  return startSession(deps, user, userAgent);
}

// ---- Identity providers (authorization code + PKCE) ----

const PROVIDER_SCOPES: Record<LoginProvider, string> = {
  google: 'openid email profile',
  microsoft: 'openid profile email offline_access User.Read',
};

function providerConfig(deps: AppDeps, provider: LoginProvider) {
  const endpoints = deps.config.identityProviders[provider];
  if (!endpoints) throw new HttpError(404, PROVIDER_NOT_CONFIGURED(provider));
  return endpoints;
}

const callbackUrl = (deps: AppDeps, provider: LoginProvider) =>
  `${deps.config.publicUrl}/api/${provider}/auth/signin/callback`;

/** Only same-site paths: never `//host` or a full URL, so the return cannot leave the app. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/chat';
  return value.slice(0, 2000);
}

export async function startProviderSignin(
  deps: AppDeps,
  provider: LoginProvider,
  options: { mode: RunMode; returnTo: string | undefined },
): Promise<string> {
  const endpoints = providerConfig(deps, provider);
  const now = deps.clock.now();
  const id = randomToken();
  const verifier = randomToken(48);
  await repo.insertOAuthState(deps.db.db, {
    id,
    provider,
    purpose: 'signin',
    user_id: null,
    code_verifier: verifier,
    mode: options.mode,
    return_to: safeReturnPath(options.returnTo),
    data: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
  });
  return authorizeUrl(endpoints, {
    redirectUri: callbackUrl(deps, provider),
    scope: PROVIDER_SCOPES[provider],
    state: JSON.stringify({ id, mode: options.mode }),
    verifier,
    params: { prompt: 'select_account' },
  });
}

function parseState(raw: string | undefined): { id: string } | null {
  try {
    const parsed = JSON.parse(raw ?? '') as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'string') {
      return { id: (parsed as { id: string }).id };
    }
  } catch {}
  return null;
}

const callbackPage = (params: Record<string, string>) =>
  `/auth/callback#${new URLSearchParams(params).toString()}`;

/** The provider's redirect back: checks state, trades the code, and hands the browser on. */
export async function completeProviderSignin(
  deps: AppDeps,
  provider: LoginProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  log: { warn(obj: object, msg: string): void },
): Promise<string> {
  const endpoints = providerConfig(deps, provider);
  const stateRef = parseState(query.state);
  const state = stateRef
    ? await repo.consumeOAuthState(deps.db.db, stateRef.id, provider, 'signin', isoNow(deps.clock))
    : undefined;
  if (!state) return callbackPage({ error: 'This sign-in link has expired. Please try again.' });
  if (query.error || !query.code) {
    return callbackPage({
      error: query.error === 'access_denied' ? 'Sign-in was cancelled.' : PROVIDER_VERIFY_FAILED,
    });
  }
  const tokens = await exchangeCode(endpoints, {
    code: query.code,
    redirectUri: callbackUrl(deps, provider),
    verifier: state.code_verifier,
  });
  if (!tokens) {
    log.warn({ provider }, 'code exchange failed');
    return callbackPage({ error: PROVIDER_VERIFY_FAILED });
  }
  return callbackPage({
    provider,
    access_token: tokens.access_token,
    userinfo_url: endpoints.userinfoUrl,
    return_to: state.return_to,
    mode: state.mode,
  });
}

interface ProviderUserinfo {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

async function verifiedUserinfo(
  deps: AppDeps,
  provider: LoginProvider,
  accessToken: string,
): Promise<ProviderUserinfo> {
  const info = await fetchUserinfo(providerConfig(deps, provider), accessToken);
  const email = typeof info?.email === 'string' ? info.email.trim().toLowerCase() : '';
  if (!info || typeof info.sub !== 'string' || !email || info.email_verified === false) {
    throw new HttpError(401, PROVIDER_VERIFY_FAILED);
  }
  return {
    sub: info.sub,
    email,
    name: typeof info.name === 'string' ? info.name : email.split('@')[0]!,
    picture: typeof info.picture === 'string' && /^https?:\/\//.test(info.picture) ? info.picture : null,
  };
}

/** Sign-in with a provider token: the provider's own userinfo decides who this is, not the post. */
export async function signinWithProvider(deps: AppDeps, input: TSigninRequest, userAgent: string | null) {
  const info = await verifiedUserinfo(deps, input.login_provider, input.access_token);
  if (input.user && info.sub !== input.user.sub) throw new HttpError(401, PROVIDER_VERIFY_FAILED);
  const provider = input.login_provider;
  let user =
    (await users.findUserByProviderSub(deps, provider, info.sub)) ??
    (await users.findUserByEmail(deps, info.email));
  if (!user) {
    user = await users.createUser(deps, {
      email: info.email,
      name: info.name,
      provider,
      providerSub: info.sub,
      profileImageUrl: info.picture,
    });
  } else if (
    user.provider !== provider ||
    user.provider_sub !== info.sub ||
    (info.picture && !user.profile_image_url)
  ) {
    user = await users.linkProvider(deps, user.id, {
      provider,
      sub: info.sub,
      profileImageUrl: info.picture,
    });
  }
  return startSession(deps, user, userAgent);
}

// ---- OAuth state for other modules' flows (connections) ----

/** A random, single-use, expiring `state` stored server-side and bound to the user who started. */
export async function createOAuthState(
  deps: AppDeps,
  flow: { provider: string; purpose: string; userId: string; mode: RunMode; returnTo: string; data?: object },
): Promise<{ id: string; verifier: string }> {
  const now = deps.clock.now();
  const id = randomToken();
  const verifier = randomToken(48);
  await repo.insertOAuthState(deps.db.db, {
    id,
    provider: flow.provider,
    purpose: flow.purpose,
    user_id: flow.userId,
    code_verifier: verifier,
    mode: flow.mode,
    return_to: flow.returnTo,
    data: flow.data ? JSON.stringify(flow.data) : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
  });
  return { id, verifier };
}

/** A state that is still usable (unused, unexpired), without using it. */
export async function peekOAuthState(deps: AppDeps, id: string) {
  const row = await repo.findOAuthState(deps.db.db, id);
  return row && !row.used_at && row.expires_at > isoNow(deps.clock) ? row : undefined;
}

export const consumeOAuthState = (deps: AppDeps, id: string, provider: string, purpose: string) =>
  repo.consumeOAuthState(deps.db.db, id, provider, purpose, isoNow(deps.clock));

/** The id inside a `state` JSON; the rest of it is never trusted. */
export function stateIdOf(raw: string | undefined): string | null {
  return parseState(raw)?.id ?? null;
}
