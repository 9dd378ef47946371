// The one-pass OpenAI chat stream against the AI SDK's own chat model: both read the same events
// from the same loopback server, and must send the same request and give the same parts (text
// compared joined, since ours passes it on in batches), the same errors, the same finish.
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { type FakeServer, startFakeServer } from '@knap/fakes';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIChatStreamModel, sdkChatInternals } from './openai-chat-stream.js';

/** What the server answers next, and every request it was sent. */
let script: { status?: number; body: string; writes?: string[]; gapMs?: number; cut?: boolean } = {
  body: '',
};
const requests: Array<{ body: unknown; headers: Record<string, unknown> }> = [];
/** For each answer, once written: whether the client had gone before its end. */
const answers: Array<{ cut: boolean }> = [];
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer(async (req, res, body) => {
    const { authorization, 'content-type': contentType, 'user-agent': userAgent } = req.headers;
    requests.push({ body: JSON.parse(body), headers: { authorization, contentType, userAgent } });
    const status = script.status ?? 200;
    res.writeHead(status, {
      'content-type': status === 200 ? 'text/event-stream' : 'application/json',
      'x-request-id': 'req_1',
    });
    for (const write of script.writes ?? [script.body]) {
      res.write(write);
      if (script.gapMs) await new Promise((resolve) => setTimeout(resolve, script.gapMs));
    }
    answers.push({ cut: res.destroyed });
    if (script.cut) res.destroy();
    else res.end();
  });
});
afterAll(() => server.close());

const sdkModel = () => createOpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1` }).chat('gpt-4o-mini');
const models = (batchMs = 50) => ({
  sdk: sdkModel(),
  ours: new OpenAIChatStreamModel(sdkModel(), { batchMs }),
});

const chunk = (choice: object, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_764_000_000, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: null, ...choice }], ...extra })}\n\n`;
const text = (content: string) => chunk({ delta: { content } });
const finish = (reason: string) => chunk({ delta: {}, finish_reason: reason });
const usage = `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_764_000_000, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 12, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 2 }, completion_tokens_details: { reasoning_tokens: 0 } } })}\n\n`;
const DONE = 'data: [DONE]\n\n';

const call = {
  prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'How is Ann’s portfolio?' }] }],
  temperature: 0.2,
  tools: [
    {
      type: 'function' as const,
      name: 'find_client',
      description: 'Finds a client',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
    },
  ],
};

