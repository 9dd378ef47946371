// The assistant: one completion streams a reply over SSE while it is checkpointed to the database;
// tools that need approval stop the run until the user decides; credits are charged once per reply.
import type { ServerResponse } from 'node:http';
import {
  type AssistantPart,
  type AssistantUIMessage,
  autoChatTitle,
  DETAIL,
  isToolPart,
  type TChangePreview,
  type TCompletionRequest,
  type ToolPart,
  type TReplyApproval,
  type TReplyMetadata,
  type TTodoItem,
  type TToolApprovalRequest,
  type TToolApprovalResponse,
  type TToolStep,
  toolNameOf,
  ZReplyMetadata,
} from '@knap/contracts';
import {
  convertToModelMessages,
  generateText,
  readUIMessageStream,
  stepCountIs,
  streamText,
  UI_MESSAGE_STREAM_HEADERS,
  type UIMessageChunk,
} from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.js';
import { performanceTier, responseSizeTier } from '../../platform/analytics.js';
import { isoNow } from '../../platform/clock.js';
import { digestJson } from '../../platform/crypto.js';
import type { MessageRow, UserRow } from '../../platform/db/schema.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { eventsOf, type UserMessage } from '../../platform/events.js';
import { recordAudit } from '../audit/service.js';
import * as chats from '../chats/service.js';
import * as credits from '../credits/service.js';
import { type ToolContext, type ToolDefinition, toolDefinitions, toToolSet } from '../tools/registry.js';
import * as repo from './repo.js';

/** How often a streaming reply is written to the database. */
export const CHECKPOINT_MS = 750;
const MAX_STEPS = 8;

export const SYSTEM_PROMPT = [
  'You are Knap, an assistant for financial advisors and venture investors.',
  'Be concise and precise. Use the tools for calculations, dates and actions instead of guessing.',
  'Anything that sends, writes or changes data on the user’s behalf needs their approval; the app asks them.',
  'For multi-step tasks, keep a checklist with update_todo_list.',
].join(' ');

/** A stored row's metadata, checked against the contract (a row without any has none). */
const parseMeta = (row: MessageRow): TReplyMetadata =>
  row.metadata ? ZReplyMetadata.parse(JSON.parse(row.metadata)) : {};

const toolParts = (parts: readonly AssistantPart[]) => parts.filter(isToolPart);
const approvalStatusOf = (part: ToolPart): TReplyApproval['status'] =>
  part.state === 'approval-requested' ? 'pending' : part.state === 'output-denied' ? 'denied' : 'approved';
const textOf = (parts: readonly AssistantPart[]) =>
  parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text.trim())
    .filter(Boolean)
    .join('\n\n');

/** Rebuilds the conversation the model sees from stored rows (todo checklists are display only). */
function toUIMessages(rows: MessageRow[]): AssistantUIMessage[] {
  const out: AssistantUIMessage[] = [];
  for (const row of rows) {
    const meta = parseMeta(row);
    if (meta.message_type === 'todo_progress') continue;
    if (row.role === 'user') {
      out.push({ id: row.id, role: 'user', parts: [{ type: 'text', text: row.content }] });
    } else {
      const parts = meta.parts ?? (row.content ? [{ type: 'text' as const, text: row.content }] : []);
      if (parts.length) out.push({ id: row.id, role: 'assistant', parts });
    }
  }
  return out;
}

function stepsOf(parts: readonly AssistantPart[], defs: Map<string, ToolDefinition>): TToolStep[] {
  return toolParts(parts).map((part) => {
    const tool = toolNameOf(part);
    switch (part.state) {
      case 'output-available':
        return { tool, resultSummary: safeSummary(defs.get(tool), part.output) };
      case 'output-denied':
        return { tool, resultSummary: 'Denied by the user' };
      case 'output-error':
        return { tool, resultSummary: `Failed: ${part.errorText ?? 'error'}` };
      case 'approval-requested':
      case 'approval-responded':
        return { tool, resultSummary: 'Waiting for approval' };
      default:
        return { tool, resultSummary: 'Running' };
    }
  });
}

function safeSummary(def: ToolDefinition | undefined, output: unknown): string {
  try {
    return def ? def.summarize(output) : 'Done';
  } catch {
    return 'Done';
  }
}

export interface PreparedRun {
  chatId: string;
  user: UserRow;
  uiMessages: AssistantUIMessage[];
  reply: MessageRow;
  continuing: boolean;
  run: number;
}

