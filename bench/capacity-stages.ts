// What each stage of a reply's stream costs, without HTTP in front or a database behind: the
// stages the assistant's streamReply chains (apps/server/src/modules/assistant/service.ts), each
// added to the one before, read by 50 streams at once from the paced fake model (in its own
// process, as in bench/capacity.ts). The difference between two rows is what the added stage
// costs a token. Run it with `npm run bench:capacity-stages -w @knap/bench`.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FakeLlm } from '@knap/fakes';
import { fakeLlm, replyMessage } from '@knap/server/testing';
import { readUIMessageStream, streamText, type UIMessage, type UIMessageChunk } from 'ai';

const STREAMS = Number(process.env.BENCH_CONCURRENT ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const drain = async (stream: ReadableStream<unknown>) => {
  const reader = stream.getReader();
  let n = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) return n;
    n++;
  }
};

/** The fake model's reply to one request, each `data: {…}` event's JSON handed to `onEvent` parsed. */
async function modelEvents(baseUrl: string, onEvent: (chunk: unknown) => void): Promise<void> {
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of res.body!) {
    buffered += decoder.decode(bytes, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
      if (event.startsWith('data: {')) onEvent(JSON.parse(event.slice(6)));
    }
  }
}

/** A conversation of one question, and the reply being written (as prepareAnswer stores them). */
const history = (): UIMessage[] => [
  { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How are my clients doing this week?' }] },
];
const uiStream = (model: LanguageModelV3) =>
  streamText({ model, prompt: 'How are my clients doing this week?' }).toUIMessageStream({
    originalMessages: history(),
    generateMessageId: () => 'reply',
    onError: () => 'failed',
  });

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];

/** Each stage: one stream of it, read to its end. */
const stages: Array<[string, (model: LanguageModelV3, baseUrl: string) => Promise<unknown>]> = [
  ['fetch, SSE split, JSON.parse (what the relay does)', (_model, baseUrl) => modelEvents(baseUrl, () => {})],
  [
    'the SDK’s provider, behind our batcher (before)',
    async (model) => {
      // platform/llm/openai-chat-stream.ts keeps the SDK's model for all but streams.
      const sdk = (model as { sdk?: LanguageModelV3 }).sdk ?? model;
      const { stream } = await sdk.doStream({ prompt });
      await drain(stream);
    },
  ],
  [
    'instead of it, ours: one pass, batched (now)',
    async (model) => {
      const { stream } = await model.doStream({ prompt });
      await drain(stream);
    },
  ],
  ['streamText, fullStream', (model) => drain(streamText({ model, prompt: 'Hi' }).fullStream)],
  ['+ toUIMessageStream', (model) => drain(uiStream(model))],
  [
    '+ tee, both branches read',
    (model) =>
      Promise.all(
        uiStream(model)
          .tee()
          .map((branch) => drain(branch)),
      ),
  ],
  [
    '+ readUIMessageStream on one branch (as storeReply)',
    async (model) => {
      const [toClient, toStore] = uiStream(model).tee();
      const client = drain(toClient);
      for await (const _message of readUIMessageStream({
        stream: toStore as ReadableStream<UIMessageChunk>,
      })) {
      }
      await client;
    },
  ],
  [
    '+ JSON.stringify of each client chunk (as sse.ts)',
    async (model) => {
      const [toClient, toStore] = uiStream(model).tee();
      const client = (async () => {
        const reader = toClient.getReader();
        let bytes = 0;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return bytes;
          bytes += `data: ${JSON.stringify(value)}\n\n`.length;
        }
      })();
      for await (const _message of readUIMessageStream({
        stream: toStore as ReadableStream<UIMessageChunk>,
      })) {
      }
      await client;
    },
  ],
  [
    'instead of the last three: one pass, stringify + apply (now)',
    async (model) => {
      const reader = uiStream(model).getReader();
      const reply = replyMessage({ onError: () => {} });
      let bytes = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return bytes;
        bytes += `data: ${JSON.stringify(value)}\n\n`.length;
        await reply.apply(value as UIMessageChunk);
      }
    },
  ],
];

const modelProcess: ChildProcess = fork(path.join(import.meta.dirname, 'capacity-model.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const baseUrl = await new Promise<string>((resolve) =>
    modelProcess.on('message', (m: { baseUrl?: string }) => m.baseUrl && resolve(m.baseUrl)),
  );
  const { model } = fakeLlm({ baseUrl } as FakeLlm, { timeoutMs: 60_000 });
  const tokens = Number(process.env.CAPACITY_TOKENS ?? 300);
  console.log(`${STREAMS} streams at once, ${tokens} tokens each, ${ROUNDS} rounds per stage\n`);
  console.log('stage'.padEnd(62), 'CPU ms/1000 tokens'.padStart(19), 'added'.padStart(8));
  const measure = async (run: (typeof stages)[number][1]) => {
    const cpu = process.cpuUsage();
    for (let r = 0; r < ROUNDS; r++)
      await Promise.all(Array.from({ length: STREAMS }, () => run(model, baseUrl)));
    const used = process.cpuUsage(cpu);
    return ((used.user + used.system) / 1000 / (STREAMS * ROUNDS * tokens)) * 1000;
  };
  // Every stage once before any is measured, so no stage runs on code the JIT has not seen yet.
  for (const [, run] of stages) await measure(run);
  let before = 0;
  const rows: Array<{ stage: string; cpuMsPer1000Tokens: number }> = [];
  for (const [name, run] of stages) {
    const perK = await measure(run);
    console.log(
      name.padEnd(62),
      perK.toFixed(1).padStart(19),
      (before ? `${perK >= before ? '+' : ''}${(perK - before).toFixed(1)}` : '').padStart(8),
    );
    rows.push({ stage: name, cpuMsPer1000Tokens: perK });
    before = perK;
  }
  const { saveResults } = await import('./lib.js');
  console.log(
    `\nresults: ${saveResults('capacity-stages', { date: new Date().toISOString(), STREAMS, rows })}`,
  );
} finally {
  modelProcess.kill();
}
