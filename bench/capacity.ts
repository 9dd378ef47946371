// Capacity: N simultaneous assistant streams on one server instance, with a fake OpenAI-compatible
// model paced like a real one (CAPACITY_PACE_MS a token, CAPACITY_TOKENS a reply), on SQLite and
// (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL; and, in the same run, the same
// load through a bare SSE relay on node:http as the baseline. The server, the relay, the model and
// the clients each run in their own processes; each reports its own event-loop delay and CPU time
// for the measured window. BENCH_PROFILE=1 also takes a CPU profile of the server (and the relay)
// over the highest level's window and prints where the time went.
import { type ChildProcess, execSync, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ClientJob, ClientResult } from './capacity-client.js';
import type { ProbeMessage, ProcessWindow } from './capacity-probe.js';
import { summariseProfile } from './cpuprofile.js';
import { post, saveResults } from './lib.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '100,250,500,1000').split(',').map(Number);
const WINDOW_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const TOKENS = Number(process.env.CAPACITY_TOKENS ?? 300);
const PACE_MS = Number(process.env.CAPACITY_PACE_MS ?? 20);
/** Arrivals are spread over one reply's length, so the window sees N streams at every point of theirs. */
const RAMP_MS = TOKENS * PACE_MS;
const WORKERS = Number(process.env.BENCH_CLIENT_WORKERS ?? 2);
const PROFILE = process.env.BENCH_PROFILE === '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.BENCH_ENGINES ?? (DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
if (ENGINES.includes('postgres') && !DATABASE_URL) throw new Error('postgres needs BENCH_DATABASE_URL');
/** How the server's PostgreSQL connections are told apart in pg_stat_activity. */
const APPLICATION_NAME = 'knap-capacity';
const admin = DATABASE_URL ? new pg.Client({ connectionString: DATABASE_URL }) : undefined;
await admin?.connect();
const RESULTS = path.join(import.meta.dirname, 'results');
if (PROFILE) mkdirSync(RESULTS, { recursive: true });

// Every stream holds a socket from the client and one to the model in the server (and their other
// ends in the client and model processes), plus the files and pool a process has anyway.
const fdLimit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
const fdsNeeded = 2 * Math.max(...LEVELS) + 200;
if (Number.isFinite(fdLimit) && fdLimit < fdsNeeded) {
  throw new Error(`ulimit -n is ${fdLimit}; ${Math.max(...LEVELS)} streams need about ${fdsNeeded}`);
}

const children = new Set<ChildProcess>();
type Message = Record<string, unknown>;

/** Forks a bench child and answers it with its first message that is not a probe's. */
async function start(file: string, env: Record<string, string> = {}): Promise<[ChildProcess, Message]> {
  const child = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const first = await new Promise<Message>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start`)), 60_000);
    child.on('message', (m: Message) => {
      if (!('probe' in m)) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return [child, first];
}

/** The next message from `child` that has `key`. */
const nextWith = <T>(child: ChildProcess, key: string, timeoutMs: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${key} within ${timeoutMs} ms`)), timeoutMs);
    const on = (m: Message) => {
      if (key in m && !(key === 'probe' && m.probe === 'started')) {
        clearTimeout(timer);
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
  });

const probe = (child: ChildProcess, m: ProbeMessage) => child.send(m);
const windowOf = (child: ChildProcess) =>
  nextWith<{ window: ProcessWindow }>(child, 'window', 120_000).then((m) => m.window);

const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** What the server's PostgreSQL connections were doing, from pg_stat_activity sampled every 50 ms. */
interface Activity {
  /** Mean connections running a statement, and open in a transaction between statements. */
  active: number;
  idleInTransaction: number;
  /** The statements seen running most, with their share of the samples of a busy connection. */
  top: Array<{ query: string; share: number }>;
}

