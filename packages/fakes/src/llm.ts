// Loopback LLM providers speaking the real wire protocols: OpenAI chat completions (streaming SSE
// and plain JSON) and Anthropic Messages (SSE events). Replies are scripted per test: text, tool
// calls, delays, an error status, a connection cut or a stall mid-stream, malformed SSE.
import type { ServerResponse } from 'node:http';
import { type FakeServer, sendJson, startFakeServer } from './http.js';

export interface LlmScript {
  /** Text of the reply, streamed in `chunkSize`-character pieces. */
  text?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  /** Answer this status (with an error body) instead of a reply. */
  status?: number;
  /** Cut the connection after this many content chunks. */
  failAfterChunks?: number;
  /** Stop sending (but keep the connection open) after this many content chunks. */
  stallAfterChunks?: number;
  /** Send a line that is not valid JSON after this many content chunks. */
  malformedAfterChunks?: number;
  chunkDelayMs?: number;
  chunkSize?: number;
}

export interface FakeLlm extends FakeServer {
  /** Base URL to give the provider (ends in /v1). */
  baseUrl: string;
  enqueue(...scripts: LlmScript[]): void;
  /** Every request body received, newest last. */
  requests: Array<Record<string, unknown>>;
}

export interface FakeLlmOptions {
  /**
   * The script of a request when none is queued (a benchmark's paced reply); else the reply echoes
   * the last user message at once.
   */
  reply?: LlmScript;
}

type Message = { role: string; content: unknown };

function lastUserText(messages: Message[] | undefined): string {
  const last = [...(messages ?? [])].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return Array.isArray(last.content) ? last.content.map((p: { text?: string }) => p.text ?? '').join('') : '';
}

const pieces = (text: string, size: number) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

async function startLlm(
  handle: (script: LlmScript, body: Record<string, unknown>, res: ServerResponse) => Promise<void>,
  path: string,
  options: FakeLlmOptions,
): Promise<FakeLlm> {
  const queue: LlmScript[] = [];
  const requests: Array<Record<string, unknown>> = [];
  const server = await startFakeServer(async (req, res, raw) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== path)
      return sendJson(res, 404, { error: { message: 'not found' } });
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    requests.push(body);
    const script = queue.shift() ??
      options.reply ?? { text: `You said: ${lastUserText(body.messages as Message[])}` };
    if (script.status) {
      return sendJson(res, script.status, {
        error: { message: `scripted failure ${script.status}`, type: 'server_error' },
        type: 'error',
      });
    }
    await handle(script, body, res);
  });
  return { ...server, baseUrl: `${server.url}/v1`, enqueue: (...s) => queue.push(...s), requests };
}

/** Writes content events, honouring the script's delay, cut, stall and malformed-line options. */
async function writeChunks(
  res: ServerResponse,
  script: LlmScript,
  events: string[],
): Promise<'done' | 'stopped'> {
  for (const [i, event] of events.entries()) {
    if (script.failAfterChunks !== undefined && i >= script.failAfterChunks) {
      res.socket?.destroy();
      return 'stopped';
    }
    if (script.stallAfterChunks !== undefined && i >= script.stallAfterChunks) return 'stopped';
    if (script.malformedAfterChunks !== undefined && i === script.malformedAfterChunks) {
      res.write('data: {"this is": not json\n\n');
    }
    await sleep(script.chunkDelayMs ?? 0);
    // Wait for each write to reach the socket, so a scripted cut happens after what was sent.
    await new Promise<void>((resolve) => res.write(event, () => resolve()));
  }
  return 'done';
}

export function startFakeOpenAI(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  return startLlm(
    async (script, body, res) => {
      const id = `chatcmpl-${Date.now()}`;
      const created = Math.floor(Date.now() / 1000);
      const model = String(body.model ?? 'fake-model');
      const toolCalls = (script.toolCalls ?? []).map((c, i) => ({
        index: i,
        id: `call_${i}_${Date.now()}`,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.arguments) },
      }));
      const text = script.text ?? '';
      const finish = toolCalls.length ? 'tool_calls' : 'stop';
      const usage = {
        prompt_tokens: 10,
        completion_tokens: Math.max(1, Math.ceil(text.length / 4)),
        total_tokens: 0,
      };

      if (!body.stream) {
        return sendJson(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: text || null,
                ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...c }) => c) } : {}),
              },
              finish_reason: finish,
            },
          ],
          usage,
        });
      }

      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (delta: object, finishReason: string | null = null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      const events = [
        ...pieces(text, script.chunkSize ?? 4).map((p) => chunk({ content: p })),
        ...toolCalls.map((c) => chunk({ tool_calls: [c] })),
      ];
      if ((await writeChunks(res, script, events)) === 'stopped') return;
      res.write(chunk({}, finish));
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
      res.write('data: [DONE]\n\n');
      res.end();
    },
    '/v1/chat/completions',
    options,
  );
}

export function startFakeAnthropic(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  return startLlm(
    async (script, body, res) => {
      const model = String(body.model ?? 'fake-claude');
      const text = script.text ?? '';
      const toolCalls = script.toolCalls ?? [];
      const stopReason = toolCalls.length ? 'tool_use' : 'end_turn';

      if (!body.stream) {
        return sendJson(res, 200, {
          id: `msg_${Date.now()}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [
            ...(text ? [{ type: 'text', text }] : []),
            ...toolCalls.map((c, i) => ({
              type: 'tool_use',
              id: `toolu_${i}_${Date.now()}`,
              name: c.name,
              input: c.arguments,
            })),
          ],
          stop_reason: stopReason,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 5 },
        });
      }

      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const event = (type: string, data: object) =>
        `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
      res.write(
        event('message_start', {
          message: {
            id: `msg_${Date.now()}`,
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 1 },
          },
        }),
      );
      const events: string[] = [];
      let index = 0;
      if (text) {
        events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
        for (const p of pieces(text, script.chunkSize ?? 4)) {
          events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: p } }));
        }
        events.push(event('content_block_stop', { index }));
        index += 1;
      }
      for (const [i, c] of toolCalls.entries()) {
        events.push(
          event('content_block_start', {
            index,
            content_block: { type: 'tool_use', id: `toolu_${i}_${Date.now()}`, name: c.name, input: {} },
          }),
          event('content_block_delta', {
            index,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(c.arguments) },
          }),
          event('content_block_stop', { index }),
        );
        index += 1;
      }
      if ((await writeChunks(res, script, events)) === 'stopped') return;
      res.write(
        event('message_delta', {
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 15 },
        }),
      );
      res.write(event('message_stop', {}));
      res.end();
    },
    '/v1/messages',
    options,
  );
}
