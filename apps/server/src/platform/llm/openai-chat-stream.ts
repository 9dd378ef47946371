// OpenAI's chat completions, streamed with each server-sent event parsed once. The AI SDK's chat
// model (@ai-sdk/openai) builds the request and answers everything else (doGenerate, and any call
// that asks for raw chunks); its doStream is replaced. That one reads a reply through a text
// decoder stream, an SSE parser stream, an async JSON parse and zod validation per event, a tee to
// look for an early error, and a transform to the model's parts; behind our text batcher
// (coalesce.ts) every text event was also parsed and written again first. bench/capacity-stages.ts
// priced that at 118–137 µs of CPU a token, and this one pass at 70 (bench/README.md, "One pass for
// OpenAI's streams"): a fifth to a quarter of all the server spends on a token. The SDK has no hook
// for it, so this is ours.
//
// What it keeps of the SDK's stream, held to it by openai-chat-stream.test.ts on the same events:
// the request (the SDK's own `getArgs`, URL and headers), HTTP errors, an error event before any
// output thrown as a retryable APICallError, response metadata, text (a refusal is text that ends
// in content-filter), tool calls (the SDK's StreamingToolCallTracker), URL sources, usage,
// logprobs, finish. What it changes: text deltas are passed on in batches, the first at once and
// later ones at most every TEXT_BATCH_MS; events are checked by shape, not by a zod schema.
import {
  APICallError,
  EmptyResponseBodyError,
  JSONParseError,
  type JSONValue,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
  TypeValidationError,
} from '@ai-sdk/provider';
import {
  combineHeaders,
  createJsonErrorResponseHandler,
  extractResponseHeaders,
  generateId,
  postJsonToApi,
  type ResponseHandler,
  StreamingToolCallTracker,
} from '@ai-sdk/provider-utils';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { TEXT_BATCH_MS } from './coalesce.js';

/** The parts of the SDK's chat model this one uses; absent in a release that renamed them. */
interface SdkChatModel {
  getArgs(
    options: LanguageModelV3CallOptions,
  ): Promise<{ args: Record<string, unknown>; warnings: SharedV3Warning[] }>;
  config: {
    url(options: { path: string; modelId: string }): string;
    headers(): Record<string, string | undefined>;
  };
}

/** The SDK model's request building, if this release of it has the shape this file was written for. */
export function sdkChatInternals(model: LanguageModelV3): SdkChatModel | null {
  const candidate = model as unknown as Partial<SdkChatModel>;
  return typeof candidate.getArgs === 'function' &&
    typeof candidate.config?.url === 'function' &&
    typeof candidate.config.headers === 'function'
    ? (candidate as SdkChatModel)
    : null;
}

// As the SDK's openaiFailedResponseHandler (not exported): OpenAI's error body.
const failedResponseHandler = createJsonErrorResponseHandler({
  errorSchema: z.object({
    error: z.object({
      message: z.string(),
      type: z.string().nullish(),
      param: z.any().nullish(),
      code: z.union([z.string(), z.number()]).nullish(),
    }),
  }),
  errorToMessage: (data) => data.error.message,
});

const eventStreamBody: ResponseHandler<ReadableStream<Uint8Array>> = async ({ response }) => {
  if (!response.body) throw new EmptyResponseBodyError({});
  return { responseHeaders: extractResponseHeaders(response), value: response.body };
};

/** OpenAI's streamed `chat.completion.chunk`, as far as it is read. */
interface ChatChunk {
  id?: string | null;
  created?: number | null;
  model?: string | null;
  error?: unknown;
  usage?: ChatUsage | null;
  choices?: Array<{
    finish_reason?: string | null;
    logprobs?: { content?: unknown[] | null; refusal?: unknown[] | null } | null;
    delta?: {
      content?: string | null;
      refusal?: string | null;
      tool_calls?: Array<Parameters<StreamingToolCallTracker['processDelta']>[0]> | null;
      annotations?: Array<{ url_citation: { url: string; title?: string } }> | null;
    } | null;
  }>;
}

