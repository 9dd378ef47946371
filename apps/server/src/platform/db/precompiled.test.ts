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
});
