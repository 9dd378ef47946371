// Access tokens (JWT, HS256) and the guard every signed-in route uses.
import { DETAIL } from '@knap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from './db/schema.js';
import type { AppDeps } from './deps.js';
import { HttpError } from './errors.js';

/** Longer than the client's 120-minute reuse window, so a reused token is never already expired. */
export const ACCESS_TOKEN_TTL_SECONDS = 6 * 3600;
export const TOKEN_ISSUER = 'knap-studio';
const AUDIENCE = 'knap-studio';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export async function signAccessToken(
  deps: Pick<AppDeps, 'keys' | 'clock'>,
  claims: { userId: string; sessionId: string },
): Promise<string> {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .sign(deps.keys.accessToken);
}

type Claims = { userId: string; sessionId: string };

/**
 * Tokens whose signature was already checked are remembered until they expire (deps.verifiedTokens):
 * a signed-in client sends the same token on every request, and re-verifying the HMAC each time is
 * a measurable share of a request. Revocation is unaffected: every request still checks its
 * session in the database.
 */
const VERIFIED_MAX = 10_000;

/** Verifies signature, issuer, audience and expiry; answers the claims or null. */
export async function verifyAccessToken(
  deps: Pick<AppDeps, 'keys' | 'clock' | 'verifiedTokens'>,
  token: string,
): Promise<Claims | null> {
  const now = deps.clock.now().getTime() / 1000;
  const verified = deps.verifiedTokens;
  const known = verified.get(token);
  if (known && known.exp > now) return { userId: known.userId, sessionId: known.sessionId };
  const claims = await verifySignature(deps, token);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return { userId: claims.userId, sessionId: claims.sessionId };
  }
  return null;
}

async function verifySignature(
  deps: Pick<AppDeps, 'keys' | 'clock'>,
  token: string,
): Promise<(Claims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, deps.keys.accessToken, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: AUDIENCE,
      currentDate: deps.clock.now(),
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return { userId: payload.sub, sessionId: payload.sid, exp: payload.exp };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the bearer token to a live session's user, or null. Set by the app (auth module). */
export type SessionResolver = (claims: { userId: string; sessionId: string }) => Promise<UserRow | null>;

/**
 * onRequest hook of signed-in routes: sets request.auth or answers 401 'Unauthorized' before the
 * body is parsed and validated (a preHandler ran after validation, whose 422 told anyone the schema).
 */
export function requireUser(deps: AppDeps, resolve: SessionResolver) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    const claims = token ? await verifyAccessToken(deps, token) : null;
    const user = claims ? await resolve(claims) : null;
    if (!claims || !user) throw new HttpError(401, DETAIL.unauthorized);
    request.auth = { user, sessionId: claims.sessionId };
  };
}

/** The signed-in context of a guarded route (throws if the guard was forgotten). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, DETAIL.unauthorized);
  return request.auth;
}

/**
 * A platform operator (OPERATOR_EMAILS): may adjust credits, manage knaps and see the jobs. The
 * address must be proven, or anyone could register a listed address before its owner does.
 */
export const isOperator = (deps: AppDeps, user: Pick<UserRow, 'email' | 'email_verified_at'>) =>
  user.email_verified_at !== null && deps.config.operatorEmails.includes(user.email.toLowerCase());
