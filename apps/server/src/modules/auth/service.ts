// Sign-in: built-in accounts, identity providers, rotating refresh tokens and one-shot codes.
import {
  AUTH_DETAIL,
  EMAIL_LINK_PAGES,
  type LoginProvider,
  type RunMode,
  SIGNIN_FAILURES,
  type SigninFailure,
  type TAuthProvidersResponse,
  type TLoginRequest,
  type TRegisterRequest,
  type TSigninRequest,
} from '@knap/contracts';
import { signAccessToken } from '../../platform/auth.js';
import { isoNow } from '../../platform/clock.js';
import { newId, randomToken, sha256 } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { emit } from '../../platform/hooks.js';
import { authorizeUrl, exchangeCode, fetchUserinfo, pkceChallenge } from '../../platform/oauth.js';
import { recordAudit } from '../audit/service.js';
import { sendSystemMail } from '../system-mail/service.js';
import * as users from '../users/service.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { oauthClient, signinPromptParams } from './provider-metadata.js';

export { oauthClient };

import * as repo from './repo.js';

export const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** A rotated refresh token still works this long, so parallel refreshes from two tabs don't log out. */
export const REFRESH_GRACE_MS = 10_000;
export const ONE_SHOT_CODE_TTL_MS = 60_000;
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** A verification link works this long, once. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 3600_000;

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