interface ChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
  completion_tokens_details?: {
    reasoning_tokens?: number | null;
    accepted_prediction_tokens?: number | null;
    rejected_prediction_tokens?: number | null;
  } | null;
}

/** An OpenAI chat model whose streams are read in one pass (see the top of this file). */
export class OpenAIChatStreamModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';

  constructor(
    /** The AI SDK's chat model, which builds the requests and answers all but the streams. */
    readonly sdk: LanguageModelV3,
    private readonly options: { batchMs?: number } = {},
  ) {}

  get provider() {
    return this.sdk.provider;
  }
  get modelId() {
    return this.sdk.modelId;
  }
  get supportedUrls() {
    return this.sdk.supportedUrls;
  }

  doGenerate(options: LanguageModelV3CallOptions) {
    return this.sdk.doGenerate(options);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const sdk = sdkChatInternals(this.sdk);
    if (!sdk || options.includeRawChunks) return this.sdk.doStream(options);
    const { args, warnings } = await sdk.getArgs(options);
    const body = { ...args, stream: true, stream_options: { include_usage: true } };
    const url = sdk.config.url({ path: '/chat/completions', modelId: this.modelId });
    const { responseHeaders, value: events } = await postJsonToApi({
      url,
      headers: combineHeaders(sdk.config.headers(), options.headers),
      body,
      failedResponseHandler,
      successfulResponseHandler: eventStreamBody,
      abortSignal: options.abortSignal,
    });
    const reply = readReply(events, warnings, this.options.batchMs ?? TEXT_BATCH_MS);
    try {
      await reply.firstOutput;
    } catch (failure) {
      if (failure instanceof EarlyErrorEvent)
        throw streamErrorBeforeOutput(failure.frame, { url, requestBodyValues: body, responseHeaders });
      throw failure;
    }
    return { stream: reply.parts, request: { body }, response: { headers: responseHeaders } };
  }
}

/** An error event that came before any output: the call fails (and may be retried), as in the SDK. */
class EarlyErrorEvent {
  constructor(readonly frame: unknown) {}
}

/**
 * The model's parts from an event-stream body, read as it arrives. `firstOutput` settles once the
 * reply has output (or ends, or breaks), and rejects with EarlyErrorEvent if an error event came
 * before any.
 */