/** Checks credits, stores the user's message (or finds the reply to continue), opens the reply row. */
export async function prepareRun(
  deps: AppDeps,
  user: UserRow,
  request: TCompletionRequest,
): Promise<PreparedRun> {
  const chat = await chats.ownedChat(deps, user.id, request.chat_id);
  await deps.limits.consume('model', user.id);
  if (!(await credits.hasCredits(deps, user.id, deps.config.credits.perCompletion))) {
    await chats.setChatFlags(deps, user.id, chat.id, { out_of_tokens: true });
    throw new HttpError(402, DETAIL.outOfCredits);
  }
  if (chat.out_of_tokens) await chats.setChatFlags(deps, user.id, chat.id, { out_of_tokens: false });

  if (deps.runningReplies.has(chat.id)) throw new HttpError(409, DETAIL.replyInProgress);

  if (request.retry) {
    const rows = await chats.messageRows(deps, chat.id);
    const last = rows.at(-1);
    if (last?.role !== 'assistant' || (last.state !== 'failed' && last.state !== 'interrupted')) {
      throw new HttpError(409, DETAIL.nothingToRetry);
    }
    await chats.deleteMessageRow(deps, user.id, chat.id, last.id);
    const reply = await chats.appendMessageRow(deps, user.id, chat.id, {
      role: 'assistant',
      content: '',
      metadata: { append_mode: 'checkpoint', runs: 1 },
      state: 'streaming',
    });
    const uiMessages = toUIMessages(rows.slice(0, -1));
    return { chatId: chat.id, user, uiMessages, reply, continuing: false, run: 1 };
  }

  if (request.message) {
    const text = request.message.content;
    if (chat.message_count === 0 && chat.title.startsWith('New Chat ')) {
      await chats.setChatFlags(deps, user.id, chat.id, { title: autoChatTitle(text, deps.clock.now()) });
    }
    // The user's message and the reply being written, stored together before the model is called.
    const earlier = await chats.messageRows(deps, chat.id);
    const [asked, reply] = await chats.appendMessageRows(deps, user.id, chat.id, [
      { role: 'user', content: text, metadata: null },
      {
        role: 'assistant',
        content: '',
        metadata: { append_mode: 'checkpoint', runs: 1 },
        state: 'streaming',
      },
    ]);
    const uiMessages = toUIMessages([...earlier, asked!, reply!]);
    return { chatId: chat.id, user, uiMessages, reply: reply!, continuing: false, run: 1 };
  }

  // Continuing after approvals: the last reply must have decisions for every request it made.
  const rows = await chats.messageRows(deps, chat.id);
  const reply = [...rows]
    .reverse()
    .find((r) => r.role === 'assistant' && parseMeta(r).message_type !== 'todo_progress');
  const meta = reply ? parseMeta(reply) : {};
  const waiting = toolParts(meta.parts ?? []).filter(
    (p) => p.state === 'approval-requested' || p.state === 'approval-responded',
  );
  if (!reply || waiting.length === 0) throw new HttpError(409, DETAIL.nothingToContinue);
  const decisions = await repo.approvalsOfMessage(deps.db.db, reply.id);
  for (const part of waiting) {
    const decision = decisions.find((d) => d.id === part.approval?.id);
    if (!decision || decision.status === 'pending') {
      throw new HttpError(409, 'Approve or deny the pending action first');
    }
    const approved = decision.status === 'approved';
    // What runs is what the user saw when they decided: the input recorded with the request.
    if (approved && decision.input_digest !== digestJson(part.input)) {
      await recordAudit(deps, {
        action: 'approval.input_mismatch',
        userId: user.id,
        target: decision.tool_name,
        details: { approval: decision.id, chat_id: chat.id },
      });
      throw new HttpError(409, DETAIL.approvalInputChanged);
    }
    Object.assign(part, {
      state: 'approval-responded',
      approval: {
        id: decision.id,
        approved,
        ...(approved ? {} : { reason: 'The user denied this action.' }),
      },
    });
  }
  const run = (meta.runs ?? 1) + 1;
  await chats.saveMessage(deps, user.id, chat.id, reply.id, {
    content: reply.content,
    metadata: { ...meta, runs: run },
    state: 'streaming',
  });
  const uiMessages = toUIMessages(
    rows.map((r) => (r.id === reply.id ? { ...r, metadata: JSON.stringify(meta) } : r)),
  );
  return { chatId: chat.id, user, uiMessages, reply, continuing: true, run };
}

/** What asks the server writing a chat's reply to stop it, when that is another instance. */
export const STOP_REPLY = 'stop_reply';
const stopped = () => new Error('stopped by the user');

/**
 * Stops the reply being written in a chat; it is kept as far as it got (and charged once). A reply
 * written by another server instance is asked to stop over the user's event channel, which that
 * instance listens on while it writes.
 */