/** Who is asking: the client's address (for throttling) and browser (kept with the session). */
export interface Client {
  ip: string;
  userAgent: string | null;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * A new account with a password starts unverified, in a workspace of its own, signed in at once;
 * a link to prove the address goes out by email.
 */
export async function register(deps: AppDeps, input: TRegisterRequest, client: Client, log: Log) {
  await deps.limits.consume('register', `ip:${client.ip}`);
  if (await users.findUserByEmail(deps, input.email)) throw new HttpError(409, AUTH_DETAIL.emailTaken);
  const passwordHash = await hashPassword(input.password, deps.config.scryptLogN);
  const user = await users
    .createUser(deps, { email: input.email, name: input.name, passwordHash })
    .catch(async (e) => {
      // Two registrations raced past the check above; the unique index decided.
      if (await users.findUserByEmail(deps, input.email)) throw new HttpError(409, AUTH_DETAIL.emailTaken);
      throw e;
    });
  // The account exists either way: a mail server that is down costs a resend, not the sign-up.
  await mailVerificationLink(deps, user, log).catch((err: unknown) =>
    log.warn({ err }, 'verification email could not be sent'),
  );
  return startSession(deps, user, client.userAgent);
}

async function mailVerificationLink(deps: AppDeps, user: UserRow, log: Log): Promise<void> {
  const now = deps.clock.now();
  const token = randomToken();
  await repo.insertEmailVerification(deps.db.db, {
    token_hash: sha256(token),
    user_id: user.id,
    email: user.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
  });
  await sendSystemMail(
    deps,
    {
      to: user.email,
      subject: 'Verify your email for Knap Studio',
      text: [
        `Hello ${user.name},`,
        '',
        `Confirm that ${user.email} is yours: ${deps.config.publicUrl}${EMAIL_LINK_PAGES.verifyEmail}?token=${token}`,
        '',
        'Open the link in the browser where you are signed in to Knap Studio. It works once, for 48 hours.',
        'If you did not create an account, ignore this email: nothing happens without the link.',
      ].join('\n'),
    },
    log,
  );
}

/** Mails the signed-in user a new verification link (a few an hour at most). */
export async function resendVerification(deps: AppDeps, user: UserRow, log: Log) {
  if (user.email_verified_at) throw new HttpError(409, AUTH_DETAIL.alreadyVerified);
  await deps.limits.consume('verificationMail', user.id);
  await mailVerificationLink(deps, user, log);
  return { sent_to: user.email };
}

/**
 * Proves the signed-in user's address with the link we mailed. The link works only for the account
 * it was sent to, so someone who registered another person's address cannot have them verify it.
 */
export async function verifyEmail(deps: AppDeps, user: UserRow, token: string) {
  const link = await repo.consumeEmailVerification(deps.db.db, sha256(token), user.id, isoNow(deps.clock));
  if (!link || link.email !== user.email) throw new HttpError(404, AUTH_DETAIL.verificationLinkInvalid);
  const verified = await users.markEmailVerified(deps, user, 'link');
  return { email: verified.email, email_verified: true };
}

/** The sign-in failure counters a password attempt falls under. */
const loginLimits = (email: string, ip: string) =>
  [
    ['loginAccountIp', `${email}|${ip}`],
    ['loginIp', ip],
    ['loginAccount', email],
  ] as const;

export async function login(deps: AppDeps, input: TLoginRequest, client: Client) {
  const limits = loginLimits(input.email, client.ip);
  for (const [name, subject] of limits) await deps.limits.check(name, subject);
  const user = await users.findUserByEmail(deps, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? null, deps.config.scryptLogN);
  if (!user || !ok) {
    // Counted, not refused: this attempt gets its 401; the next one meets the limit.
    for (const [name, subject] of limits)
      await deps.limits.consume(name, subject).catch((err: unknown) => {
        if (!(err instanceof HttpError && err.status === 429)) throw err;
      });
    throw new HttpError(401, AUTH_DETAIL.invalidCredentials);
  }
  await deps.limits.reset('loginAccountIp', limits[0][1]);
  await upgradePasswordHash(deps, user, input.password);
  return startSession(deps, user, client.userAgent);
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
  if (!presented) throw new HttpError(401, AUTH_DETAIL.sessionExpired);
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  const token = await repo.findRefreshToken(deps.db.db, sha256(presented));
  if (!token || token.revoked_at || token.expires_at <= now)
    throw new HttpError(401, AUTH_DETAIL.sessionExpired);

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
      throw new HttpError(401, AUTH_DETAIL.sessionExpired);
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

/** A one-shot code for the browser context that holds the verifier of `codeChallenge`. */
export async function mintOneShotCode(deps: AppDeps, userId: string, codeChallenge: string) {
  const now = deps.clock.now();
  const code = randomToken(32);
  await repo.insertOneShotCode(deps.db.db, {
    code_hash: sha256(code),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ONE_SHOT_CODE_TTL_MS).toISOString(),
    code_challenge: codeChallenge,
  });
  return { code, expires_in: ONE_SHOT_CODE_TTL_MS / 1000 };
}

/** Trades a one-shot code for a session, only with the verifier of the challenge it was minted for. */
export async function exchangeOneShotCode(
  deps: AppDeps,
  input: { code: string; code_verifier: string },
  userAgent: string | null,
) {
  const row = await repo.consumeOneShotCode(deps.db.db, sha256(input.code), isoNow(deps.clock));
  const bound = row?.code_challenge && pkceChallenge(input.code_verifier) === row.code_challenge;
  const user = bound ? await users.findUserById(deps, row.user_id) : undefined;
  if (!user) throw new HttpError(400, AUTH_DETAIL.invalidOneShotCode);
  return startSession(deps, user, userAgent);
}

/**
 * The user whose live session the browser's refresh cookie belongs to (not rotating it), or null:
 * what the browser steps of a connection flow check the flow's user against.
 */
export async function browserSessionUserId(deps: AppDeps, refreshCookie: string | undefined) {
  if (!refreshCookie) return null;
  const now = deps.clock.now();
  const row = await repo.liveSessionOfRefreshToken(deps.db.db, sha256(refreshCookie), now.toISOString());
  if (!row) return null;
  if (row.rotated_at && now.getTime() - Date.parse(row.rotated_at) > REFRESH_GRACE_MS) return null;
  return row.user_id;
}

// ---- Identity providers (authorization code + PKCE) ----

const PROVIDER_SCOPES: Record<LoginProvider, string> = {
  google: 'openid email profile',
  microsoft: 'openid profile email offline_access User.Read',
};

function providerConfig(deps: AppDeps, provider: LoginProvider) {
  const endpoints = deps.config.identityProviders[provider];
  if (!endpoints) throw new HttpError(404, AUTH_DETAIL.providerNotConfigured(provider));
  return endpoints;
}

const callbackUrl = (deps: AppDeps, provider: LoginProvider) =>
  `${deps.config.publicUrl}/api/${provider}/auth/signin/callback`;

/** Only same-site paths: never `//host` or a full URL, so the return cannot leave the app. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/chat';
  return value.slice(0, 2000);
}

/**
 * Starts an identity-provider sign-in. The state is kept server-side and its id goes to the
 * browser as a cookie too (the route sets it), so the callback completes only in this browser.
 */
export async function startProviderSignin(
  deps: AppDeps,
  provider: LoginProvider,
  options: { mode: RunMode; returnTo: string | undefined },
): Promise<{ location: string; stateId: string }> {
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
  const client = await oauthClient(deps, endpoints);
  const location = authorizeUrl(client, {
    redirectUri: callbackUrl(deps, provider),
    scope: PROVIDER_SCOPES[provider],
    state: JSON.stringify({ id, mode: options.mode }),
    verifier,
    params: signinPromptParams(endpoints, client),
  });
  return { location, stateId: id };
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

/** The page the browser continues on: where to go, or a failure's code (the page words it). */
const callbackPage = (params: { return_to: string; mode: string } | { error: SigninFailure }) =>
  `/auth/callback#${new URLSearchParams(params).toString()}`;

/**
 * The provider's redirect back. The state must be the one this browser started (its cookie), then
 * the server trades the code, asks the provider who signed in and signs that user in here: the
 * route sets the session's cookie and the browser continues on /auth/callback with no token in
 * its address.
 */
export async function completeProviderSignin(
  deps: AppDeps,
  provider: LoginProvider,
  callback: {
    query: {
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
      iss?: string | undefined;
    };
    browserStateId: string | undefined;
    userAgent: string | null;
  },
  log: Log,
): Promise<{ location: string; session?: IssuedSession }> {
  const endpoints = providerConfig(deps, provider);
  const stateRef = parseState(callback.query.state);
  const state =
    stateRef && stateRef.id === callback.browserStateId
      ? await repo.consumeOAuthState(deps.db.db, stateRef.id, provider, 'signin', isoNow(deps.clock))
      : undefined;
  if (!state) return { location: callbackPage({ error: 'expired' }) };
  if (callback.query.error || !callback.query.code || !callback.query.state) {
    return {
      location: callbackPage({ error: callback.query.error === 'access_denied' ? 'cancelled' : 'provider' }),
    };
  }
  // openid-client checks the answer before trading its code: RFC 9207's `iss` (an answer naming
  // another issuer, or none where ours always names itself, may come from another provider the
  // browser was sent to: a mix-up) and any ID token; nothing in a refused answer is used.
  const client = await oauthClient(deps, endpoints);
  const exchange = await exchangeCode(client, {
    redirectUri: callbackUrl(deps, provider),
    query: { code: callback.query.code, state: callback.query.state, iss: callback.query.iss },
    verifier: state.code_verifier,
  });
  if ('failure' in exchange) {
    log.warn({ provider, reason: exchange.failure }, 'code exchange failed');
    return { location: callbackPage({ error: 'provider' }) };
  }
  const tokens = exchange.tokens;
  try {
    const user = await userOfIdentity(
      deps,
      provider,
      await verifiedUserinfo(deps, provider, tokens.access_token),
    );
    return {
      location: callbackPage({ return_to: state.return_to, mode: state.mode }),
      session: await startSession(deps, user, callback.userAgent),
    };
  } catch (err) {
    if (err instanceof HttpError && err.status < 500)
      return {
        location: callbackPage({
          error: err.detail === SIGNIN_FAILURES.needs_password ? 'needs_password' : 'provider',
        }),
      };
    throw err;
  }
}

interface ProviderUserinfo {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
  /** The provider vouches that this person controls the address. */
  emailVerified: boolean;
}

/**
 * Whether the provider vouches for the address: OpenID's `email_verified`, or for Microsoft
 * accounts `xms_edov` (the email's domain is verified by its tenant), which Entra sends instead.
 */
const providerVerifiedEmail = (info: Record<string, unknown>) =>
  info.email_verified === true || info.email_verified === 'true' || info.xms_edov === true;

async function verifiedUserinfo(
  deps: AppDeps,
  provider: LoginProvider,
  accessToken: string,
): Promise<ProviderUserinfo> {
  const endpoints = providerConfig(deps, provider);
  const info = await fetchUserinfo(await oauthClient(deps, endpoints), accessToken);
  const email = typeof info?.email === 'string' ? info.email.trim().toLowerCase() : '';
  if (!info || typeof info.sub !== 'string' || !email) throw new HttpError(401, SIGNIN_FAILURES.provider);
  return {
    sub: info.sub,
    email,
    name: typeof info.name === 'string' ? info.name : email.split('@')[0]!,
    picture: typeof info.picture === 'string' && /^https?:\/\//.test(info.picture) ? info.picture : null,
    emailVerified: providerVerifiedEmail(info),
  };
}

/**
 * The account a provider identity signs in to. Known identities sign in to their account. A new
 * identity links to the existing account of its address only when one side proved the address:
 * - the account's address is verified and the provider vouches for it too: linked;
 * - the account's address was never verified but the provider vouches for it: the provider's
 *   owner gets the account. Whoever registered it before (perhaps someone else, to be waiting
 *   inside when the real owner arrives) loses it: the password is removed, every session ends,
 *   and the integrations it set up (connections, custom tool URLs) are removed by the
 *   accountClaimed hook, because they could point at that person's own mailbox or server;
 * - the provider does not vouch for the address: no link, a clear refusal (409).
 * With no account, a new one is made, verified when the provider vouches for the address.
 */
async function userOfIdentity(
  deps: AppDeps,
  provider: LoginProvider,
  info: ProviderUserinfo,
): Promise<UserRow> {
  const known = await users.findUserByProviderSub(deps, provider, info.sub);
  if (known) {
    if (info.emailVerified && known.email === info.email)
      return users.markEmailVerified(deps, known, provider);
    return known;
  }
  const existing = await users.findUserByEmail(deps, info.email);
  if (!existing) {
    return users.createUser(deps, {
      email: info.email,
      name: info.name,
      provider,
      providerSub: info.sub,
      profileImageUrl: info.picture,
      emailVerified: info.emailVerified,
    });
  }
  if (!info.emailVerified) throw new HttpError(409, SIGNIN_FAILURES.needs_password);
  const link = { provider, sub: info.sub, profileImageUrl: info.picture };
  if (existing.email_verified_at) return users.linkProvider(deps, existing.id, link);
  const claimed = await users.claimAccount(deps, existing.id, link);
  await repo.revokeUserSessions(deps.db.db, existing.id, isoNow(deps.clock));
  await emit(deps.hooks.accountClaimed, existing.id);
  await recordAudit(deps, {
    action: 'auth.account_claimed',
    userId: existing.id,
    actor: 'system',
    target: provider,
    details: { reason: 'an unverified account was claimed by the provider-verified owner of its address' },
  });
  return claimed;
}

/**
 * Sign-in with a provider token the browser holds: a host page handing the widget its user's
 * token (AUTH_SUCCESS). The provider's own userinfo decides who this is, not the post.
 */
export async function signinWithProvider(deps: AppDeps, input: TSigninRequest, userAgent: string | null) {
  const info = await verifiedUserinfo(deps, input.login_provider, input.access_token);
  if (input.user && info.sub !== input.user.sub) throw new HttpError(401, SIGNIN_FAILURES.provider);
  return startSession(deps, await userOfIdentity(deps, input.login_provider, info), userAgent);
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