function readReply(body: ReadableStream<Uint8Array>, warnings: SharedV3Warning[], batchMs: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let out!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
  let settleFirstOutput!: (failure?: unknown) => void;
  let hasOutput = false;
  const firstOutput = new Promise<void>((resolve, reject) => {
    settleFirstOutput = (failure) => (failure === undefined ? resolve() : reject(failure));
  });
  const markOutput = () => {
    if (hasOutput) return;
    hasOutput = true;
    settleFirstOutput();
  };

  // Text not passed on yet, and when text was last passed on.
  let heldText = '';
  let sentAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let isActiveText = false;
  let done = false;

  const enqueueText = (delta: string) => {
    if (!isActiveText) out.enqueue({ type: 'text-start', id: '0' });
    isActiveText = true;
    out.enqueue({ type: 'text-delta', id: '0', delta });
  };
  const releaseText = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!heldText || done) return;
    enqueueText(heldText);
    heldText = '';
    sentAt = performance.now();
  };
  const holdText = (text: string) => {
    heldText += text;
    const wait = sentAt + batchMs - performance.now();
    if (wait <= 0) releaseText();
    else timer ??= setTimeout(releaseText, wait);
  };
  /** Every part but text goes out after the text before it. */
  const emit = (part: LanguageModelV3StreamPart) => {
    if (heldText) releaseText();
    out.enqueue(part);
  };

  let tracker!: StreamingToolCallTracker;
  let metadataExtracted = false;
  let usage: ChatUsage | undefined;
  let rawFinishReason: string | undefined;
  let errored = false;
  let hasRefusal = false;
  const logprobs: JSONValue[] = [];
  const openai: Record<string, JSONValue> = {};

  const onError = (error: unknown) => {
    errored = true;
    rawFinishReason = undefined;
    emit({ type: 'error', error });
  };

  const onChunk = (chunk: ChatChunk) => {
    if ('error' in chunk) {
      if (!hasOutput) throw new EarlyErrorEvent(chunk.error);
      return onError(chunk.error);
    }
    const choice = chunk.choices?.[0];
    const delta = choice?.delta;
    // The common event, a token of text and nothing else, is held to be passed on with the next.
    if (
      typeof delta?.content === 'string' &&
      delta.content.length > 0 &&
      delta.refusal == null &&
      delta.tool_calls == null &&
      delta.annotations == null &&
      choice?.finish_reason == null &&
      choice?.logprobs == null &&
      chunk.usage == null &&
      (metadataExtracted || !(chunk.id || chunk.model || chunk.created))
    ) {
      markOutput();
      return holdText(delta.content);
    }

    if (!metadataExtracted && (chunk.id || chunk.model || chunk.created)) {
      metadataExtracted = true;
      emit({
        type: 'response-metadata',
        id: chunk.id ?? undefined,
        modelId: chunk.model ?? undefined,
        timestamp: chunk.created ? new Date(chunk.created * 1000) : undefined,
      });
    }
    if (chunk.usage != null) {
      usage = chunk.usage;
      const details = chunk.usage.completion_tokens_details;
      if (details?.accepted_prediction_tokens != null)
        openai.acceptedPredictionTokens = details.accepted_prediction_tokens;
      if (details?.rejected_prediction_tokens != null)
        openai.rejectedPredictionTokens = details.rejected_prediction_tokens;
    }
    if (choice?.finish_reason != null) rawFinishReason = choice.finish_reason;
    if (choice?.logprobs != null) {
      const { content, refusal } = choice.logprobs;
      if (content != null) logprobs.push(...(content as JSONValue[]));
      if (refusal != null) logprobs.push(...(refusal as JSONValue[]));
      if (content != null || refusal != null) openai.logprobs = logprobs;
    }
    if (delta == null) return;
    if (delta.content || delta.refusal || delta.tool_calls?.length || delta.annotations?.length) markOutput();
    if (delta.content) holdText(delta.content);
    if (delta.refusal) {
      hasRefusal = true;
      holdText(delta.refusal);
    }
    if (delta.content === '' && !delta.refusal) {
      // An empty text still opens the text, as the SDK's does.
      if (heldText) releaseText();
      enqueueText('');
    }
    for (const toolCall of delta.tool_calls ?? []) tracker.processDelta(toolCall);
    for (const annotation of delta.annotations ?? [])
      emit({
        type: 'source',
        sourceType: 'url',
        id: generateId(),
        url: annotation.url_citation.url,
        title: annotation.url_citation.title,
      });
  };

  const onData = (data: string) => {
    if (data === '[DONE]') return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch (cause) {
      // As the SDK: the reply goes on, and its finish says it had an error.
      return onError(new JSONParseError({ text: data, cause }));
    }
    if (chunk === null || typeof chunk !== 'object' || Array.isArray(chunk))
      return onError(new TypeValidationError({ value: chunk, cause: 'not an object' }));
    onChunk(chunk as ChatChunk);
  };
  const parser = createParser({ onEvent: (event) => onData(event.data) });

  const finish = () => {
    releaseText();
    if (isActiveText) out.enqueue({ type: 'text-end', id: '0' });
    tracker.flush();
    const finishReason: LanguageModelV3FinishReason =
      rawFinishReason != null
        ? { unified: unifiedFinishReason(rawFinishReason, hasRefusal), raw: rawFinishReason }
        : { unified: errored ? 'error' : 'other', raw: undefined };
    out.enqueue({ type: 'finish', finishReason, usage: chatUsage(usage), providerMetadata: { openai } });
    done = true;
  };

  let cancelled = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
  };
  const pump = async () => {
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (cancelled) return;
        if (ended) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      parser.feed(decoder.decode());
      finish();
      markOutput();
      out.close();
    } catch (failure) {
      if (cancelled) return;
      if (!hasOutput) {
        hasOutput = true;
        settleFirstOutput(failure);
      } else {
        // The text read before the failure goes out first, as it would have in time.
        releaseText();
        out.error(failure);
      }
      stop();
      void reader.cancel().catch(() => {});
    }
  };

  const parts = new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      out = controller;
      tracker = new StreamingToolCallTracker({ enqueue: emit }, { generateId, typeValidation: 'if-present' });
      out.enqueue({ type: 'stream-start', warnings });
      void pump();
    },
    cancel(reason) {
      cancelled = true;
      stop();
      return reader.cancel(reason).catch(() => {});
    },
  });
  return { parts, firstOutput };
}

