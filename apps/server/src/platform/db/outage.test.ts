// The database as a dependency that fails: a connection terminated mid-request, a network
// partition, a database locked past its busy timeout. Each answers 503 with Retry-After, the
// process lives on, health tells the truth within a second, and everything works again after.
import { startTcpProxy } from '@knap/fakes';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInUser, signUp, type TestApp, testEngine } from '../../testing/index.js';

const health = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
const chats = (t: TestApp, user: SignedInUser) =>
  t.app.inject({ method: 'GET', url: '/api/chat/chats', headers: { authorization: `Bearer ${user.token}` } });

async function until(probe: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await probe()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe(`the database fails and comes back (${testEngine()})`, () => {
  if (testEngine() === 'sqlite') {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers 503 with Retry-After while another process holds the file locked, then works', async () => {
      const user = await signUp(t);
      const file = t.db.driver.engine === 'sqlite' ? t.db.driver.sqlite.name : '';
      const other = new SQLite(file);
      other.pragma('busy_timeout = 0');
      other.exec('BEGIN EXCLUSIVE');
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/chat/chats',
          headers: { authorization: `Bearer ${user.token}` },
          payload: {},
        });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({
          detail: 'The service is briefly unavailable. Please try again in a few seconds.',
        });
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect((await chats(t, user)).json().total).toBe(0);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/chat/chats',
        headers: { authorization: `Bearer ${user.token}` },
        payload: {},
      });
      expect(made.statusCode).toBe(200);
    }, 20_000);
    return;
  }

  const url = process.env.TEST_DATABASE_URL!;

  describe('a pooled connection terminated mid-request', () => {
    let t: TestApp;
    let admin: pg.Client;
    beforeAll(async () => {
      t = await createTestApp();
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await t.close();
    });

    it('answers that request 503, keeps the process, and the next request works', async () => {
      const user = await signUp(t);
      expect((await chats(t, user)).statusCode).toBe(200);
      const pooled = await Promise.all(
        Array.from({ length: 5 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(t.db.db),
        ),
      );
      // The session check waits on a lock, holding a pooled connection; that backend is terminated.
      await admin.query('begin');
      await admin.query(`lock table ${t.db.schema}.auth_sessions in access exclusive mode`);
      const pending = chats(t, user);
      const waiter = await (async () => {
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query<{ pid: number }>(
            `select pid from pg_locks where relation = '${t.db.schema}.auth_sessions'::regclass and not granted`,
          );
          if (rows[0]) return rows[0].pid;
          await new Promise((r) => setTimeout(r, 20));
        }
        throw new Error('the request never waited on the lock');
      })();
      await admin.query('select pg_terminate_backend($1)', [waiter]);
      await admin.query('rollback');
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().detail).toBe(
        'The service is briefly unavailable. Please try again in a few seconds.',
      );
      // Every connection of the pool terminated too (a restart of PostgreSQL): nothing crashes.
      for (const { rows } of pooled) await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await until(async () => (await chats(t, user)).statusCode === 200, 5_000);
      expect(await health(t)).toMatchObject({ status: 'ok', db_ok: true });
    }, 30_000);
  });

  describe('a network partition between the app and PostgreSQL', () => {
    let t: TestApp;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    beforeAll(async () => {
      proxy = await startTcpProxy(url);
      t = await createTestApp({ config: { databaseUrl: proxy.url } });
    });
    afterAll(async () => {
      proxy.heal();
      await t.close();
      await proxy.close();
    });

    it('says degraded within a second, answers 503 at once, and recovers when healed', async () => {
      const user = await signUp(t);
      expect(await health(t)).toMatchObject({ status: 'ok', db_ok: true });
      proxy.partition();
      const noticed = await until(async () => (await health(t)).status === 'degraded', 2_000);
      expect(noticed).toBeLessThan(1_000);
      // Health answers from the probe: it never waits behind the pool.
      const started = Date.now();
      expect(await health(t)).toMatchObject({ status: 'degraded', db_ok: false });
      expect(Date.now() - started).toBeLessThan(200);
      const res = await chats(t, user);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      proxy.heal();
      await until(async () => (await health(t)).status === 'ok', 5_000);
      await until(async () => (await chats(t, user)).statusCode === 200, 40_000);
    }, 60_000);
  });
});
