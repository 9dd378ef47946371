// The process as `npm start` runs it: boots on embedded defaults, stops cleanly on SIGTERM (exit 0,
// idle keep-alive sockets or Redis gone notwithstanding), refuses every bad configuration with one
// line naming the variable within 10 s, and waits for a database that is not up yet when told to.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeS3, startFakeS3, startTcpProxy } from '@knap/fakes';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningUrl, SERVER_START_MS, type ServerProcess, spawnServer } from './testing/server-process.js';

const main = path.join(import.meta.dirname, 'main.ts');
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const tmpDir = () => mkdtempSync(path.join(os.tmpdir(), 'knap-main-'));
/** A test's own bound: a start, what it does, and the stop. */
const PROCESS_TEST_MS = SERVER_START_MS + 30_000;

const start = (env: Record<string, string>) =>
  spawnServer({ PORT: '0', DATA_DIR: tmpDir(), ...env }, { killAfterMs: PROCESS_TEST_MS });

async function waitFor<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

const openUrl = (s: ServerProcess) => listeningUrl(s);

/** A socket that made one keep-alive request and now sits idle, as a browser's does. */
async function idleKeepAlive(url: string): Promise<net.Socket> {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  const answer = await new Promise<string>((resolve) =>
    socket.once('data', (c: Buffer) => resolve(String(c))),
  );
  expect(answer).toMatch(/^HTTP\/1.1 200/);
  return socket;
}

/** SIGTERM while `socket` idles: the server closes it and the process exits 0, promptly. */
async function stopsCleanly(s: ServerProcess, url: string, socket: net.Socket) {
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const sent = Date.now();
  s.proc.kill('SIGTERM');
  const { code } = await s.exited;
  expect(code).toBe(0);
  expect(Date.now() - sent).toBeLessThan(5_000);
  await closed;
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
}

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Forwards `port` on loopback to `target`; close() drops every connection, as a dead server would. */
describe('the server process', { timeout: PROCESS_TEST_MS }, () => {
  it('starts on embedded defaults, and on SIGTERM closes an idle keep-alive socket and exits 0', async () => {
    const s = start({});
    const url = await openUrl(s);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'sqlite' });
    await stopsCleanly(s, url, await idleKeepAlive(url));
    expect(s.errors()).toBe('');
  });

  it('starts with S3_URL once the bucket answered its check, and logs nothing of its secret', async () => {
    const bucket = await startFakeS3();
    try {
      const s = start({ S3_URL: bucket.s3Url('knap-documents') });
      const url = await openUrl(s);
      expect(bucket.requests).toEqual([{ method: 'HEAD', path: '/knap-documents/' }]);
      await stopsCleanly(s, url, await idleKeepAlive(url));
      expect(s.errors()).toBe('');
      expect(s.output()).not.toContain(bucket.secretAccessKey);
    } finally {
      await bucket.close();
    }
  });

  it('starts with Redis unreachable, and exits 0 on SIGTERM', async () => {
    const s = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const url = await openUrl(s);
    await stopsCleanly(s, url, await idleKeepAlive(url));
    expect(s.errors()).toBe('');
  });

  it('ends a request still under way after SHUTDOWN_DRAIN_MS, and exits 0', async () => {
    const s = start({ SHUTDOWN_DRAIN_MS: '1000' });
    const url = await openUrl(s);
    // A request whose body never finishes arriving: the close waits for it until the drain time.
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/authentication/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    await new Promise((r) => setTimeout(r, 300));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const sent = Date.now();
    s.proc.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - sent).toBeLessThan(5_000);
    await closed;
  });

  // Redis and PostgreSQL runs only (the SQLite run has neither).
  if (redisUrl)
    it('exits 0 on SIGTERM when Redis went away after the start', async () => {
      const redis = new URL(redisUrl ?? 'redis://x');
      const port = await freePort();
      const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }, port);
      const s = start({ REDIS_URL: `redis://127.0.0.1:${port}` });
      const url = await openUrl(s);
      const socket = await idleKeepAlive(url);
      await proxy.close();
      await new Promise((r) => setTimeout(r, 500));
      await stopsCleanly(s, url, socket);
    });
});

/** The pids of a process's children that run the server (not, say, tsx's esbuild). */
function serverChildrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .filter((line) => line.includes(main))
    .map((line) => Number.parseInt(line.trim(), 10));
}

