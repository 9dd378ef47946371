// Text deltas are passed on in batches. A model sends a reply as one server-sent event per token,
// and each event then costs about 0.2 ms of CPU on its way through the provider's parser and the
// AI SDK's chain of web streams (bench/README.md, "Where the time goes"), a hundred times what
// reading it costs. So the first text delta of a reply is passed on at once, and later ones at most
// every TEXT_BATCH_MS, merged into one event: at a real model's 20 ms a token that halves the
// events a reply costs, and when the server falls behind (more tokens waiting each time) the work
// per token falls as the load rises instead of the lag growing with it. Every other event (tool
// calls, finish, usage, errors) is passed on at once, after the text before it, in order. Only the
// plain text deltas of OpenAI's chat completions (also spoken by OpenAI-compatible servers) and of
// Anthropic's Messages are merged; a stream written with CRLF line ends passes through untouched.
// No library does this: it sits between fetch and the provider, where the AI SDK has no hook.

/** How long later text deltas of a reply are held to be passed on together, in ms. */
export const TEXT_BATCH_MS = 50;

const EVENT_END = '\n\n';

/** A text delta read from one event: what it adds, which text it continues, how to write it back. */
interface TextDelta {
  key: string;
  text: string;
  write(text: string): string;
}

interface OpenAiChunk {
  id?: unknown;
  usage?: unknown;
  choices?: Array<{
    index?: unknown;
    finish_reason?: unknown;
    logprobs?: unknown;
    delta?: Record<string, unknown>;
  }>;
}

interface AnthropicChunk {
  type?: unknown;
  index?: unknown;
  delta?: { type?: unknown; text?: unknown };
}

/** OpenAI chat completions: `data: {"choices":[{"index":0,"delta":{"content":"…"}}]}` only. */
function openAiDelta(event: string): TextDelta | null {
  if (!event.startsWith('data: {') || event.includes('\n')) return null;
  const chunk = parse<OpenAiChunk>(event.slice('data: '.length));
  const choice = chunk?.choices?.length === 1 ? chunk.choices[0] : undefined;
  const delta = choice?.delta;
  if (!chunk || !choice || !delta || typeof delta.content !== 'string') return null;
  if (choice.finish_reason != null || choice.logprobs != null || chunk.usage != null) return null;
  for (const [name, value] of Object.entries(delta)) if (name !== 'content' && value != null) return null;
  return {
    key: `openai:${String(chunk.id)}:${String(choice.index)}`,
    text: delta.content,
    write(text) {
      delta.content = text;
      return `data: ${JSON.stringify(chunk)}`;
    },
  };
}

/** Anthropic Messages: `event: content_block_delta` with a `text_delta`. */
function anthropicDelta(event: string): TextDelta | null {
  const head = 'event: content_block_delta\ndata: ';
  if (!event.startsWith(head) || event.indexOf('\n', head.length) !== -1) return null;
  const chunk = parse<AnthropicChunk>(event.slice(head.length));
  const delta = chunk?.delta;
  if (chunk?.type !== 'content_block_delta' || delta?.type !== 'text_delta' || typeof delta.text !== 'string')
    return null;
  return {
    key: `anthropic:${String(chunk.index)}`,
    text: delta.text,
    write(text) {
      delta.text = text;
      return `${head}${JSON.stringify(chunk)}`;
    },
  };
}

function parse<T>(json: string): T | null {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null; // not merged: the provider reports it, from the event as it came
  }
}

function deltaOf(event: string): TextDelta | null {
  return openAiDelta(event) ?? anthropicDelta(event);
}

/** Consecutive deltas of one text, and the first as it came (written again only if merged). */
interface Run {
  delta: TextDelta;
  raw: string;
  parts: string[];
}

const written = (run: Run) => (run.parts.length === 1 ? run.raw : run.delta.write(run.parts.join('')));

/**
 * The transform of a server-sent-event body that passes a reply's text deltas on in batches: the
 * first at once, then at most every `batchMs`, each batch merged into one event.
 */
export function coalesceTextDeltas(batchMs = TEXT_BATCH_MS): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = ''; // what came after the last whole event
  let held: Run | null = null; // text deltas not passed on yet
  let sentAt: number | undefined; // when text was last passed on
  let timer: NodeJS.Timeout | undefined;
  let passThrough = false;
  let out!: TransformStreamDefaultController<Uint8Array>;

  const send = (text: string) => {
    if (!text) return;
    try {
      out.enqueue(encoder.encode(text));
    } catch {
      // the reader went away: nothing waits for the rest
    }
  };
  const takeHeld = () => {
    if (!held) return '';
    const text = written(held) + EVENT_END;
    held = null;
    sentAt = Date.now();
    return text;
  };
  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    send(takeHeld());
  };

  return new TransformStream({
    start(controller) {
      out = controller;
    },
    transform(bytes) {
      if (passThrough) return send(decoder.decode(bytes, { stream: true }));
      pending += decoder.decode(bytes, { stream: true });
      if (pending.includes('\r')) {
        passThrough = true;
        release();
        const rest = pending;
        pending = '';
        return send(rest);
      }
      const end = pending.lastIndexOf(EVENT_END);
      if (end < 0) return;
      const events = pending.slice(0, end).split(EVENT_END);
      pending = pending.slice(end + EVENT_END.length);
      let text = '';
      for (const event of events) {
        const delta = deltaOf(event);
        if (delta && held?.delta.key === delta.key) {
          held.parts.push(delta.text);
          continue;
        }
        text += takeHeld();
        if (delta) held = { delta, raw: event, parts: [delta.text] };
        else text += event + EVENT_END;
      }
      if (held && (sentAt === undefined || Date.now() - sentAt >= batchMs)) text += takeHeld();
      if (!held) {
        clearTimeout(timer);
        timer = undefined;
      } else timer ??= setTimeout(release, Math.max(0, (sentAt ?? 0) + batchMs - Date.now()));
      send(text);
    },
    flush() {
      release();
      send(pending + decoder.decode());
    },
  });
}

/** `fetch` for a provider: event-stream answers come with their text deltas in batches. */
export function coalescingFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.startsWith('text/event-stream')) return response;
    return new Response(response.body.pipeThrough(coalesceTextDeltas()), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
