import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp } from '../../testing/users.js';
import { precompiled } from './precompiled.js';

describe(`precompiled queries (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, { email: 'a@one.example' });
    await signUp(t, { email: 'b@two.example' });
  });
  afterAll(() => t.close());

  it('binds each call’s values where the arguments land, whatever their order in the SQL', async () => {
    // `limit` comes last in the SQL but first among the arguments.
    const emails = precompiled(
      (db, limit: number, pattern: string) =>
        db.selectFrom('users').select('email').where('email', 'like', pattern).orderBy('email').limit(limit),
      [987_654_321, '\u0000pattern'] as const,
    );
    expect(await emails(t.db.db, 10, '%example')).toEqual([
      { email: 'a@one.example' },
      { email: 'b@two.example' },
    ]);
    expect(await emails(t.db.db, 1, '%example')).toEqual([{ email: 'a@one.example' }]);
    expect(await emails(t.db.db, 10, '%two%')).toEqual([{ email: 'b@two.example' }]);
  });

  it('refuses a query with a value that is not one of its arguments', async () => {
    const wrong = precompiled(
      (db, _unused: string) => db.selectFrom('users').select('email').where('email', '=', 'fixed@x.example'),
      ['\u0000unused'] as const,
    );
    await expect(wrong(t.db.db, 'x')).rejects.toThrow(/not one of the arguments/);
  });

  it('refuses `*`, which a prepared statement cannot keep across a migration that adds a column', async () => {
    const star = precompiled(
      (db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email),
      ['\u0000email'] as const,
    );
    await expect(star(t.db.db, 'a@one.example')).rejects.toThrow(/name the columns/);
  });

  // SQLite keeps every statement prepared (index.ts withStatementCache); this is PostgreSQL's own.
  if (testEngine() === 'postgres')
    it('runs as a named prepared statement on PostgreSQL, parsed once per connection', async () => {
      const byEmail = precompiled(
        (db, email: string) => db.selectFrom('users').select('email').where('email', '=', email),
        ['\u0000email'] as const,
      );
      // One pinned connection, so its prepared statements can be read back.
      const prepared = await t.db.db.connection().execute(async (conn) => {
        expect(await byEmail(conn, 'a@one.example')).toEqual([{ email: 'a@one.example' }]);
        expect(await byEmail(conn, 'b@two.example')).toEqual([{ email: 'b@two.example' }]);
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements where statement like ${'%"email" = $1%'}
        `.execute(conn);
        return rows;
      });
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^knap_\d+$/);
    });
});