// With PostgreSQL and Redis (the SQLite run has neither): several processes behind one port.
if (databaseUrl && redisUrl)
  describe('SERVER_PROCESSES=2', { timeout: PROCESS_TEST_MS + 30_000 }, () => {
    it('migrates, runs two server processes on one port, says so in one line, replaces one killed, passes SIGTERM on', async () => {
      const schema = `knap_processes_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const s = start({
          SERVER_PROCESSES: '2',
          DATABASE_URL: databaseUrl!,
          DATABASE_SCHEMA: schema,
          REDIS_URL: redisUrl!,
          KNAP_SECRET: 'p'.repeat(32),
        });
        const url = await openUrl(s);
        expect(s.output().match(/open http/g)).toHaveLength(1);
        expect(s.output()).toContain('in 2 processes');
        const workers = serverChildrenOf(s.proc.pid!);
        expect(workers).toHaveLength(2);
        // Migrated once, by the first process, before the others started.
        const migrations = await admin.query(`select count(*)::int as n from "${schema}".kysely_migration`);
        expect(migrations.rows[0].n).toBeGreaterThan(0);
        // Both answer on the one port (the primary hands connections round-robin); fresh connections.
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
          expect(res.status).toBe(200);
        }
        // A process killed outright is replaced, and the port keeps answering.
        process.kill(workers[0]!, 'SIGKILL');
        const replaced = await waitFor(() => {
          const now = serverChildrenOf(s.proc.pid!);
          return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
        }, SERVER_START_MS);
        expect(replaced).toContain(workers[1]);
        expect((await fetch(`${url}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);
        const sent = Date.now();
        s.proc.kill('SIGTERM');
        expect((await s.exited).code).toBe(0);
        expect(Date.now() - sent).toBeLessThan(10_000);
        for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
        // The replacement is said, and nothing else went wrong but, on a loaded machine, a late
        // answer to the database's probe.
        const probe = /^database (does not answer; requests get 503 until it does|reachable again)$/;
        expect(
          s
            .errors()
            .split('\n')
            .filter((line) => line && !probe.test(line)),
        ).toEqual([`A server process (pid ${workers[0]}) ended (SIGKILL); starting another`]);
      } finally {
        await admin.query(`drop schema if exists "${schema}" cascade`);
        await admin.end();
      }
    });
  });

