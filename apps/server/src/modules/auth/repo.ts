// SQL for sign-in sessions, refresh tokens, one-shot codes, OAuth states and email verification links.
import type { Kysely } from 'kysely';
import type { Database, OAuthStatesTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export async function insertSession(
  db: Q,
  row: { id: string; user_id: string; created_at: string; expires_at: string; user_agent: string | null },
): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function revokeSession(db: Q, sessionId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertRefreshToken(
  db: Q,
  row: { id: string; session_id: string; token_hash: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ ...row, rotated_at: null })
    .execute();
}

export const findRefreshToken = (db: Q, tokenHash: string) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.session_id',
      'refresh_tokens.rotated_at',
      'auth_sessions.user_id',
      'auth_sessions.expires_at',
      'auth_sessions.revoked_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Marks a token rotated; false when another request rotated it first. */
export async function markRotated(db: Q, tokenId: string, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: nowIso })
    .where('id', '=', tokenId)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertOneShotCode(
  db: Q,
  row: { code_hash: string; user_id: string; created_at: string; expires_at: string; code_challenge: string },
): Promise<void> {
  await db
    .insertInto('one_shot_codes')
    .values({ ...row, used_at: null })
    .execute();
}

/**
 * Uses a code once: answers its user when it was unused, unexpired and minted for this challenge,
 * else undefined. A wrong verifier spends the code too, so it cannot be guessed at.
 */
export async function consumeOneShotCode(
  db: Q,
  codeHash: string,
  nowIso: string,
): Promise<{ user_id: string; code_challenge: string | null } | undefined> {
  return db
    .updateTable('one_shot_codes')
    .set({ used_at: nowIso })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning(['user_id', 'code_challenge'])
    .executeTakeFirst();
}

export async function insertOAuthState(db: Q, row: Omit<OAuthStatesTable, 'used_at'>): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({ ...row, used_at: null })
    .execute();
}

export const findOAuthState = (db: Q, id: string) =>
  db.selectFrom('oauth_states').selectAll().where('id', '=', id).executeTakeFirst();

/** Uses a state once: answers it when it was unused, unexpired and for this provider and purpose. */
export const consumeOAuthState = (db: Q, id: string, provider: string, purpose: string, nowIso: string) =>
  db
    .updateTable('oauth_states')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('provider', '=', provider)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returningAll()
    .executeTakeFirst();

/** Ends every session of the user (their account changed hands, or was proven someone else's). */
export async function revokeUserSessions(db: Q, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The live session a refresh token (the browser's cookie) belongs to, without rotating it. */
export const liveSessionOfRefreshToken = (db: Q, tokenHash: string, nowIso: string) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select(['auth_sessions.id', 'auth_sessions.user_id', 'refresh_tokens.rotated_at'])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .where('auth_sessions.revoked_at', 'is', null)
    .where('auth_sessions.expires_at', '>', nowIso)
    .executeTakeFirst();

export async function insertEmailVerification(
  db: Q,
  row: { token_hash: string; user_id: string; email: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ ...row, used_at: null })
    .execute();
}

/** Uses a verification link once: answers it when unused and unexpired. */
export const consumeEmailVerification = (db: Q, tokenHash: string, userId: string, nowIso: string) =>
  db
    .updateTable('email_verifications')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning(['email'])
    .executeTakeFirst();
