// Scale-out (issue 11): two real server processes on one PostgreSQL schema and one Redis behave as
// one. Runs in the PostgreSQL run (TEST_DATABASE_URL and TEST_REDIS_URL); scripts/test.mjs leaves
// it out of the SQLite run, where there is no Redis to share.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEETING_BOT_PATHS, OPERATOR_PATHS } from '@knap/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBotSocket } from './testing/meeting-bot.js';
import { listeningUrl, type ServerProcess, spawnServer } from './testing/server-process.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl)
  throw new Error('scale-out.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL');

const OPERATOR = 'ops@scale.example';

type Instance = ServerProcess & { url: string };

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const server = spawnServer(env, { killAfterMs: 10 * 60_000 });
  return { ...server, url: await listeningUrl(server) };
}

describe('two server instances on PostgreSQL and Redis', () => {
  const schema = `scale_${randomBytes(5).toString('hex')}`;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      KNAP_SECRET: randomBytes(32).toString('hex'),
      OPERATOR_EMAILS: OPERATOR,
    };
    // One after the other: the second finds the migrations done (they run once, under a lock).
    a = await startInstance({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-a-')) });
    b = await startInstance({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-b-')) });
  }, 90_000);

  afterAll(async () => {
    for (const i of [a, b]) if (i && i.proc.exitCode === null) i.proc.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
    // The instances' job queues live under the schema's prefix.
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`knap:${schema}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const api = (base: string, token?: string) => async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const isJson = res.headers.get('content-type')?.includes('json');
    return { status: res.status, json: isJson && text ? JSON.parse(text) : null, text };
  };
  const register = async (base: string, email = `u-${randomBytes(4).toString('hex')}@scale.example`) => {
    const res = await api(base)('POST', '/api/authentication/register', {
      email,
      password: 'scale password 1',
      name: 'Scale Tester',
    });
    expect(res.status, res.text).toBe(200);
    return res.json.access_token as string;
  };

  it('both report the shared PostgreSQL, Redis and BullMQ', async () => {
    for (const i of [a, b])
      expect((await api(i.url)('GET', '/api/health')).json).toMatchObject({
        status: 'ok',
        db: 'postgres',
        redis: 'ok',
        jobs: 'bullmq',
      });
  });

  it('a websocket on A receives the bot status change made through B', async () => {
    const token = await register(a.url);
    const socket = await openBotSocket(a.url, token);
    expect((await socket.next()).type).toBe('status_update');
    const asB = api(b.url, token);
    const meeting = await asB('POST', '/user-meetings', {
      title: 'Scale review',
      start_time: new Date(Date.now() + 2 * 60_000).toISOString(),
      meeting_url: 'https://meet.example/scale',
    });
    expect(meeting.status, meeting.text).toBe(200);
    // Turning the notetaker on through B books the bot there; the push reaches A through Redis.
    expect((await asB('POST', MEETING_BOT_PATHS.toggle, { enabled: true })).status).toBe(200);
    expect((await socket.next()).type).toBe('status_update');
    socket.close();
  });

  /** The operator's address proven with the link it was mailed (kept in the system outbox: no SMTP). */
  const verify = async (base: string, token: string, email: string) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query(`select body from ${schema}.system_outbox where to_address = $1`, [email]);
    await c.end();
    const link = /verify-email\?token=([\w-]+)/.exec(String(rows[0]?.body))?.[1];
    const res = await api(base, token)('POST', '/api/authentication/verify-email', { token: link });
    expect(res.status, res.text).toBe(200);
  };

  it('scheduled jobs fired once across both; a job run through A is one more run in the view of B', async () => {
    const token = await register(a.url, OPERATOR);
    await verify(b.url, token, OPERATOR);
    const runsOf = async (base: string, name: string) => {
      const view = (await api(base, token)('GET', OPERATOR_PATHS.jobs)).json;
      expect(view.backend).toBe('bullmq');
      return view.jobs.find((j: { name: string }) => j.name === name) as { runs: number; failures: number };
    };
    // Both instances set up the same schedulers at start; each fired once, not once per instance.
    for (const name of ['meetings.calendar-sync', 'meetings.resume-notes', 'chats.auto-delete'])
      expect(await runsOf(b.url, name), name).toMatchObject({ runs: 1, failures: 0 });
    const before = (await runsOf(b.url, 'credits.monthly-grant')).runs;
    const ran = await api(a.url, token)('POST', OPERATOR_PATHS.runJob('credits.monthly-grant'));
    expect(ran.status, ran.text).toBe(200);
    expect(await runsOf(b.url, 'credits.monthly-grant')).toMatchObject({ runs: before + 1, failures: 0 });
    expect((await runsOf(a.url, 'credits.monthly-grant')).runs).toBe(before + 1);
  });

  it('a chat streamed through A reads complete through B', async () => {
    const token = await register(a.url);
    const chat = (await api(a.url, token)('POST', '/api/chat/chats', {})).json;
    const streamed = await api(a.url, token)('POST', '/api/chat/completion', {
      chat_id: chat.id,
      message: { content: 'Hello from A' },
    });
    expect(streamed.status).toBe(200);
    const read = (await api(b.url, token)('GET', `/api/chat/chats/${chat.id}/messages`)).json;
    const messages = Array.isArray(read) ? read : read.messages;
    expect(messages.map((m: { role: string; state: string | null }) => [m.role, m.state])).toEqual([
      ['user', null],
      ['assistant', null],
    ]);
    expect(messages[1].content).toContain('demo');
  });

  it('Stop pressed through B stops the reply A is writing', async () => {
    const token = await register(a.url);
    const chat = (await api(a.url, token)('POST', '/api/chat/chats', {})).json;
    const res = await fetch(`${a.url}/api/chat/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: chat.id,
        message: { content: 'Tell me everything about rebalancing' },
      }),
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('text-delta')) seen += new TextDecoder().decode((await reader.read()).value);
    const stop = await api(b.url, token)('POST', '/api/chat/completion/stop', { chat_id: chat.id });
    expect(stop.json).toEqual({ stopped: true });
    while (!(await reader.read()).done);
    const read = (await api(b.url, token)('GET', `/api/chat/chats/${chat.id}/messages`)).json;
    const messages = Array.isArray(read) ? read : read.messages;
    // Kept as far as it got: shorter than the whole demo reply a chat through A got above.
    expect(messages[1]).toMatchObject({ role: 'assistant', state: null });
    expect(messages[1].content.length).toBeGreaterThan(0);
    expect(messages[1].content).not.toContain('LLM_PROVIDER');
  });

  it('killing A mid-stream leaves B serving and the chat consistent', async () => {
    const token = await register(b.url);
    const chat = (await api(b.url, token)('POST', '/api/chat/chats', {})).json;
    const controller = new AbortController();
    const res = await fetch(`${a.url}/api/chat/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chat.id, message: { content: 'Tell me about rebalancing' } }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('text-delta')) seen += new TextDecoder().decode((await reader.read()).value);
    a.proc.kill('SIGKILL');
    await a.exited;
    controller.abort();

    expect((await api(b.url)('GET', '/api/health')).json.status).toBe('ok');
    const read = (await api(b.url, token)('GET', `/api/chat/chats/${chat.id}/messages`)).json;
    const messages = Array.isArray(read) ? read : read.messages;
    // The question was stored before the model was called; the reply is kept as far as it got.
    expect(messages[0]).toMatchObject({ role: 'user', content: 'Tell me about rebalancing' });
    expect(messages[1]).toMatchObject({ role: 'assistant' });
    expect(['streaming', 'interrupted']).toContain(messages[1].state);
    // B goes on serving the user: a new chat streams to the end there.
    const next = (await api(b.url, token)('POST', '/api/chat/chats', {})).json;
    const done = await api(b.url, token)('POST', '/api/chat/completion', {
      chat_id: next.id,
      message: { content: 'Still there?' },
    });
    expect(done.status).toBe(200);
  });
});
