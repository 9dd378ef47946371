// Soak: 200 authenticated websockets held open and 100 streams at a time for a few minutes against
// one server (PostgreSQL and Redis when BENCH_DATABASE_URL / BENCH_REDIS_URL are set, else SQLite);
// then everything closes and the heap must come back near where it started, with no listener-leak
// warning on the way. Run with --expose-gc (npm run bench:soak).
import { startFakeOpenAI } from '@knap/fakes';
import { createTestApp, fakeLlm, openBotSocket, signUp } from '@knap/server/testing';
import { saveResults } from './lib.js';

const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 200);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 100);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
/** How much the heap may grow over the run and still count as back at baseline. */
const ALLOWED_GROWTH_MB = 15;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const warnings: string[] = [];
process.on('warning', (w) => warnings.push(`${w.name}: ${w.message}`));

const fake = await startFakeOpenAI();
const llm = fakeLlm(fake, { timeoutMs: 60_000 });
const t = await createTestApp({
  config: {
    llm: llm.config,
    credits: { perCompletion: 0 },
    logLevel: 'silent',
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
  },
  llm: llm.model,
});
const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
const users = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

// Warm up once, so lazily built things (compiled queries, tool sets) are in the baseline.
const oneStream = async (token: string) => {
  const chat = (await (
    await fetch(`${url}/api/chat/chats`, { method: 'POST', headers: headers(token), body: '{}' })
  ).json()) as {
    id: string;
  };
  const res = await fetch(`${url}/api/chat/completion`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ chat_id: chat.id, message: { content: 'Summarise my week' } }),
  });
  await res.text();
  // The fake keeps every request it got, for tests; here that would count against our heap.
  fake.requests.length = 0;
  if (!res.ok) throw new Error(`stream failed: ${res.status}`);
};
await oneStream(users[0]!.token);
const baseline = heapMb();

const sockets = await Promise.all(
  Array.from({ length: SOCKETS }, (_, i) => openBotSocket(url, users[i % users.length]!.token)),
);
await Promise.all(sockets.map((s) => s.next()));
console.log(`${SOCKETS} sockets open; streaming ${STREAMS} at a time for ${SECONDS} s…`);

const end = Date.now() + SECONDS * 1000;
let streams = 0;
let failures = 0;
let peak = 0;
await Promise.all(
  Array.from({ length: STREAMS }, async (_, i) => {
    while (Date.now() < end) {
      await oneStream(users[i % users.length]!.token).then(
        () => streams++,
        () => failures++,
      );
      peak = Math.max(peak, process.memoryUsage().heapUsed / 1024 / 1024);
    }
  }),
);
for (const s of sockets) s.close();
await Promise.all(sockets.map((s) => s.closed));
await new Promise((r) => setTimeout(r, 1000));
const after = heapMb();
await t.close();
await fake.close();

console.log(`\nSoak: ${SOCKETS} sockets, ${STREAMS} concurrent streams for ${SECONDS} s`);
console.log(`streams finished ${streams}, failed ${failures}`);
console.log(
  `heap: ${baseline.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB, ${after.toFixed(1)} MB after closing`,
);
console.log(`warnings: ${warnings.length ? warnings.join('; ') : 'none'}`);
console.log(
  `\nresults: ${saveResults('soak', { date: new Date().toISOString(), SOCKETS, STREAMS, SECONDS, streams, failures, baseline, peak, after, warnings })}`,
);
if (failures > 0 || warnings.length > 0 || after - baseline > ALLOWED_GROWTH_MB) {
  console.error('soak failed: failures, warnings, or the heap did not come back');
  process.exitCode = 1;
}