export async function stopReply(deps: AppDeps, user: UserRow, chatId: string): Promise<{ stopped: boolean }> {
  await chats.ownedChat(deps, user.id, chatId);
  const run = deps.runningReplies.get(chatId);
  if (run) {
    run.abort(stopped());
    return { stopped: true };
  }
  if (!(await repo.hasStreamingReply(deps.db.db, chatId))) return { stopped: false };
  eventsOf(deps).publish(user.id, { type: STOP_REPLY, chat_id: chatId } as UserMessage);
  return { stopped: true };
}

/**
 * Streams one completion to `response` (already hijacked from Fastify). The model keeps going if the
 * browser leaves: the reply is finished and stored either way.
 */
export async function streamReply(
  deps: AppDeps,
  prepared: PreparedRun,
  response: ServerResponse,
  log: FastifyBaseLogger,
): Promise<void> {
  const { chatId, reply, user } = prepared;
  const started = Date.now();
  let firstTokenAt: number | undefined;
  let failure: unknown;
  let todoMessageId: string | undefined;
  const executed: Array<{ def: ToolDefinition; toolCallId: string }> = [];

  const ctx: ToolContext = {
    deps,
    log,
    user,
    chatId,
    async onTodos(items: TTodoItem[]) {
      const content = items.map((i) => `- [${i.status === 'done' ? 'x' : ' '}] ${i.text}`).join('\n');
      const metadata = {
        message_type: 'todo_progress' as const,
        append_mode: 'tool_step' as const,
        todos: items,
      };
      if (todoMessageId) {
        await chats.saveMessage(deps, user.id, chatId, todoMessageId, { content, metadata, state: null });
      } else {
        todoMessageId = (
          await chats.appendMessageRow(deps, user.id, chatId, { role: 'assistant', content, metadata })
        ).id;
      }
    },
    async onToolExecuted(def, toolCallId) {
      executed.push({ def, toolCallId });
    },
  };
  const definitions = await toolDefinitions(ctx);
  const byName = new Map(definitions.map((d) => [d.name, d]));

  // A reply that goes quiet for too long is abandoned (and reported as failed); Stop aborts it too.
  const abort = new AbortController();
  deps.runningReplies.set(chatId, abort);
  // Stop pressed on another instance reaches this one through the user's channel (not awaited: the
  // first token does not wait for the subscription).
  const listening = eventsOf(deps)
    .subscribe(user.id, (message) => {
      if (message.type === STOP_REPLY && (message as { chat_id?: unknown }).chat_id === chatId)
        abort.abort(stopped());
    })
    .catch((err: unknown) => {
      log.warn({ err }, 'could not listen for Stop from other instances');
      return () => {};
    });
  let stallTimer: NodeJS.Timeout | undefined;
  const armStallTimer = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      failure ??= new Error(`No response from the model for ${deps.config.llm.timeoutMs} ms`);
      abort.abort();
    }, deps.config.llm.timeoutMs);
  };
  armStallTimer();

  const result = streamText({
    model: deps.llm,
    system: SYSTEM_PROMPT,
    messages: await convertToModelMessages(prepared.uiMessages, { ignoreIncompleteToolCalls: true }),
    tools: toToolSet(definitions, ctx),
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: deps.config.llm.maxRetries,
    abortSignal: abort.signal,
    onChunk: () => {
      firstTokenAt ??= Date.now();
      armStallTimer();
    },
    onError: ({ error }) => {
      failure ??= error;
      log.warn({ err: error, chatId }, 'model stream failed');
    },
  });

  const uiStream = result.toUIMessageStream<AssistantUIMessage>({
    originalMessages: prepared.uiMessages,
    generateMessageId: () => reply.id,
    // A tool's own refusal ('Salesforce did not answer; please try again') is written for users and
    // shown on its step; anything else (the model, the network) keeps its internals to the log.
    onError: (error) => (error instanceof HttpError ? error.message : DETAIL.modelFailed),
  });
  const [toClient, toStore] = uiStream.tee();
  // The client's stream ends only once the reply is stored and charged, so a refetch right after
  // the stream sees the final message.
  let settled!: () => void;
  const stored = new Promise<void>((resolve) => {
    settled = resolve;
  });
  const piping = writeUIMessageStream(response, toClient, stored).catch((err: unknown) =>
    log.debug({ err }, 'client went away; the reply goes on'),
  );

  const continuingFrom = prepared.continuing ? prepared.uiMessages.at(-1) : undefined;
  let latest: AssistantUIMessage | undefined = continuingFrom;
  let lastSave = Date.now();
  // Change previews by tool call, looked up once when approval is asked and kept with the reply.
  const previews = new Map<string, TChangePreview>();
  for (const approval of parseMeta(reply).approvals ?? [])
    if (approval.preview) previews.set(approval.tool_call_uuid, approval.preview);
  const save = (state: 'streaming' | 'failed' | null, message: AssistantUIMessage) => {
    const parts = message.parts;
    const steps = stepsOf(parts, byName);
    const approvals = toolParts(parts)
      .filter((p) => p.approval)
      .map((p) => ({
        tool_call_uuid: p.toolCallId,
        tool: toolNameOf(p),
        input: p.input,
        credit_cost: byName.get(toolNameOf(p))?.creditCost ?? 0,
        status: approvalStatusOf(p),
        ...(previews.has(p.toolCallId) ? { preview: previews.get(p.toolCallId) } : {}),
      }));
    const metadata: TReplyMetadata = {
      parts,
      runs: prepared.run,
      append_mode: 'checkpoint',
      // Steps only: a reply that used tools is still a reply. `tool_updates` marks separate
      // tool-output messages, which SPEC §4 moves to the end of the thread.
      ...(steps.length ? { steps } : {}),
      ...(approvals.length ? { approvals } : {}),
      ...(state === 'failed' ? { error: DETAIL.modelFailed } : {}),
    };
    return chats.saveMessage(deps, user.id, chatId, reply.id, { content: textOf(parts), metadata, state });
  };
  const recordApprovalRequests = async (message: AssistantUIMessage) => {
    for (const part of toolParts(message.parts)) {
      if (part.state !== 'approval-requested' || !part.approval) continue;
      const def = byName.get(toolNameOf(part));
      if (def?.preview && !previews.has(part.toolCallId)) {
        // A preview is a courtesy: if the lookup fails the card shows the arguments instead.
        const preview = await def.preview(part.input, ctx).catch((err: unknown) => {
          log.warn({ err, tool: def.name }, 'change preview failed');
          return null;
        });
        if (preview) previews.set(part.toolCallId, preview);
      }
      await repo.insertApproval(deps.db.db, {
        id: part.approval.id,
        tool_call_id: part.toolCallId,
        chat_id: chatId,
        message_id: reply.id,
        user_id: user.id,
        tool_name: toolNameOf(part),
        input: JSON.stringify(part.input ?? null),
        input_digest: digestJson(part.input),
        status: 'pending',
        created_at: isoNow(deps.clock),
      });
    }
  };

  try {
    for await (const message of readUIMessageStream<AssistantUIMessage>({
      stream: toStore,
      ...(continuingFrom ? { message: continuingFrom } : {}),
      onError: (err) => {
        failure ??= err;
      },
    })) {
      latest = message;
      await recordApprovalRequests(message);
      if (Date.now() - lastSave >= CHECKPOINT_MS) {
        lastSave = Date.now();
        await save('streaming', message);
      }
    }
  } catch (err) {
    failure ??= err;
  } finally {
    clearTimeout(stallTimer);
    deps.runningReplies.delete(chatId);
    (await listening)();
  }
  // Stopped by the user: not a failure — the text so far is the reply.
  if (
    abort.signal.aborted &&
    abort.signal.reason instanceof Error &&
    abort.signal.reason.message === 'stopped by the user'
  ) {
    failure = undefined;
  }

  const final: AssistantUIMessage = latest ?? { id: reply.id, role: 'assistant', parts: [] };
  try {
    await save(failure ? 'failed' : null, final);
    if (!failure) {
      await credits.debit(
        deps,
        user.id,
        deps.config.credits.perCompletion,
        'assistant reply',
        `completion:${reply.id}:${prepared.run}`,
      );
      for (const { def, toolCallId } of executed) {
        if (def.creditCost > 0)
          await credits.debit(deps, user.id, def.creditCost, `tool ${def.name}`, `tool:${toolCallId}`);
      }
    }
  } finally {
    settled();
    await piping;
  }

  const text = textOf(final.parts);
  const duration = Date.now() - started;
  deps.analytics.capture(
    'chat_finish',
    user.id,
    {
      chat_id: chatId,
      duration_ms: duration,
      time_to_first_token_ms: firstTokenAt ? firstTokenAt - started : null,
      performance_tier: performanceTier(duration),
      response_chars: text.length,
      response_size_tier: responseSizeTier(text.length),
      tool_calls: toolParts(final.parts).length,
      outcome: failure ? 'error' : 'ok',
      model: deps.config.llm.model,
      product: 'studio',
    },
    { organization: user.email.split('@')[1] ?? 'unknown' },
  );
}

