// Streaming overhead: time to first token and total time of a 500-token reply, through our server
// and from the fake LLM directly, in the same run; then 200 concurrent streams.
import { startFakeOpenAI } from '@knap/fakes';
import { createTestApp, fakeLlm, signUp } from '@knap/server/testing';
import { saveResults } from './lib.js';

const TOKENS = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
// Paced like a fast model (about 700 tokens a second), so time to first token is not hidden by a burst.
const PACE_MS = 1;
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const TEXT = Array.from({ length: TOKENS }, (_, i) => `w${i % 10} `).join('');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** Reads a streamed response; answers ms to the first chunk containing `marker` and ms to the end. */
async function timeStream(
  start: () => Promise<Response>,
  marker: string,
): Promise<{ ttft: number; total: number }> {
  const t0 = performance.now();
  const res = await start();
  if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let ttft = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (ttft < 0 && decoder.decode(value).includes(marker)) ttft = performance.now() - t0;
  }
  return { ttft, total: performance.now() - t0 };
}

const fake = await startFakeOpenAI();
const llm = fakeLlm(fake, { timeoutMs: 60_000 });
const t = await createTestApp({
  config: { llm: llm.config, credits: { perCompletion: 0 }, logLevel: 'silent' },
  llm: llm.model,
});
const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
const user = await signUp(t);
const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
const newChat = async () =>
  (
    (await (await fetch(`${url}/api/chat/chats`, { method: 'POST', headers, body: '{}' })).json()) as {
      id: string;
    }
  ).id;

const direct = () =>
  timeStream(
    () =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'go' }] }),
      }),
    '"content":"w',
  );
const viaServer = async () => {
  const chatId = await newChat();
  return timeStream(
    () =>
      fetch(`${url}/api/chat/completion`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ chat_id: chatId, message: { content: 'go' } }),
      }),
    'text-delta',
  );
};

try {
  const d: Array<{ ttft: number; total: number }> = [];
  const s: Array<{ ttft: number; total: number }> = [];
  for (let i = 0; i < RUNS + 5; i++) {
    fake.enqueue(
      { text: TEXT, chunkSize: 3, chunkDelayMs: PACE_MS },
      { text: TEXT, chunkSize: 3, chunkDelayMs: PACE_MS },
    );
    const a = await direct();
    const b = await viaServer();
    if (i >= 5) {
      d.push(a);
      s.push(b);
    }
  }
  const added = (key: 'ttft' | 'total', p: number) =>
    pct(
      s.map((x) => x[key]),
      p,
    ) -
    pct(
      d.map((x) => x[key]),
      p,
    );
  const row = (name: string, xs: Array<{ ttft: number; total: number }>) =>
    console.log(
      name.padEnd(26),
      pct(
        xs.map((x) => x.ttft),
        50,
      )
        .toFixed(1)
        .padStart(9),
      pct(
        xs.map((x) => x.ttft),
        99,
      )
        .toFixed(1)
        .padStart(9),
      pct(
        xs.map((x) => x.total),
        50,
      )
        .toFixed(1)
        .padStart(10),
      pct(
        xs.map((x) => x.total),
        99,
      )
        .toFixed(1)
        .padStart(10),
    );
  console.log(`\n${TOKENS}-token replies, ${RUNS} runs each (ms)`);
  console.log(
    ''.padEnd(26),
    'TTFT p50'.padStart(9),
    'TTFT p99'.padStart(9),
    'total p50'.padStart(10),
    'total p99'.padStart(10),
  );
  row('fake LLM directly', d);
  row('through Knap Studio', s);
  console.log(
    `added: TTFT p50 ${added('ttft', 50).toFixed(1)} ms, p99 ${added('ttft', 99).toFixed(1)} ms; total p50 ${added('total', 50).toFixed(1)} ms, p99 ${added('total', 99).toFixed(1)} ms`,
  );

  // 200 concurrent streams: every one succeeds, and memory returns to where it was.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < CONCURRENT; i++) fake.enqueue({ text: TEXT, chunkSize: 3, chunkDelayMs: PACE_MS });
  const chats = await Promise.all(Array.from({ length: CONCURRENT }, newChat));
  const t0 = performance.now();
  const results = await Promise.allSettled(
    chats.map((chatId) =>
      timeStream(
        () =>
          fetch(`${url}/api/chat/completion`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ chat_id: chatId, message: { content: 'go' } }),
          }),
        'text-delta',
      ),
    ),
  );
  const wall = performance.now() - t0;
  const failed = results.filter((r) => r.status === 'rejected').length;
  gc?.();
  await new Promise((r) => setTimeout(r, 200));
  gc?.();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `\n${CONCURRENT} concurrent streams: ${CONCURRENT - failed} ok, ${failed} failed, ${(wall / 1000).toFixed(1)} s; heap before ${(before / 2 ** 20).toFixed(1)} MB, after ${(after / 2 ** 20).toFixed(1)} MB${gc ? '' : ' (run with --expose-gc for exact figures)'}`,
  );
  console.log(
    `\nresults: ${saveResults('stream', {
      date: new Date().toISOString(),
      tokens: TOKENS,
      runs: RUNS,
      added: {
        ttftP50: added('ttft', 50),
        ttftP99: added('ttft', 99),
        totalP50: added('total', 50),
        totalP99: added('total', 99),
      },
      concurrent: {
        streams: CONCURRENT,
        failed,
        wallMs: wall,
        heapBeforeMb: before / 2 ** 20,
        heapAfterMb: after / 2 ** 20,
      },
    })}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await t.close();
  await fake.close();
}
