// Scale-out: chat list and completion (fake OpenAI-compatible model) throughput with one server
// instance and with two, on one PostgreSQL schema and one Redis, in the same run. Two instances
// are loaded at once (half the connections each); req/s add up, p99 is the worse of the two.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenAI } from '@knap/fakes';
import pg from 'pg';
import { type Figure, load, post, saveResults } from './lib.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const USERS = 20;
const CHATS_PER_USER = 50;
const LIST_CONNECTIONS = 40;
const COMPLETION_CONNECTIONS = 16;
const root = path.resolve(import.meta.dirname, '..');

const fake = await startFakeOpenAI();
const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
const env = {
  PATH: process.env.PATH ?? '',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL,
  DATABASE_SCHEMA: schema,
  DATABASE_POOL_MAX: '10',
  REDIS_URL,
  KNAP_SECRET: randomBytes(32).toString('hex'),
  LLM_PROVIDER: 'openai-compatible',
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: 'bench',
  CREDITS_PER_COMPLETION: '0',
  LOG_LEVEL: 'silent',
};

async function startInstance(): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-bench-scale-')) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => {
    out += c;
  });
  for (let i = 0; i < 300; i++) {
    const url = /open (http:\/\/\S+)/.exec(out)?.[1];
    if (url) return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error(`instance did not start: ${out}`);
}

/** Runs one load per instance at once, the connections split between them. */
async function across(
  name: string,
  urls: string[],
  path: string,
  connections: number,
  opts: { tokens: string[]; bodies?: string[] },
): Promise<Figure> {
  const figures = await Promise.all(
    urls.map((url, i) =>
      load(`${name} #${i}`, `${url}${path}`, {
        connections: Math.max(1, Math.round(connections / urls.length)),
        durationSec: DURATION,
        // Each instance its own share of the chats (with their owners' tokens), so no two replies
        // write to one chat at once.
        ...(opts.bodies
          ? {
              tokens: opts.tokens.filter((_, k) => k % urls.length === i),
              bodies: opts.bodies.filter((_, k) => k % urls.length === i),
            }
          : { tokens: opts.tokens }),
      }),
    ),
  );
  return {
    name,
    reqPerSec: figures.reduce((n, f) => n + f.reqPerSec, 0),
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    errors: figures.reduce((n, f) => n + f.errors, 0),
    non2xx: figures.reduce((n, f) => n + f.non2xx, 0),
  };
}

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
const a = await startInstance();
let b: { url: string; proc: ChildProcess } | null = null;
try {
  console.log(`seeding ${USERS} users x ${CHATS_PER_USER} chats through the API…`);
  const tokens: string[] = [];
  const chatBodies: string[] = [];
  const chatTokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const { access_token } = await post(`${a.url}/api/authentication/register`, null, {
      email: `scale${u}-${schema.replace(/_/g, '-')}@bench.example`,
      password: 'bench password 1',
      name: `Bench ${u}`,
    });
    tokens.push(access_token!);
    for (let c = 0; c < CHATS_PER_USER; c++) {
      const chat = await post(`${a.url}/api/chat/chats`, access_token!, { title: `Review ${c}` });
      chatBodies.push(
        JSON.stringify({ chat_id: chat.id, message: { content: 'How are my clients doing?' } }),
      );
      chatTokens.push(access_token!);
    }
  }
  // Bodies and tokens rotate together: body k belongs to token k (one user per chat).
  const completion = (urls: string[], name: string) =>
    across(name, urls, '/api/chat/completion', COMPLETION_CONNECTIONS, {
      tokens: chatTokens,
      bodies: chatBodies,
    });
  const list = (urls: string[], name: string) =>
    across(name, urls, '/api/chat/chats?limit=50&skip=0', LIST_CONNECTIONS, { tokens });

  const one = [
    await list([a.url], 'chat list, one instance'),
    await completion([a.url], 'completion, one instance'),
  ];
  b = await startInstance();
  const two = [
    await list([a.url, b.url], 'chat list, two instances'),
    await completion([a.url, b.url], 'completion, two instances'),
  ];

  console.log(`\nScale-out on PostgreSQL + Redis (${os.cpus().length} cores, ${DURATION} s per scenario)`);
  console.log(
    'scenario'.padEnd(30),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'vs one'.padStart(8),
    'errors'.padStart(7),
  );
  for (const [i, f] of [...one, ...two].entries()) {
    const base = one[i % 2]!;
    console.log(
      f.name.padEnd(30),
      String(f.reqPerSec).padStart(8),
      String(f.p50).padStart(8),
      String(f.p99).padStart(8),
      (f.reqPerSec / base.reqPerSec).toFixed(2).padStart(8),
      String(f.errors + f.non2xx).padStart(7),
    );
  }
  console.log(
    `\nresults: ${saveResults('scale', { date: new Date().toISOString(), cores: os.cpus().length, one, two })}`,
  );
} finally {
  a.proc.kill('SIGTERM');
  b?.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  await fake.close();
}
