// A reply's text deltas are passed on in batches: what is merged and what never is, events cut
// between reads, and the real providers reading loopback fakes through it.
import { type FakeLlm, startFakeAnthropic, startFakeOpenAI } from '@knap/fakes';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLlm } from '../../testing/llm.js';
import { coalesceTextDeltas } from './coalesce.js';

const openAi = (delta: object, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
const anthropic = (index: number, text: string) =>
  `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })}\n\n`;

/** The events of an SSE text, as parsed JSON (or the raw text when it is not). */
const eventsOf = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((e) => {
      const data = e.slice(e.indexOf('data: ') + 6);
      try {
        return JSON.parse(data) as unknown;
      } catch {
        return data;
      }
    });

/** What the transform makes of these reads, `gapMs` apart: each chunk it passes on, as text. */
async function through(reads: string[], { gapMs = 0, batchMs = 50 } = {}) {
  const source = reads.map((r) => new TextEncoder().encode(r));
  const out: string[] = [];
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = source.shift();
      if (!next) return controller.close();
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      controller.enqueue(next);
    },
  }).pipeThrough(coalesceTextDeltas(batchMs));
  for await (const chunk of stream) out.push(new TextDecoder().decode(chunk));
  return out;
}

const role = openAi({ role: 'assistant', content: '' });
const finish = `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`;

describe('coalesceTextDeltas', () => {
  it('passes the first text on at once, merged, and holds what follows for the next batch', async () => {
    const out = await through([
      role + openAi({ content: 'Your ' }) + openAi({ content: 'plan ' }),
      openAi({ content: 'is ' }) + openAi({ content: 'ready.' }),
      `${finish}data: [DONE]\n\n`,
    ]);
    expect(out[0]).toBe(role + openAi({ content: 'Your plan ' }));
    expect(out[1]).toBe(`${openAi({ content: 'is ready.' })}${finish}data: [DONE]\n\n`);
  });

  it('merges a paced reply into batches and loses nothing', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
    const out = await through(
      words.map((w) => openAi({ content: w })),
      { gapMs: 4, batchMs: 30 },
    );
    const deltas = eventsOf(out.join('')) as Array<{ choices: [{ delta: { content: string } }] }>;
    expect(deltas.map((d) => d.choices[0].delta.content).join('')).toBe(words.join(''));
    expect(deltas.length).toBeLessThan(words.length / 2);
  });

  it('keeps every other event in order and never merges across it', async () => {
    const events = [
      openAi({ content: 'a' }),
      openAi({ content: 'b' }),
      openAi({ content: '', tool_calls: [{ index: 0, function: { arguments: '{' } }] }),
      openAi({ content: 'c' }, { usage: { completion_tokens: 1 } }),
      openAi({ content: 'd' }),
      openAi({ content: 'e' }, { id: 'c2' }),
      'data: {"this is": not json\n\n',
      openAi({ content: 'f' }),
    ];
    const out = await through([events.join('')]);
    expect(eventsOf(out.join(''))).toEqual([
      ...eventsOf(openAi({ content: 'ab' })),
      ...eventsOf(events.slice(2).join('')),
    ]);
  });

  it('merges Anthropic text deltas of one content block only', async () => {
    const out = await through([
      anthropic(0, 'Hi'),
      anthropic(0, ', Ann') + anthropic(0, '.') + anthropic(1, ' Next') + anthropic(1, '!'),
    ]);
    expect(eventsOf(out.join(''))).toEqual(
      eventsOf(anthropic(0, 'Hi') + anthropic(0, ', Ann.') + anthropic(1, ' Next!')),
    );
    expect(out.join('').split('\n\n')[1]?.startsWith('event: content_block_delta\ndata: ')).toBe(true);
  });

  it('waits for an event cut between reads', async () => {
    const all = role + openAi({ content: 'a' }) + openAi({ content: 'b' }) + finish;
    const cut = all.indexOf('"a"');
    const out = await through([all.slice(0, cut), all.slice(cut)]);
    expect(out[0]).toBe(role);
    expect(eventsOf(out.join(''))).toEqual(eventsOf(role + openAi({ content: 'ab' }) + finish));
  });

  it('passes a stream with CRLF line ends through untouched', async () => {
    const crlf = [openAi({ content: 'a' }), openAi({ content: 'b' })].map((e) => e.replaceAll('\n', '\r\n'));
    expect((await through(crlf)).join('')).toBe(crlf.join(''));
  });
});

describe.each([
  ['OpenAI', startFakeOpenAI, 'openai'],
  ['Anthropic', startFakeAnthropic, 'anthropic'],
] as const)('the %s provider through the batches', (_name, start, provider) => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());

  it('streams a paced reply whole, in fewer deltas', async () => {
    const reply = 'Here is the plan for the Hendersons: rebalance, then review the trust. '.repeat(2);
    fake.enqueue({ text: reply, chunkDelayMs: 3 });
    const result = streamText({ model: fakeLlm(fake, { provider }).model, prompt: 'Plan?' });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === 'text-delta') deltas.push(part.text);
    expect(deltas.join('')).toBe(reply);
    expect(deltas.length).toBeLessThan(reply.length / 4 / 2);
  });
});
