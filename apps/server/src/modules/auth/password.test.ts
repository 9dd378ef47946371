import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp } from '../../testing/users.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

const OWASP = /^scrypt\$131072\$8\$1\$/;
const OLD = /^scrypt\$16384\$8\$1\$/;
/** The cost a deployment gets when it sets nothing. */
const defaultCost = () =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-pw-')), KNAP_SECRET: 'k'.repeat(32) })
    .scryptLogN;

describe('password hashes', () => {
  it("hash with OWASP's scrypt parameters (N = 2^17, r = 8, p = 1) by default", async () => {
    const cost = defaultCost();
    const hash = await hashPassword('correct horse battery', cost);
    expect(hash).toMatch(OWASP);
    expect(await verifyPassword('correct horse battery', hash, cost)).toBe(true);
    expect(await verifyPassword('wrong horse battery', hash, cost)).toBe(false);
    expect(needsRehash(hash, cost)).toBe(false);
    expect(needsRehash(await hashPassword('x', 14), cost)).toBe(true);
  });

  it('answers false for an unknown user after checking a decoy of the same cost', async () => {
    expect(await verifyPassword('anything', null, 14)).toBe(false);
  });
});

describe(`signing in with a hash of an older cost (${testEngine()})`, () => {
  let t: TestApp;
  // The real default (OWASP's cost), not the tests' cheaper one.
  beforeAll(async () => {
    t = await createTestApp({ config: { scryptLogN: defaultCost() } });
  });
  afterAll(() => t.close());

  const storedHash = async (email: string) =>
    (
      await t.db.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash!;
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/authentication/login', payload: { email, password } });

  it('replaces a 2^14 hash with an OWASP one on the next successful sign-in, and only then', async () => {
    const user = await signUp(t);
    expect(await storedHash(user.email)).toMatch(OWASP);
    const old = await hashPassword(user.password, 14);
    expect(old).toMatch(OLD);
    await t.db.db.updateTable('users').set({ password_hash: old }).where('email', '=', user.email).execute();

    expect((await login(user.email, 'not the password')).statusCode).toBe(401);
    expect(await storedHash(user.email)).toBe(old);

    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const upgraded = await storedHash(user.email);
    expect(upgraded).toMatch(OWASP);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect(await storedHash(user.email)).toBe(upgraded);
  });
});