/**
 * Writes a UI message stream to the response as server-sent events, in the AI SDK's format and
 * headers (what its pipeUIMessageStreamToResponse sends: `data: {chunk}` events, then
 * `data: [DONE]`), straight to the socket with its backpressure, instead of through three more web
 * streams per chunk. The stream's end is held until `until` settles (the reply stored and
 * charged). A client that goes away stops the writing, not the reply.
 */
async function writeUIMessageStream(
  response: ServerResponse,
  stream: ReadableStream<UIMessageChunk>,
  until: Promise<void>,
): Promise<void> {
  response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
  const reader = stream.getReader();
  let gone = false;
  let wake: (() => void) | undefined;
  const onClose = () => {
    if (response.writableFinished) return;
    gone = true;
    wake?.();
    reader.cancel(new Error('Client disconnected.')).catch(() => {});
  };
  response.once('close', onClose);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || gone) break;
      if (!response.write(`data: ${JSON.stringify(value)}\n\n`)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          response.once('drain', resolve);
        });
        wake = undefined;
      }
    }
  } catch {
    // An aborted or failed model stream still ends the client's stream after storing.
  }
  await until;
  response.off('close', onClose);
  if (!gone && !response.destroyed) response.end('data: [DONE]\n\n');
}

/** Records the user's decision on a pending tool call, once; the client then continues the run. */
export async function decideToolApproval(
  deps: AppDeps,
  user: UserRow,
  input: TToolApprovalRequest,
): Promise<TToolApprovalResponse> {
  const approval = await repo.findApproval(
    deps.db.db,
    user.id,
    input.chat_id,
    input.message_id,
    input.tool_call_uuid,
  );
  if (!approval) throw notFound(DETAIL.approvalNotFound);
  const status = input.approve ? 'approved' : 'denied';
  if (!(await repo.decideApproval(deps.db.db, approval.id, status, isoNow(deps.clock)))) {
    throw new HttpError(409, DETAIL.approvalAlreadyDecided);
  }
  return { tool_call_uuid: approval.tool_call_id, status };
}

