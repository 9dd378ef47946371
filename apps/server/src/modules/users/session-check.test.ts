// The session check every signed-in request runs: by primary keys, however many sessions there are.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { findSessionUsers, sessionUsersQuery } from './repo.js';

describe(`session check (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Thousands of users and sessions, so a scan would cost more than the lookups (and the planner
    // knows it); written directly, as signing up that many would take long.
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (let i = 0; i < 4000; i += 500) {
      const ids = Array.from({ length: 500 }, (_, k) => `${String(i + k).padStart(5, '0')}`);
      await t.db.db
        .insertInto('users')
        .values(
          ids.map((n) => ({
            id: `u${n}`,
            uuid: `uuid${n}`,
            email: `u${n}@s.example`,
            name: `U ${n}`,
            created_at: at,
          })),
        )
        .execute();
      await t.db.db
        .insertInto('auth_sessions')
        .values(
          ids.map((n) => ({
            id: `s${n}`,
            user_id: `u${n}`,
            created_at: at,
            expires_at: later,
            revoked_at: null,
            user_agent: null,
          })),
        )
        .execute();
    }
    await sql`analyze users`.execute(t.db.db);
    await sql`analyze auth_sessions`.execute(t.db.db);
  });
  afterAll(() => t.close());

  /** `n` of the sessions, spread over the table. */
  const sessionIds = (n: number) =>
    Array.from({ length: n }, (_, k) => `s${String(k * 97).padStart(5, '0')}`);

  it('finds each session and its user by primary key, never scanning sessions or users', async () => {
    const ids = sessionIds(20);
    const now = new Date().toISOString();
    const query =
      t.db.engine === 'postgres'
        ? sessionUsersQuery.postgres(t.db.db, ids, now)
        : sessionUsersQuery.sqlite(t.db.db, JSON.stringify(ids), now);
    const compiled = query.compile();
    const prefix = t.db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
    const plan = JSON.stringify(
      (await t.db.db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))).rows,
    );
    if (t.db.engine === 'sqlite') {
      // The cross joins fix the order: each id, then its session and its user by primary key.
      expect(plan).toMatch(/SEARCH auth_sessions USING INDEX sqlite_autoindex_auth_sessions_1 \(id=\?\)/);
      expect(plan).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
      expect(plan).not.toMatch(/SCAN auth_sessions|SCAN users/);
    } else {
      // Sessions (one per sign-in, the table that grows) by primary key; the users by whichever
      // join the planner finds cheaper for the table's size.
      expect(plan).toMatch(/Index Scan using auth_sessions_pkey/);
      expect(plan).not.toMatch(/Seq Scan on auth_sessions/);
    }
  });

  it('answers the live sessions among many ids at once, each with its own user', async () => {
    const ids = sessionIds(12);
    await t.db.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', ids[3]!)
      .execute();
    const rows = await findSessionUsers(
      t.db.db,
      t.db.engine,
      [...ids, 'no-such-session'],
      new Date().toISOString(),
    );
    expect(rows.map((r) => r.session_id).sort()).toEqual(ids.filter((_, i) => i !== 3).sort());
    const owners = await t.db.db.selectFrom('auth_sessions').select(['id', 'user_id']).execute();
    const ownerOf = new Map(owners.map((o) => [o.id, o.user_id]));
    for (const row of rows) expect(row.id).toBe(ownerOf.get(row.session_id));
  });
});