/** As the SDK's mapOpenAIFinishReason. */
function unifiedFinishReason(raw: string, hasRefusal: boolean): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'stop':
      return hasRefusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/** As the SDK's convertOpenAIChatUsage. */
function chatUsage(usage: ChatUsage | undefined): LanguageModelV3Usage {
  if (usage == null)
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      raw: undefined,
    };
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheWriteTokens = usage.prompt_tokens_details?.cache_write_tokens ?? undefined;
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens,
    },
    outputTokens: {
      total: completionTokens,
      text: Math.max(0, completionTokens - reasoningTokens),
      reasoning: reasoningTokens,
    },
    raw: usage as Record<string, JSONValue>,
  };
}

/** As the SDK's createOpenAIStreamError: an error event before any output, as a call error. */
function streamErrorBeforeOutput(
  frame: unknown,
  context: { url: string; requestBodyValues: unknown; responseHeaders: Record<string, string> | undefined },
): APICallError {
  const error = describeStreamError(frame);
  const statusCode = error ? statusOf(error) : 500;
  return new APICallError({
    message: error?.message ?? 'OpenAI stream failed before any output was generated',
    ...context,
    statusCode,
    responseBody: JSON.stringify(frame),
    data: frame,
    isRetryable:
      !error ||
      (error.code !== 'insufficient_quota' && error.type !== 'insufficient_quota' && isRetryable(statusCode)),
  });
}

interface StreamError {
  message: string;
  code?: string | number;
  type?: string;
}

const record = (value: unknown) =>
  typeof value === 'object' && value != null ? (value as Record<string, unknown>) : undefined;

function describeStreamError(frame: unknown): StreamError | undefined {
  const value = record(frame);
  if (!value) return undefined;
  const error = record(value.error) ?? value;
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined;
  return typeof error.message === 'string' &&
    (record(value.error) != null || typeof error.type === 'string' || 'code' in error || 'param' in error)
    ? { message: error.message, code, type: typeof error.type === 'string' ? error.type : undefined }
    : undefined;
}

const isHttpError = (code: number) => Number.isInteger(code) && code >= 400 && code <= 599;
const isRetryable = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

function statusOf(error: StreamError): number {
  const numeric =
    typeof error.code === 'string' && /^\d{3}$/.test(error.code) ? Number(error.code) : error.code;
  if (typeof numeric === 'number' && isHttpError(numeric)) return numeric;
  const said = [error.code, error.type]
    .filter((part) => part != null)
    .join(' ')
    .toLowerCase();
  const says = (...terms: string[]) => terms.some((term) => said.includes(term));
  if (says('insufficient_quota', 'rate_limit')) return 429;
  if (says('authentication')) return 401;
  if (says('permission')) return 403;
  if (says('not_found')) return 404;
  if (says('invalid', 'bad_request', 'context_length')) return 400;
  if (says('overload')) return 503;
  if (says('timeout')) return 504;
  return 500;
}