export const DEFAULT_SUGGESTIONS = [
  'Summarize what I should prepare for my meetings this week',
  'Draft a follow-up email after a client review',
  'What is the RMD at age 75 with a balance of 500,000?',
  'Make a plan for an annual client review',
  'Compare a 15-year and a 30-year mortgage of 400,000 at 6%',
  'What is the future value of 250,000 at 5% for 20 years?',
];

/**
 * Suggestions written by the model for the user's connected tools, through the credits gate (a
 * model call costs what any other does); with no tools named, the defaults, which cost nothing.
 * The defaults also when the model fails or the user has no credits or is over the rate limit: a
 * suggestion is a courtesy, not worth an error.
 */
export async function suggestPrompts(
  deps: AppDeps,
  userId: string,
  toolTypes: Array<{ tool_type: string; tool_description: string }>,
  log: FastifyBaseLogger,
): Promise<{ suggestions: Array<{ content: string }> }> {
  const defaults = { suggestions: DEFAULT_SUGGESTIONS.map((content) => ({ content })) };
  if (toolTypes.length === 0) return defaults;
  const tools = toolTypes.map((t) => `- ${t.tool_type}: ${t.tool_description}`).join('\n');
  try {
    const text = await credits.meteredModelCall(
      deps,
      credits.modelMeter(userId, 'suggestions'),
      async () =>
        (
          await generateText({
            model: deps.llm,
            system: `${SYSTEM_PROMPT} Return suggestions as a JSON array of strings and nothing else.`,
            prompt: `Write 6 short first messages a financial advisor could send to this assistant, using these connected tools where useful:\n${tools}`,
            abortSignal: AbortSignal.timeout(deps.config.llm.timeoutMs),
            maxRetries: deps.config.llm.maxRetries,
          })
        ).text,
    );
    const parsed = parseSuggestions(text);
    if (parsed.length) return { suggestions: parsed.map((content) => ({ content })) };
  } catch (err) {
    log.warn({ err }, 'suggestions failed; using defaults');
  }
  return defaults;
}

/** Accepts a JSON array of strings, bare or in a ```json fence. */
export function parseSuggestions(text: string): string[] {
  const body = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text;
  const start = body.indexOf('[');
  const end = body.lastIndexOf(']');
  if (start < 0 || end <= start) return [];
  try {
    const value = JSON.parse(body.slice(start, end + 1)) as unknown;
    return Array.isArray(value)
      ? value
          .filter((s): s is string => typeof s === 'string' && s.trim().length > 0)
          .map((s) => s.trim().slice(0, 200))
          .slice(0, 12)
      : [];
  } catch {
    return [];
  }
}
