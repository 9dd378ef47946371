// Redis away: every connection the app keeps to Redis (the events bus's two, the rate limits', the
// jobs queue's and worker's) warns at most once per REDIS_WARN_EVERY_MS, not on each reconnect, and
// says when Redis answers again.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTcpProxy } from '@knap/fakes';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app.js';
import { createTestDb, type TestDb, testConfig } from '../testing/test-app.js';
import { eventually } from '../testing/wait.js';

const CONNECTIONS = [
  'redis bus (publish)',
  'redis bus (subscribe)',
  'rate limits',
  'jobs queue',
  'jobs worker',
];

interface Line {
  level: number;
  msg: string;
  connection?: string;
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The app with its own BullMQ scheduler (started) on `redisUrl`, and its log lines. */
async function appOn(redisUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-redis-log-'));
  // The schema also names this app's job queue in Redis, whose keys are removed at the end.
  const schema = `redis_log_${path.basename(dataDir).replace(/\W/g, '_')}`;
  const config = testConfig(dataDir, { redisUrl, logLevel: 'info', databaseSchema: schema });
  const db: TestDb = await createTestDb(dataDir, config.databaseUrl);
  const lines: Line[] = [];
  const app: AppInstance = await buildApp({
    config,
    db,
    logStream: { write: (line) => lines.push(JSON.parse(line) as Line) },
  });
  await app.ready();
  app.deps.jobs.start();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await db.drop();
      if (process.env.TEST_REDIS_URL) {
        const redis = new Redis(process.env.TEST_REDIS_URL);
        const keys = await redis.keys(`knap:${schema}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const warningsOf = (lines: Line[], connection: string) =>
  lines.filter((l) => l.level === 40 && l.connection === connection);

describe('Redis warnings', () => {
  const closing: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('a connection to a Redis that is not there warns once or twice in 3 s, not on every retry', async () => {
    const { lines, close } = await appOn(`redis://127.0.0.1:${await deadPort()}`);
    closing.push(close);
    await new Promise((r) => setTimeout(r, 3_000));
    for (const connection of CONNECTIONS) {
      const warnings = warningsOf(lines, connection);
      expect(warnings.length, connection).toBeGreaterThanOrEqual(1);
      expect(warnings.length, connection).toBeLessThanOrEqual(2);
    }
  }, 20_000);

  // The Redis run only (the SQLite run has no Redis).
  if (process.env.TEST_REDIS_URL)
    it('says when Redis is reachable again, and after how long', async () => {
      const proxy = await startTcpProxy(process.env.TEST_REDIS_URL!);
      await proxy.down();
      const { lines, close } = await appOn(proxy.url);
      closing.push(close, () => proxy.close());
      await new Promise((r) => setTimeout(r, 1_500));
      await proxy.up();
      await eventually(
        async () =>
          CONNECTIONS.filter((c) => lines.some((l) => l.connection === c && /reachable again/.test(l.msg))),
        (back) => back.length === CONNECTIONS.length,
      );
      const back = lines.find((l) => l.connection === 'rate limits' && /reachable again/.test(l.msg))!;
      expect(back.msg).toMatch(/^rate limits: redis reachable again after \d+(\.\d)? s$/);
      expect(Number(/after ([\d.]+) s/.exec(back.msg)![1])).toBeGreaterThanOrEqual(1);
    }, 20_000);
});
