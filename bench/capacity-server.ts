// Child process of bench/capacity.ts: the app under test, built as the tests build it (a fresh
// SQLite file, or a fresh PostgreSQL schema with CAPACITY_DATABASE_URL) with the real OpenAI
// provider pointed at the fake model's process, logging requests at `info` as a deployment does
// (to /dev/null). Cheap password hashes (scrypt 2^10), so a run can sign up thousands of users;
// nothing measured hashes. Sends its URL on IPC; `{ close: true }` drops the database and exits.
import { openSync, writeSync } from 'node:fs';
import type { FakeLlm } from '@knap/fakes';
import { createTestApp, fakeLlm } from '@knap/server/testing';
import { answerProbes } from './capacity-probe.js';

const llm = fakeLlm({ baseUrl: process.env.CAPACITY_MODEL_URL } as FakeLlm, { timeoutMs: 60_000 });
const devNull = openSync('/dev/null', 'w');
const t = await createTestApp({
  config: {
    llm: llm.config,
    databaseUrl: process.env.CAPACITY_DATABASE_URL || undefined,
    // The server's default pool (not the tests' 5), unless CAPACITY_POOL_MAX says otherwise.
    databasePoolMax: Number(process.env.CAPACITY_POOL_MAX ?? 10),
    redisUrl: undefined,
    scryptLogN: 10,
    logLevel: 'info',
    rateLimits: { modelPerMinute: 100_000, pdfPerMinute: 100, registerPerHour: 100_000 },
    // Load shedding as configured for the run (the test apps' default sheds nothing).
    shedEventLoopDelayMs: Number(process.env.CAPACITY_SHED_DELAY_MS ?? 0),
    shedEventLoopUtilization: Number(process.env.CAPACITY_SHED_UTILIZATION ?? 0),
  },
  llm: llm.model,
  logStream: { write: (line) => writeSync(devNull, line) },
});
const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
// The pool, sampled every 10 ms: how many connections are in use and how many callers wait for one.
const pool = t.db.driver.engine === 'postgres' ? t.db.driver.pool : undefined;
let samples = 0;
let busy = 0;
let waiting = 0;
let maxWaiting = 0;
setInterval(() => {
  if (!pool) return;
  samples++;
  busy += pool.totalCount - pool.idleCount;
  waiting += pool.waitingCount;
  maxWaiting = Math.max(maxWaiting, pool.waitingCount);
}, 10).unref();
answerProbes({
  start() {
    samples = busy = waiting = maxWaiting = 0;
  },
  end: () => ({
    // Declared by the assistant module on the app's deps, which the testing entry does not import.
    running: (t.app.deps as unknown as { runningReplies: Map<string, unknown> }).runningReplies.size,
    ...(pool && samples ? { pool: { busy: busy / samples, waiting: waiting / samples, maxWaiting } } : {}),
  }),
});
process.send?.({ url, engine: t.db.engine });

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await t.close();
  process.exit(0);
};
process.on('message', (m: { close?: boolean }) => {
  if (m?.close) void close();
});
process.on('disconnect', () => void close());