/** Samples pg_stat_activity for the server's connections (its application_name) until stopped. */
function sampleActivity(client: pg.Client): () => Activity {
  let samples = 0;
  let active = 0;
  let idleInTransaction = 0;
  const queries = new Map<string, number>();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ state: string; query: string }>(
        'select state, query from pg_stat_activity where application_name = $1',
        [APPLICATION_NAME],
      );
      samples++;
      for (const r of rows) {
        if (r.state === 'active') active++;
        else if (r.state === 'idle in transaction') idleInTransaction++;
        else continue;
        const q = r.query.replace(/\s+/g, ' ').slice(0, 90);
        queries.set(q, (queries.get(q) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return () => {
    stopped = true;
    const busy = active + idleInTransaction;
    return {
      active: active / samples,
      idleInTransaction: idleInTransaction / samples,
      top: [...queries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([query, n]) => ({ query, share: n / busy })),
    };
  };
}

/**
 * Asks `url` (a health check) every 100 ms until stopped, one request at a time as a load
 * balancer does: answers the p99 of its answer times and how many were not 200.
 */
function sampleHealth(url: string): () => Promise<{ p99: number; notOk: number }> {
  const times: number[] = [];
  let notOk = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(url).catch(() => undefined);
      await res?.arrayBuffer();
      times.push(performance.now() - t0);
      if (res?.status !== 200) notOk++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return { p99: pct(times, 99), notOk };
  };
}

interface Level {
  target: string;
  streams: number;
  /** /api/health during the window (the relay's instant `/health`: the machine's floor). */
  health?: { p99: number; notOk: number };
  ttftP99: number;
  gapP99: number;
  lagP99: number;
  cpuSecondsPer1000Tokens: number;
  tokensPerCpuSecond: number;
  tokens: number;
  finished: number;
  failed: number;
  /** Completions the server shed (503 with Retry-After), asked again after the wait. */
  shed: number;
  errors: string[];
  /** The model's and the clients' own figures, to see that neither was the bottleneck. */
  modelCpuShare: number;
  clientLagP99: number;
  clientCpuShare: number;
  /** The server's pool, sampled in the server: mean connections in use, mean and most callers waiting. */
  pool?: { busy: number; waiting: number; maxWaiting: number };
  activity?: Activity;
}

/** One level: `users.length` streams open at once through `url`, measured over the window. */
async function level(
  target: string,
  url: string,
  stopUrl: string | undefined,
  server: ChildProcess,
  model: ChildProcess,
  users: ClientJob['users'],
  profile?: string,
  healthUrl?: string,
): Promise<Level> {
  const workers = await Promise.all(
    Array.from({ length: Math.min(WORKERS, users.length) }, () => start('capacity-client.ts')),
  );
  const rampStart = Date.now() + 200;
  const windowStart = rampStart + RAMP_MS;
  const windowEnd = windowStart + WINDOW_MS;
  const per = Math.ceil(users.length / workers.length);
  const results = workers.map(([w], i) => {
    const job: ClientJob = {
      url,
      ...(stopUrl ? { stopUrl } : {}),
      users: users.slice(i * per, (i + 1) * per),
      offset: i * per,
      total: users.length,
      rampStart,
      windowStart,
      windowEnd,
    };
    w.send(job);
    return nextWith<{ result: ClientResult }>(w, 'result', WINDOW_MS + RAMP_MS + 120_000).then(
      (m) => m.result,
    );
  });
  const measured = [server, model, ...workers.map(([w]) => w)];
  await new Promise((r) => setTimeout(r, windowStart - Date.now()));
  for (const child of measured)
    probe(child, child === server && profile ? { probe: 'start', profile } : { probe: 'start' });
  const activity = target === 'postgres' && admin ? sampleActivity(admin) : undefined;
  const health = healthUrl ? sampleHealth(healthUrl) : undefined;
  await new Promise((r) => setTimeout(r, windowEnd - Date.now()));
  const healthFigures = await health?.();
  const windows = measured.map(windowOf);
  for (const child of measured) probe(child, { probe: 'end' });
  const [serverWindow, modelWindow, ...clientWindows] = await Promise.all(windows);
  const all = await Promise.all(results);
  for (const [w] of workers) w.kill();
  const tokens = all.reduce((n, r) => n + r.tokens, 0);
  const cpu = serverWindow!.cpuSeconds;
  return {
    target,
    streams: users.length,
    ttftP99: pct(
      all.flatMap((r) => r.ttft),
      99,
    ),
    gapP99: pct(
      all.flatMap((r) => r.gaps),
      99,
    ),
    lagP99: serverWindow!.lagP99,
    cpuSecondsPer1000Tokens: (cpu / tokens) * 1000,
    tokensPerCpuSecond: tokens / cpu,
    tokens,
    finished: all.reduce((n, r) => n + r.streams, 0),
    failed: all.reduce((n, r) => n + r.failed, 0),
    shed: all.reduce((n, r) => n + r.shed, 0),
    errors: all.flatMap((r) => r.errors).slice(0, 5),
    modelCpuShare: modelWindow!.cpuSeconds / modelWindow!.wallSeconds,
    clientLagP99: Math.max(...clientWindows.map((w) => w!.lagP99)),
    clientCpuShare: clientWindows.reduce((n, w) => n + w!.cpuSeconds / w!.wallSeconds, 0),
    ...(serverWindow!.pool ? { pool: serverWindow!.pool } : {}),
    ...(activity ? { activity: activity() } : {}),
    ...(healthFigures ? { health: healthFigures } : {}),
  };
}

/**
 * Waits until `child` and the model are idle for two seconds running (under a tenth of a core
 * each, and no reply still being written): the replies the clients left at the window's end are
 * still finished and stored, and must not weigh on the next level. At most five minutes.
 */
async function settle(child: ChildProcess, model: ChildProcess): Promise<void> {
  let quiet = 0;
  for (let i = 0; i < 300 && quiet < 2; i++) {
    for (const c of [child, model]) probe(c, { probe: 'start' });
    await new Promise((r) => setTimeout(r, 1000));
    const windows = [child, model].map(windowOf);
    for (const c of [child, model]) probe(c, { probe: 'end' });
    const idle = (await Promise.all(windows)).every((w) => w.cpuSeconds / w.wallSeconds < 0.1 && !w.running);
    quiet = idle ? quiet + 1 : 0;
  }
}

let signedUp = 0;
/** `n` new users, each with a chat of their own: the request bodies of their completions. */
async function usersWithChats(url: string, n: number): Promise<ClientJob['users']> {
  const users: ClientJob['users'] = [];
  const one = async () => {
    const k = signedUp++;
    const { access_token: token } = await post(`${url}/api/authentication/register`, null, {
      email: `capacity${k}@bench${k % 97}.example`,
      password: 'bench password 1',
      name: `Bench ${k}`,
    });
    const chat = await post(`${url}/api/chat/chats`, token!, {});
    users.push({
      token: token!,
      body: JSON.stringify({ chat_id: chat.id, message: { content: 'How are my clients doing this week?' } }),
    });
  };
  for (let i = 0; i < n; i += 16) await Promise.all(Array.from({ length: Math.min(16, n - i) }, one));
  return users;
}

const figures: Level[] = [];
const profiles: Array<{ target: string; file: string }> = [];
const top = Math.max(...LEVELS);
const show = (f: Level) =>
  console.log(
    `${f.target} ${f.streams}: TTFT p99 ${f.ttftP99.toFixed(0)} ms, gap p99 ${f.gapP99.toFixed(0)} ms, lag p99 ${f.lagP99.toFixed(0)} ms, ${f.cpuSecondsPer1000Tokens.toFixed(3)} CPU s/1000 tokens; ${f.finished} streams, ${f.failed} failed, ${f.shed} shed${f.errors.length ? ` (${f.errors.join('; ')})` : ''}; model ${(f.modelCpuShare * 100).toFixed(0)} % CPU, clients ${(f.clientCpuShare * 100).toFixed(0)} % CPU, client lag p99 ${f.clientLagP99.toFixed(0)} ms`,
    ...(f.health
      ? [`\n  /api/health: p99 ${f.health.p99.toFixed(0)} ms, ${f.health.notOk} answers not 200`]
      : []),
    ...(f.pool
      ? [
          `\n  pool: ${f.pool.busy.toFixed(1)} connections in use on average, ${f.pool.waiting.toFixed(1)} callers waiting (at most ${f.pool.maxWaiting})`,
        ]
      : []),
    ...(f.activity
      ? [
          `\n  pg_stat_activity: ${f.activity.active.toFixed(1)} active, ${f.activity.idleInTransaction.toFixed(1)} idle in transaction on average; busiest statements:`,
          ...f.activity.top.map((q) => `\n    ${(q.share * 100).toFixed(0).padStart(3)} %  ${q.query}`),
        ]
      : []),
  );

try {
  const [model, { baseUrl }] = await start('capacity-model.ts', {
    CAPACITY_TOKENS: String(TOKENS),
    CAPACITY_PACE_MS: String(PACE_MS),
  });
  console.log(
    `capacity: ${TOKENS}-token replies at ${PACE_MS} ms a token; levels ${LEVELS.join(', ')}; ${WINDOW_MS / 1000} s window after a ${RAMP_MS / 1000} s ramp; ${WORKERS} client processes; ${os.cpus().length} cores; ulimit -n ${fdLimit}`,
  );

  const [relay, { url: relayUrl }] = await start('capacity-relay.ts', {
    CAPACITY_MODEL_URL: String(baseUrl),
  });
  for (const n of LEVELS) {
    const file = PROFILE && n === top ? path.join(RESULTS, `capacity-relay-${n}.cpuprofile`) : undefined;
    const f = await level(
      'relay',
      String(relayUrl),
      undefined,
      relay,
      model,
      Array.from({ length: n }, () => ({ body: '{}' })),
      file,
      `${relayUrl}/health`,
    );
    if (file) profiles.push({ target: `relay, ${n} streams`, file });
    figures.push(f);
    show(f);
    await settle(relay, model);
  }
  relay.kill();

  for (const engine of ENGINES) {
    const [server, { url }] = await start('capacity-server.ts', {
      CAPACITY_MODEL_URL: String(baseUrl),
      CAPACITY_DATABASE_URL:
        engine === 'postgres'
          ? `${DATABASE_URL}${DATABASE_URL!.includes('?') ? '&' : '?'}application_name=${APPLICATION_NAME}`
          : '',
    });
    try {
      for (const n of LEVELS) {
        const t0 = performance.now();
        const users = await usersWithChats(String(url), n);
        console.log(`${engine}: ${n} users signed up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        const file =
          PROFILE && n === top ? path.join(RESULTS, `capacity-${engine}-${n}.cpuprofile`) : undefined;
        const f = await level(
          engine,
          `${url}/api/chat/completion`,
          `${url}/api/chat/completion/stop`,
          server,
          model,
          users,
          file,
          `${url}/api/health`,
        );
        if (file) profiles.push({ target: `${engine}, ${n} streams`, file });
        figures.push(f);
        show(f);
        await settle(server, model);
      }
    } finally {
      server.send({ close: true });
      await new Promise((r) => server.once('exit', r));
    }
  }
  model.kill();

  const relayAt = (n: number) => figures.find((f) => f.target === 'relay' && f.streams === n)!;
  console.log(
    `\nCapacity: ${TOKENS}-token replies at ${PACE_MS} ms a token, ${WINDOW_MS / 1000} s window, ${os.cpus().length} cores`,
  );
  console.log(
    'engine'.padEnd(9),
    'N'.padStart(5),
    'TTFT p99'.padStart(9),
    'gap p99'.padStart(8),
    'lag p99'.padStart(8),
    'CPU s/1k tok'.padStart(13),
    'tok/CPU-s vs relay'.padStart(19),
    'failed'.padStart(7),
    'shed'.padStart(6),
    'tok/s'.padStart(7),
    'health p99'.padStart(11),
  );
  for (const f of figures) {
    console.log(
      f.target.padEnd(9),
      String(f.streams).padStart(5),
      `${f.ttftP99.toFixed(0)} ms`.padStart(9),
      `${f.gapP99.toFixed(0)} ms`.padStart(8),
      `${f.lagP99.toFixed(0)} ms`.padStart(8),
      f.cpuSecondsPer1000Tokens.toFixed(3).padStart(13),
      (f.tokensPerCpuSecond / relayAt(f.streams).tokensPerCpuSecond).toFixed(2).padStart(19),
      String(f.failed).padStart(7),
      String(f.shed).padStart(6),
      (f.tokens / (WINDOW_MS / 1000)).toFixed(0).padStart(7),
      (f.health ? `${f.health.p99.toFixed(0)} ms` : '—').padStart(11),
    );
  }
  for (const p of profiles) summariseProfile(p.file, p.target);
  console.log(
    `\nresults: ${saveResults('capacity', { date: new Date().toISOString(), cores: os.cpus().length, tokens: TOKENS, paceMs: PACE_MS, windowMs: WINDOW_MS, figures })}`,
  );
  if (figures.some((f) => f.failed)) process.exitCode = 1;
} finally {
  for (const child of children) child.kill();
  await admin?.end();
}
