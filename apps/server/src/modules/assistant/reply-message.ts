// A reply's message built from its UI-message stream chunk by chunk, in the one pass that also
// writes the chunks to the client: what the AI SDK's readUIMessageStream answers, without a second
// branch of the stream (a tee), its transform stream, and its copy of the whole message per chunk.
// The SDK does not export the function that applies a chunk (processUIMessageStream, with the state
// of createStreamingUIMessageState); this follows it as readUIMessageStream runs it (ai 6.0,
// src/ui/process-ui-message-stream.ts: no data-part schemas, no onToolCall, a new message when a
// `start` chunk names another id), and reply-message.test.ts holds it to readUIMessageStream.
import type { AssistantUIMessage } from '@knap/contracts';
import {
  getStaticToolName,
  isStaticToolUIPart,
  isToolUIPart,
  parsePartialJson,
  type UIMessageChunk,
  UIMessageStreamError,
} from 'ai';

type Part = AssistantUIMessage['parts'][number];
/** A part as the stream changes it: fields are set and removed by name, as the SDK does. */
type Loose = Record<string, unknown>;

interface PartialToolCall {
  text: string;
  inputEncoding?: unknown;
  index: number;
  toolName: string;
  dynamic?: boolean;
  title?: string;
  toolMetadata?: unknown;
}

/** What a tool part is set to: the chunk's fields for it, by the SDK's names. */
interface ToolUpdate {
  toolCallId: string;
  toolName: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  rawInput?: unknown;
  inputEncoding?: unknown;
  preliminary?: boolean;
  providerExecuted?: boolean;
  providerMetadata?: unknown;
  title?: string;
  toolMetadata?: unknown;
}

const emptyMessage = (id: string): AssistantUIMessage =>
  ({ id, metadata: undefined, role: 'assistant', parts: [] }) as unknown as AssistantUIMessage;

const idMap = <T>() => Object.create(null) as Record<string, T>;

export interface ReplyMessage {
  /**
   * The message as readUIMessageStream last answered it (undefined before it answered once).
   * It is the live message, not a copy: what reads it must not keep it across chunks.
   */
  readonly current: AssistantUIMessage | undefined;
  /** Applies one chunk; throws, as the SDK's stream errors, on a chunk that does not fit. */
  apply(chunk: UIMessageChunk): void | Promise<void>;
}

/**
 * The state readUIMessageStream keeps, for a new reply or one that goes on (`from`, the stored
 * reply, changed in place as the SDK does). `onError` hears the stream's `error` chunks.
 */