describe('a configuration that cannot work', () => {
  const taken: net.Server[] = [];
  const buckets: FakeS3[] = [];
  afterAll(async () => {
    for (const server of taken) server.close();
    for (const bucket of buckets) await bucket.close();
  });
  const fakeS3 = async () => {
    const fake = await startFakeS3();
    buckets.push(fake);
    return fake;
  };
  const aFile = () => {
    const file = path.join(tmpDir(), 'not-a-dir');
    writeFileSync(file, '');
    return file;
  };
  const cases: Array<[string, () => Promise<Record<string, string>>, RegExp]> = [
    ['a malformed PORT', async () => ({ PORT: 'not-a-port' }), /^Invalid configuration: PORT /],
    [
      'a PORT in use',
      async () => {
        const server = net.createServer();
        taken.push(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return { PORT: String((server.address() as net.AddressInfo).port) };
      },
      /^PORT=\d+ is in use on HOST=127\.0\.0\.1 \(EADDRINUSE\)$/,
    ],
    [
      'a HOST that is no address',
      async () => ({ HOST: '999.1.1.1' }),
      /^Cannot listen on HOST=999\.1\.1\.1 PORT=0: .*\(E[A-Z_]+\)$/,
    ],
    [
      'an unreachable DATABASE_URL',
      async () => ({ DATABASE_URL: 'postgres://knap:s3cret-pw@127.0.0.1:1/knap' }),
      /^Cannot reach the database at DATABASE_URL \(postgres:\/\/knap:\*\*\*@127\.0\.0\.1:1\/knap\): connection refused \(ECONNREFUSED\)$/,
    ],
    [
      'a malformed DATABASE_URL',
      async () => ({ DATABASE_URL: 'postgres://knap:s3cret-pw@127.0.0.1:5432:1/knap' }),
      /^Invalid configuration: DATABASE_URL must be a URL: .*knap:\*\*\*@/,
    ],
    [
      'DATA_DIR a file',
      async () => ({ DATA_DIR: aFile() }),
      /^Cannot use DATA_DIR=\S+: not a directory \(ENOTDIR\)$/,
    ],
    [
      'DATA_DIR under a file',
      async () => ({ DATA_DIR: path.join(aFile(), 'data') }),
      /^Cannot use DATA_DIR=\S+: not a directory \(ENOTDIR\)$/,
    ],
    // Node's recursive mkdir loops for ever here: /proc exists but no directory can be made in it.
    [
      'DATA_DIR=/proc/x',
      async () => ({ DATA_DIR: '/proc/x' }),
      /^Cannot use DATA_DIR=\/proc\/x: .* \(ENOENT\)$/,
    ],
    // A directory that exists but takes no files, whoever runs the test (root included).
    ['DATA_DIR=/proc', async () => ({ DATA_DIR: '/proc' }), /^Cannot use DATA_DIR=\/proc: .* \(E[A-Z]+\)$/],
  ];
  cases.push(
    [
      'an S3_URL whose host does not answer',
      async () => ({ S3_URL: 'http://AKIA1:s3cret-pw@127.0.0.1:1/knap-documents' }),
      /^Cannot use the bucket at S3_URL \(http:\/\/AKIA1:\*\*\*@127\.0\.0\.1:1\/knap-documents\): ECONNREFUSED$/,
    ],
    [
      'an S3_URL naming a bucket that does not exist',
      async () => ({ S3_URL: (await fakeS3()).s3Url('no-such-bucket') }),
      /^Cannot use the bucket at S3_URL \(http:\/\/AKIAFAKEKNAP:\*\*\*@127\.0\.0\.1:\d+\/no-such-bucket\?region=us-east-1\): no such bucket$/,
    ],
    [
      'an S3_URL with a secret the bucket refuses',
      async () => ({ S3_URL: (await fakeS3()).s3Url('knap-documents', { secret: 's3cret-pw' }) }),
      /^Cannot use the bucket at S3_URL \(.*:\*\*\*@.*\): access denied \(check the access key id and secret\)$/,
    ],
  );
  cases.push([
    'SERVER_PROCESSES above 1 without PostgreSQL and Redis',
    async () => ({ SERVER_PROCESSES: '2', REDIS_URL: 'redis://127.0.0.1:1' }),
    /^Invalid configuration: SERVER_PROCESSES=2 needs DATABASE_URL and REDIS_URL$/,
  ]);
  if (databaseUrl) {
    const missing = new URL(databaseUrl);
    missing.pathname = '/knap_missing_db_x';
    cases.push([
      'a DATABASE_URL naming a database that does not exist',
      async () => ({ DATABASE_URL: missing.toString() }),
      /^DATABASE_URL names a database that does not exist: postgres:\/\/.*\/knap_missing_db_x$/,
    ]);
  }

  it.each(cases)('%s: one line naming the variable, exit 1 within 10 s', async (_name, env, line) => {
    const s = start(await env());
    const { code, ms } = await s.exited;
    expect(code).toBe(1);
    expect(ms).toBeLessThan(10_000);
    expect(s.errors().trimEnd().split('\n'), s.errors()).toHaveLength(1);
    expect(s.errors().trimEnd()).toMatch(line);
    expect(s.errors()).not.toContain('s3cret-pw');
  });
});

describe('a database that is not up at the start', { timeout: PROCESS_TEST_MS }, () => {
  it('is waited for with a line per attempt, then given up with one line', async () => {
    const port = await freePort();
    const s = start({
      DATABASE_URL: `postgres://knap:s3cret-pw@127.0.0.1:${port}/knap`,
      DATABASE_CONNECT_WAIT_MS: '2500',
    });
    const { code } = await s.exited;
    expect(code).toBe(1);
    const lines = s.errors().trimEnd().split('\n');
    const named = `DATABASE_URL \\(postgres://knap:\\*\\*\\*@127\\.0\\.0\\.1:${port}/knap\\)`;
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const waiting of lines.slice(0, -1))
      expect(waiting).toMatch(
        new RegExp(
          `^Waiting for the database at ${named}: connection refused \\(ECONNREFUSED\\); retrying in \\d s$`,
        ),
      );
    expect(lines.at(-1)).toMatch(new RegExp(`^Cannot reach the database at ${named}: connection refused`));
    expect(s.errors()).not.toContain('s3cret-pw');
  });

  if (databaseUrl)
    describe('on PostgreSQL', () => {
      const schema = `knap_main_${randomBytes(4).toString('hex')}`;
      afterAll(async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      });

      it('starts once it answers, and logs an outage after that in its own log', async () => {
        const target = new URL(databaseUrl ?? 'postgres://x');
        const port = await freePort();
        const url = new URL(target);
        url.host = `127.0.0.1:${port}`;
        const s = start({
          DATABASE_URL: url.toString(),
          DATABASE_SCHEMA: schema,
          DATABASE_CONNECT_WAIT_MS: '30000',
        });
        await waitFor(() => (/^Waiting for the database/.test(s.errors()) ? true : undefined));
        const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, port);
        try {
          const app = await openUrl(s);
          const health = await fetch(`${app}/api/health`);
          expect(await health.json()).toMatchObject({ status: 'ok', db: 'postgres' });
          // An outage once running is told in the app's own log (stdout), like every other line.
          proxy.down();
          await waitFor(() => (s.output().includes('"msg":"database does not answer') ? true : undefined));
          proxy.up();
          await waitFor(() => (s.output().includes('"msg":"database reachable again"') ? true : undefined));
          s.proc.kill('SIGTERM');
          expect((await s.exited).code).toBe(0);
        } finally {
          await proxy.close();
        }
        // Before the app's log exists (the migrations) the database's own lines go to stderr: on a
        // loaded machine the probe may time out then and say so, and that it answers again.
        const probe = /^database (does not answer; requests get 503 until it does|reachable again)$/;
        const errors = s
          .errors()
          .split('\n')
          .filter((line) => line && !probe.test(line));
        expect(errors.length).toBeGreaterThan(0);
        for (const line of errors)
          expect(line).toMatch(/^Waiting for the database at DATABASE_URL .*; retrying in \d s$/);
      });
    });
});