async function partsOf(model: LanguageModelV3): Promise<LanguageModelV3StreamPart[]> {
  const { stream } = await model.doStream(call);
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** Parts with consecutive text deltas joined, random ids named, errors by their class. */
function comparable(parts: LanguageModelV3StreamPart[]) {
  const joined: unknown[] = [];
  for (const part of parts) {
    const last = joined.at(-1) as LanguageModelV3StreamPart | undefined;
    if (part.type === 'text-delta' && last?.type === 'text-delta') {
      joined[joined.length - 1] = { ...last, delta: last.delta + part.delta };
    } else if (part.type === 'source') joined.push({ ...part, id: 'source-id' });
    else if (part.type === 'error')
      joined.push({ type: 'error', error: part.error instanceof Error ? part.error.name : part.error });
    else joined.push(part);
  }
  return joined;
}

/** How a call to `model` fails: what of the error a caller (and streamText's retry) reads. */
async function failureOf(model: LanguageModelV3) {
  const error = (await Promise.resolve(model.doStream(call)).then(
    () => ({}),
    (failure: unknown) => failure,
  )) as Record<string, unknown>;
  const { name, message, statusCode, isRetryable, responseBody, data } = error;
  return { name, message, statusCode, isRetryable, responseBody, data };
}

/** Both models' parts for the same answer, and the two requests they sent. */
async function bothRead(answer: typeof script) {
  script = answer;
  requests.length = 0;
  const { sdk, ours } = models();
  const expected = await partsOf(sdk);
  const actual = await partsOf(ours);
  expect(requests).toHaveLength(2);
  expect(requests[1]).toEqual(requests[0]);
  return { expected, actual };
}

describe('OpenAIChatStreamModel, against the AI SDK’s chat model', () => {
  it('reaches the SDK’s request building in this release of @ai-sdk/openai', () => {
    // If a release renames what it uses, the model falls back to the SDK's stream, slower: this says so.
    expect(sdkChatInternals(sdkModel())).not.toBeNull();
  });

  it('a plain reply: metadata, text, usage and finish, from the same request', async () => {
    const { expected, actual } = await bothRead({
      body: [
        chunk({ delta: { role: 'assistant', content: '' } }),
        text('Ann'),
        text('’s'),
        text(' portfolio'),
        text(' is up 4%.'),
        finish('stop'),
        usage,
        DONE,
      ].join(''),
    });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(requests[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
    });
  });

  it('tool calls streamed in pieces, after text', async () => {
    const call0 = {
      index: 0,
      id: 'call_1',
      type: 'function',
      function: { name: 'find_client', arguments: '' },
    };
    const { expected, actual } = await bothRead({
      body: [
        text('Let me look.'),
        chunk({ delta: { tool_calls: [call0] } }),
        chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: '{"name":' } }] } }),
        chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: '"Ann"}' } }] } }),
        chunk({
          delta: {
            tool_calls: [
              {
                index: 1,
                id: 'call_2',
                type: 'function',
                function: { name: 'find_client', arguments: '{"name":"Bo"}' },
              },
            ],
          },
        }),
        finish('tool_calls'),
        usage,
        DONE,
      ].join(''),
    });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(actual.filter((p) => p.type === 'tool-call')).toHaveLength(2);
  });

  it('a refusal is text that finishes as content-filter; sources and logprobs are kept', async () => {
    const { expected, actual } = await bothRead({
      body: [
        chunk({ delta: { refusal: 'I can’t help' } }),
        chunk({
          delta: { refusal: ' with that.' },
          logprobs: { content: null, refusal: [{ token: 'x', logprob: -0.1, top_logprobs: [] }] },
        }),
        chunk({
          delta: {
            annotations: [
              {
                type: 'url_citation',
                url_citation: { url: 'https://example.com/a', title: 'A', start_index: 0, end_index: 1 },
              },
            ],
          },
        }),
        finish('stop'),
        DONE,
      ].join(''),
    });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(actual.at(-1)).toMatchObject({ finishReason: { unified: 'content-filter' } });
  });

  it('an error event after output is a part, and the finish says error', async () => {
    const { expected, actual } = await bothRead({
      body: [
        text('Half'),
        'data: {"error":{"message":"The server had an error","type":"server_error","code":null}}\n\n',
        DONE,
      ].join(''),
    });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(actual.at(-1)).toMatchObject({ finishReason: { unified: 'error' } });
  });

  it('an event that is not JSON is an error part, and the reply goes on', async () => {
    const { expected, actual } = await bothRead({
      body: [text('One'), 'data: {not json\n\n', text(' two'), finish('stop'), DONE].join(''),
    });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(comparable(actual)).toContainEqual({ type: 'error', error: 'AI_JSONParseError' });
  });

  it('CRLF line ends and events cut between reads are read alike', async () => {
    const body = [text('Split'), text(' across'), text(' reads'), finish('stop'), DONE]
      .join('')
      .replaceAll('\n', '\r\n');
    const cuts = [0, 7, 90, 91, 200, body.length];
    const writes = cuts.slice(1).map((end, i) => body.slice(cuts[i], end));
    const { expected, actual } = await bothRead({ body, writes, gapMs: 5 });
    expect(comparable(actual)).toEqual(comparable(expected));
  });

  it('a connection cut mid-reply: the text before it, then the stream fails', async () => {
    script = { body: '', writes: [text('The first'), text(' part')], gapMs: 20, cut: true };
    const read = async (model: LanguageModelV3) => {
      let seen = '';
      const { stream } = await model.doStream(call);
      const failure = await (async () => {
        for await (const part of stream) if (part.type === 'text-delta') seen += part.delta;
      })().catch((error: unknown) => error);
      return { seen, failed: failure instanceof Error };
    };
    const { sdk, ours } = models();
    expect(await read(ours)).toEqual(await read(sdk));
    expect(await read(ours)).toEqual({ seen: 'The first part', failed: true });
  });

  for (const [name, frame] of [
    ['a server error', { error: { message: 'The server had an error', type: 'server_error', code: null } }],
    [
      'a rate limit',
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    ],
    [
      'no quota',
      {
        error: { message: 'You exceeded your quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      },
    ],
  ] as const) {
    it(`an error event before any output fails the call as the SDK does: ${name}`, async () => {
      script = { body: `data: ${JSON.stringify(frame)}\n\n${DONE}` };
      const { sdk, ours } = models();
      const expected = await failureOf(sdk);
      expect(await failureOf(ours)).toEqual(expected);
      expect(expected.name).toBe('AI_APICallError');
    });
  }

  it('an HTTP error is the SDK’s APICallError', async () => {
    script = {
      status: 429,
      body: JSON.stringify({
        error: { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' },
      }),
    };
    const { sdk, ours } = models();
    const expected = await failureOf(sdk);
    expect(await failureOf(ours)).toEqual(expected);
    expect(expected).toMatchObject({ name: 'AI_APICallError', statusCode: 429, isRetryable: true });
  });

  it('streamText reads it to the same text, usage and finish', async () => {
    script = { body: [text('Hello'), text(' Ann'), finish('stop'), usage, DONE].join('') };
    const read = async (model: LanguageModelV3) => {
      const result = streamText({ model, prompt: 'Hi' });
      return { text: await result.text, usage: await result.usage, finishReason: await result.finishReason };
    };
    const { sdk, ours } = models();
    expect(await read(ours)).toEqual(await read(sdk));
  });
});

describe('OpenAIChatStreamModel, batching', () => {
  it('passes the first text at once and later text merged, at most every batchMs', async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => text(`t${i} `));
    script = { body: '', writes: [...tokens, finish('stop') + DONE], gapMs: 2 };
    const started = performance.now();
    const { stream } = await new OpenAIChatStreamModel(sdkModel(), { batchMs: 30 }).doStream(call);
    const deltas: Array<{ text: string; at: number }> = [];
    for await (const part of stream)
      if (part.type === 'text-delta') deltas.push({ text: part.delta, at: performance.now() - started });
    expect(deltas.map((d) => d.text).join('')).toBe(Array.from({ length: 40 }, (_, i) => `t${i} `).join(''));
    expect(deltas[0]?.text).toBe('t0 ');
    // 40 tokens over at least 80 ms, in batches 30 ms apart: a handful of deltas, not 40.
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.length).toBeLessThan(15);
  });

  it('stops reading the model when the reader goes away', async () => {
    script = { body: '', writes: Array.from({ length: 200 }, (_, i) => text(`w${i} `)), gapMs: 5 };
    const { stream } = await new OpenAIChatStreamModel(sdkModel(), { batchMs: 10 }).doStream(call);
    const reader = stream.getReader();
    let seen = '';
    while (!seen.includes('w3 ')) {
      const { value } = await reader.read();
      if (value?.type === 'text-delta') seen += value.delta;
    }
    answers.length = 0;
    await reader.cancel();
    // Cancelling closes the connection: the server's answer is cut, not read to its end.
    await expect.poll(() => answers, { timeout: 5_000 }).toEqual([{ cut: true }]);
  });

  it('an aborted call ends its stream with the abort', async () => {
    script = { body: '', writes: Array.from({ length: 100 }, (_, i) => text(`a${i} `)), gapMs: 5 };
    const abort = new AbortController();
    const { stream } = await new OpenAIChatStreamModel(sdkModel(), { batchMs: 10 }).doStream({
      ...call,
      abortSignal: abort.signal,
    });
    const reader = stream.getReader();
    await reader.read();
    abort.abort();
    const failure = await (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return null;
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('AbortError');
  });
});