export function replyMessage({
  from,
  onError,
}: {
  from?: AssistantUIMessage;
  onError: (error: Error) => void;
}): ReplyMessage {
  let message = from?.role === 'assistant' ? from : emptyMessage(from?.id ?? '');
  let activeText = idMap<Loose>();
  let activeReasoning = idMap<Loose>();
  let partialToolCalls = idMap<PartialToolCall>();
  // readUIMessageStream answers a copy after most chunks; `step-start` and `finish-step` change the
  // message without one, so its last answer can lack a step begun after it: `written` parts.
  let written: number | undefined;

  const startState = (last: AssistantUIMessage | undefined, id: string) => {
    message = last?.role === 'assistant' ? last : emptyMessage(id);
    activeText = idMap();
    activeReasoning = idMap();
    partialToolCalls = idMap();
    const parts = message.parts as unknown as Loose[];
    const lastStepStart = parts.findLastIndex((part) => part.type === 'step-start');
    let staticToolIndex = 0;
    for (const part of parts.slice(lastStepStart + 1)) {
      if (!isToolUIPart(part as unknown as Part)) continue;
      const index = staticToolIndex;
      if (isStaticToolUIPart(part as unknown as Part)) staticToolIndex++;
      if (part.state !== 'input-streaming') continue;
      const dynamic = part.type === 'dynamic-tool';
      partialToolCalls[part.toolCallId as string] = {
        text: (part.rawInput as string | undefined) ?? '',
        inputEncoding: part.inputEncoding,
        index,
        toolName: dynamic ? (part.toolName as string) : getStaticToolName(part as never),
        dynamic,
        title: part.title as string | undefined,
        toolMetadata: part.toolMetadata,
      };
    }
  };
  startState(from, from?.id ?? '');

  const parts = () => message.parts as unknown as Loose[];
  const write = () => {
    written = message.parts.length;
  };
  const currentStepParts = () => {
    const all = parts();
    let start = all.length - 1;
    while (start >= 0 && all[start]!.type !== 'step-start') start--;
    return all.slice(start + 1);
  };
  const toolInvocation = (toolCallId: string): Loose => {
    const found =
      currentStepParts().find((part) => isToolUIPart(part as never) && part.toolCallId === toolCallId) ??
      parts().findLast((part) => isToolUIPart(part as never) && part.toolCallId === toolCallId);
    if (!found)
      throw new UIMessageStreamError({
        chunkType: 'tool-invocation',
        chunkId: toolCallId,
        message: `No tool invocation found for tool call ID "${toolCallId}".`,
      });
    return found;
  };
  const missing = (chunkType: string, chunkId: string, what: string, start: string) =>
    new UIMessageStreamError({
      chunkType,
      chunkId,
      message: `Received ${chunkType} for missing ${what} with ID "${chunkId}". Ensure a "${start}" chunk is sent before any "${chunkType}" chunks.`,
    });

  /** updateToolPart and updateDynamicToolPart of the SDK, as one. */
  const updateTool = (dynamic: boolean, update: ToolUpdate, existing?: Loose) => {
    const part =
      existing ??
      currentStepParts().find((p) =>
        dynamic
          ? p.type === 'dynamic-tool' && p.toolCallId === update.toolCallId
          : isStaticToolUIPart(p as never) && p.toolCallId === update.toolCallId,
      );
    const settled = update.state === 'output-available' || update.state === 'output-error';
    if (part) {
      part.state = update.state;
      if (dynamic) part.toolName = update.toolName;
      else part.type = `tool-${update.toolName}`;
      part.input = update.input;
      part.output = update.output;
      part.errorText = update.errorText;
      part.rawInput = update.rawInput;
      if (update.inputEncoding != null) part.inputEncoding = update.inputEncoding;
      else delete part.inputEncoding;
      part.preliminary = update.preliminary;
      if (update.title !== undefined) part.title = update.title;
      if (update.toolMetadata !== undefined) part.toolMetadata = update.toolMetadata;
      part.providerExecuted = update.providerExecuted ?? part.providerExecuted;
      if (update.providerMetadata != null) {
        if (settled) part.resultProviderMetadata = update.providerMetadata;
        else part.callProviderMetadata = update.providerMetadata;
      }
      return;
    }
    const metadata =
      update.providerMetadata == null
        ? {}
        : settled
          ? { resultProviderMetadata: update.providerMetadata }
          : { callProviderMetadata: update.providerMetadata };
    const toolMetadata = update.toolMetadata !== undefined ? { toolMetadata: update.toolMetadata } : {};
    const inputEncoding = update.inputEncoding != null ? { inputEncoding: update.inputEncoding } : {};
    parts().push(
      dynamic
        ? {
            type: 'dynamic-tool',
            toolName: update.toolName,
            toolCallId: update.toolCallId,
            state: update.state,
            input: update.input,
            ...inputEncoding,
            output: update.output,
            errorText: update.errorText,
            preliminary: update.preliminary,
            providerExecuted: update.providerExecuted,
            title: update.title,
            ...toolMetadata,
            ...metadata,
          }
        : {
            type: `tool-${update.toolName}`,
            toolCallId: update.toolCallId,
            state: update.state,
            title: update.title,
            ...toolMetadata,
            input: update.input,
            ...inputEncoding,
            output: update.output,
            rawInput: update.rawInput,
            errorText: update.errorText,
            providerExecuted: update.providerExecuted,
            preliminary: update.preliminary,
            ...metadata,
          },
    );
  };

  const updateMetadata = (metadata: unknown) => {
    if (metadata == null) return;
    const merged = message.metadata != null ? mergeObjects(message.metadata, metadata) : metadata;
    (message as { metadata?: unknown }).metadata = merged;
  };

  async function toolInputDelta(chunk: Extract<UIMessageChunk, { type: 'tool-input-delta' }>) {
    const partial = partialToolCalls[chunk.toolCallId];
    if (!partial) throw missing('tool-input-delta', chunk.toolCallId, 'tool call', 'tool-input-start');
    partial.text += chunk.inputTextDelta;
    const input =
      partial.inputEncoding === 'text' ? partial.text : (await parsePartialJson(partial.text)).value;
    updateTool(!!partial.dynamic, {
      toolCallId: chunk.toolCallId,
      toolName: partial.toolName,
      state: 'input-streaming',
      inputEncoding: partial.inputEncoding,
      input,
      rawInput: partial.text,
      title: partial.title,
      toolMetadata: partial.toolMetadata,
    });
    write();
  }

  function apply(chunk: UIMessageChunk): void | Promise<void> {
    const c = chunk as Loose & UIMessageChunk;
    switch (chunk.type) {
      case 'text-start':
      case 'reasoning-start': {
        const reasoning = chunk.type === 'reasoning-start';
        const part: Loose = reasoning
          ? { type: 'reasoning', id: chunk.id, text: '', providerMetadata: chunk.providerMetadata }
          : { type: 'text', text: '', providerMetadata: chunk.providerMetadata };
        part.state = 'streaming';
        (reasoning ? activeReasoning : activeText)[chunk.id] = part;
        parts().push(part);
        return write();
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const reasoning = chunk.type === 'reasoning-delta';
        const part = (reasoning ? activeReasoning : activeText)[chunk.id];
        if (!part)
          throw reasoning
            ? missing(chunk.type, chunk.id, 'reasoning part', 'reasoning-start')
            : missing(chunk.type, chunk.id, 'text part', 'text-start');
        part.text += chunk.delta;
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
        return write();
      }
      case 'text-end':
      case 'reasoning-end': {
        const reasoning = chunk.type === 'reasoning-end';
        const active = reasoning ? activeReasoning : activeText;
        const part = active[chunk.id];
        if (!part)
          throw reasoning
            ? missing(chunk.type, chunk.id, 'reasoning part', 'reasoning-start')
            : missing(chunk.type, chunk.id, 'text part', 'text-start');
        part.state = 'done';
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
        delete active[chunk.id];
        return write();
      }
      case 'file':
        parts().push({
          type: 'file',
          mediaType: chunk.mediaType,
          url: chunk.url,
          ...(chunk.providerMetadata != null ? { providerMetadata: chunk.providerMetadata } : {}),
        });
        return write();
      case 'source-url':
        parts().push({
          type: 'source-url',
          sourceId: chunk.sourceId,
          url: chunk.url,
          title: chunk.title,
          providerMetadata: chunk.providerMetadata,
        });
        return write();
      case 'source-document':
        parts().push({
          type: 'source-document',
          sourceId: chunk.sourceId,
          mediaType: chunk.mediaType,
          title: chunk.title,
          filename: chunk.filename,
          providerMetadata: chunk.providerMetadata,
        });
        return write();
      case 'tool-input-start': {
        const dynamic = c.dynamic as boolean | undefined;
        partialToolCalls[chunk.toolCallId] = {
          text: '',
          inputEncoding: c.inputEncoding,
          toolName: chunk.toolName,
          index: currentStepParts().filter((p) => isStaticToolUIPart(p as never)).length,
          dynamic,
          title: c.title as string | undefined,
          toolMetadata: c.toolMetadata,
        };
        updateTool(!!dynamic, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'input-streaming',
          inputEncoding: c.inputEncoding,
          input: undefined,
          providerExecuted: c.providerExecuted as boolean | undefined,
          title: c.title as string | undefined,
          toolMetadata: c.toolMetadata,
          providerMetadata: c.providerMetadata,
        });
        return write();
      }
      case 'tool-input-delta':
        return toolInputDelta(chunk);
      case 'tool-input-available':
        updateTool(!!c.dynamic, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'input-available',
          input: chunk.input,
          providerExecuted: c.providerExecuted as boolean | undefined,
          providerMetadata: c.providerMetadata,
          title: c.title as string | undefined,
          toolMetadata: c.toolMetadata,
        });
        return write();
      case 'tool-input-error': {
        const existing = currentStepParts().find(
          (p) => isToolUIPart(p as never) && p.toolCallId === chunk.toolCallId,
        );
        const dynamic = existing ? existing.type === 'dynamic-tool' : !!c.dynamic;
        updateTool(dynamic, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'output-error',
          ...(dynamic ? { input: chunk.input } : { input: undefined, rawInput: chunk.input }),
          errorText: chunk.errorText,
          providerExecuted: c.providerExecuted as boolean | undefined,
          providerMetadata: c.providerMetadata,
          toolMetadata: c.toolMetadata,
        });
        return write();
      }
      case 'tool-approval-request': {
        const part = toolInvocation(chunk.toolCallId);
        part.state = 'approval-requested';
        part.approval = {
          id: chunk.approvalId,
          ...(c.approvalDescriptor != null ? { descriptor: c.approvalDescriptor } : {}),
          ...(Object.hasOwn(chunk, 'inputSchemaInput') ? { inputSchemaInput: c.inputSchemaInput } : {}),
          ...(c.signature != null ? { signature: c.signature } : {}),
        };
        return write();
      }
      case 'tool-output-denied':
        toolInvocation(chunk.toolCallId).state = 'output-denied';
        return write();
      case 'tool-output-available':
      case 'tool-output-error': {
        const part = toolInvocation(chunk.toolCallId);
        const dynamic = part.type === 'dynamic-tool';
        const available = chunk.type === 'tool-output-available';
        updateTool(
          dynamic,
          {
            toolCallId: chunk.toolCallId,
            toolName: dynamic ? (part.toolName as string) : getStaticToolName(part as never),
            state: chunk.type === 'tool-output-available' ? 'output-available' : 'output-error',
            input: part.input,
            ...(available
              ? { output: chunk.output, preliminary: chunk.preliminary }
              : { errorText: chunk.errorText, ...(dynamic ? {} : { rawInput: part.rawInput }) }),
            providerExecuted: c.providerExecuted as boolean | undefined,
            providerMetadata: c.providerMetadata,
            title: part.title as string | undefined,
            toolMetadata: c.toolMetadata ?? part.toolMetadata,
          },
          part,
        );
        return write();
      }
      case 'start-step':
        parts().push({ type: 'step-start' });
        return;
      case 'finish-step':
        activeText = idMap();
        activeReasoning = idMap();
        return;
      case 'start': {
        const reset = chunk.messageId != null && chunk.messageId !== message.id;
        if (reset) startState(undefined, chunk.messageId ?? message.id);
        if (chunk.messageId != null) message.id = chunk.messageId;
        updateMetadata(chunk.messageMetadata);
        if (reset || chunk.messageId != null || chunk.messageMetadata != null) write();
        return;
      }
      case 'finish':
      case 'message-metadata':
        updateMetadata(chunk.messageMetadata);
        if (chunk.messageMetadata != null) write();
        return;
      case 'error':
        onError(new Error(chunk.errorText));
        return;
      default:
        if (chunk.type.startsWith('data-')) applyData(chunk as unknown as Loose);
    }
  }

  function applyData(chunk: Loose) {
    if (chunk.transient) return;
    const existing =
      chunk.id != null ? parts().find((part) => part.type === chunk.type && part.id === chunk.id) : undefined;
    if (existing) existing.data = chunk.data;
    else parts().push(chunk);
    write();
  }

  return {
    get current() {
      if (written === undefined) return undefined;
      return written === message.parts.length
        ? message
        : { ...message, parts: message.parts.slice(0, written) };
    },
    apply,
  };
}

/** The SDK's mergeObjects (message metadata from several chunks): objects merged deeply, the rest replaced. */
function mergeObjects(base: unknown, overrides: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof RegExp);
  if (overrides === undefined) return base;
  if (base === undefined) return overrides;
  const result: Record<string, unknown> = { ...(base as object) };
  for (const key in overrides as object) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (!Object.hasOwn(overrides as object, key)) continue;
    const value = (overrides as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const baseValue = key in (base as object) ? (base as Record<string, unknown>)[key] : undefined;
    result[key] = isObject(value) && isObject(baseValue) ? mergeObjects(baseValue, value) : value;
  }
  return result;
}
