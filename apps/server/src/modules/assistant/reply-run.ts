// The parts of writing one reply, each with one job: the stall guard, the Stop listener, the
// checklist writer, the checkpointer, the approval recorder, the charge and the analytics event.
import { type AssistantUIMessage, type TChangePreview, type TTodoItem, toolNameOf } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { performanceTier, responseSizeTier } from '../../platform/analytics.js';
import { isoNow } from '../../platform/clock.js';
import { digestJson } from '../../platform/crypto.js';
import type { MessageRow, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import type { UserMessage } from '../../platform/events.js';
import * as chats from '../chats/service.js';
import * as credits from '../credits/service.js';
import type { McpToolRef, ToolContext, ToolDefinition } from '../tools/registry.js';
import { metadataOf, replyMetadata, replyTextOf, type ToolsByName, toolPartsOf } from './reply-metadata.js';
import * as repo from './repo.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Replies this app is writing, by chat: Stop aborts them (another instance's hear it on the bus). */
    runningReplies: Map<string, AbortController>;
  }
}

/** How often a streaming reply is written to the database: what a crash can lose at most. */
export const CHECKPOINT_MS = 250;

/** What asks the server writing a chat's reply to stop it, when that is another instance. */
export const STOP_REPLY = 'stop_reply';
const STOPPED_BY_USER = 'stopped by the user';
export const stoppedByUser = () => new Error(STOPPED_BY_USER);

/** Stopped by the user: not a failure — the text so far is the reply. */
export const wasStoppedByUser = (signal: AbortSignal) => abortedWith(signal, STOPPED_BY_USER);

const SERVER_STOPPING = 'the server is stopping';
/** Ended because the server stops: kept as far as it got, `interrupted`, not charged, retriable. */
export const wasCutByShutdown = (signal: AbortSignal) => abortedWith(signal, SERVER_STOPPING);

const abortedWith = (signal: AbortSignal, reason: string) =>
  signal.aborted && signal.reason instanceof Error && signal.reason.message === reason;

/**
 * The server stops: replies being written get the drain time to finish; those still running at
 * three quarters of it end (their clients get the stream's abort chunk) and are stored
 * interrupted, so their last chunk and save land within the drain time. Resolves once none runs
 * (or a few seconds later, whatever a reply still waits on).
 */
export async function drainReplies(deps: AppDeps, drainMs: number): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const drained = Date.now() + drainMs * 0.75;
  while (deps.runningReplies.size > 0 && Date.now() < drained) await sleep(50);
  for (const abort of deps.runningReplies.values()) abort.abort(new Error(SERVER_STOPPING));
  const given = Date.now() + 5_000;
  while (deps.runningReplies.size > 0 && Date.now() < given) await sleep(20);
}

/** The reply being written and its row. */
export interface ReplyTarget {
  chatId: string;
  user: UserRow;
  reply: MessageRow;
  /** 1 for the first run; each continuation after approval decisions adds one. */
  run: number;
}

/** What one run of a reply finds out as it goes. */
export interface ReplyRun {
  started: number;
  firstTokenAt?: number;
  /** The first thing that went wrong (the model, the stream, a stall): the reply fails with it. */
  failure?: unknown;
  /** Tools that ran, charged once the reply is stored. */
  executed: Array<{ def: ToolDefinition; toolCallId: string }>;
}

/** Calls `onStall` when nothing arrived for `timeoutMs`; every chunk arms it again. */
function stallGuard(timeoutMs: number, onStall: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(onStall, timeoutMs);
  };
  arm();
  return { arm, stop: () => clearTimeout(timer) };
}

/**
 * Stop pressed on another instance reaches this one through the user's channel. Answers at once
 * (the caller does not wait before calling the model, and releasing the run must not wait for
 * Redis): the listener attaches when the bus has subscribed — on Redis that is away, once it is
 * back — and the function answered unsubscribes whenever it is called.
 */
function listenForStop(
  deps: AppDeps,
  {
    userId,
    chatId,
    abort,
    log,
  }: { userId: string; chatId: string; abort: AbortController; log: FastifyBaseLogger },
): Promise<() => void> {
  let unsubscribe: (() => void) | undefined;
  let released = false;
  void deps.events
    .subscribe(userId, (message) => {
      if (message.type === STOP_REPLY && (message as { chat_id?: unknown }).chat_id === chatId)
        abort.abort(stoppedByUser());
    })
    .then(
      (off) => {
        if (released) off();
        else unsubscribe = off;
      },
      (err: unknown) => log.warn({ err }, 'could not listen for Stop from other instances'),
    );
  return Promise.resolve(() => {
    released = true;
    unsubscribe?.();
  });
}

/** How long Stop waits for another instance to stop the reply it writes. */
export const STOP_DELIVERY_MS = 2_000;
/** How often the stop is published again meanwhile (pub/sub is at most once). */
const STOP_RESEND_MS = 500;
const STOP_POLL_MS = 50;

/**
 * Asks the instance writing a chat's reply to stop it, and answers whether it did: the stop is
 * published (again every STOP_RESEND_MS, in case a push was lost or the writer's listener was
 * attaching after a reconnect) until the stored reply is no longer streaming, for at most
 * STOP_DELIVERY_MS. Redis away, a writer that does not listen: false.
 */
export async function askWriterToStop(
  deps: AppDeps,
  { userId, chatId }: { userId: string; chatId: string },
): Promise<boolean> {
  const deadline = Date.now() + STOP_DELIVERY_MS;
  let resendAt = 0;
  while (Date.now() < deadline) {
    if (Date.now() >= resendAt) {
      deps.events.publish(userId, { type: STOP_REPLY, chat_id: chatId } as UserMessage);
      resendAt = Date.now() + STOP_RESEND_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, STOP_POLL_MS));
    if (!(await repo.hasStreamingReply(deps.db.db, chatId))) return true;
  }
  return false;
}

/** The tools' side of a run: the checklist goes to its message, tools that ran are kept for the charge. */
export function toolContext(
  deps: AppDeps,
  { target, run, log }: { target: ReplyTarget; run: ReplyRun; log: FastifyBaseLogger },
): ToolContext {
  const { user, chatId } = target;
  return {
    deps,
    log,
    user,
    chatId,
    onTodos: todoWriter(deps, { userId: user.id, chatId }),
    async onToolExecuted(def, toolCallId) {
      run.executed.push({ def, toolCallId });
    },
  };
}

/** What keeps a run in check while it streams. */
export interface RunGuard {
  /** Aborted by Stop (here or on another instance) and by a stall. */
  signal: AbortSignal;
  /** Called on every chunk from the model. */
  onChunk(): void;
  /** Ends the guard once the stream is read: no timer, no Stop listener, not running here. */
  release(): Promise<void>;
}

/**
 * A reply that goes quiet for too long is abandoned (and reported as failed); Stop aborts it too,
 * whether pressed here (`deps.runningReplies`) or on another instance (the Stop listener).
 */
export function guardRun(
  deps: AppDeps,
  { target, run, log }: { target: ReplyTarget; run: ReplyRun; log: FastifyBaseLogger },
): RunGuard {
  const { chatId, user } = target;
  const abort = new AbortController();
  deps.runningReplies.set(chatId, abort);
  const unsubscribe = listenForStop(deps, { userId: user.id, chatId, abort, log });
  const { timeoutMs } = deps.config.llm;
  const stall = stallGuard(timeoutMs, () => {
    run.failure ??= new Error(`No response from the model for ${timeoutMs} ms`);
    abort.abort();
  });
  return {
    signal: abort.signal,
    onChunk: stall.arm,
    async release() {
      stall.stop();
      deps.runningReplies.delete(chatId);
      (await unsubscribe)();
    },
  };
}

/** The todo-list tool's checklist: one todo_progress message of the chat, replaced on each update. */
function todoWriter(deps: AppDeps, { userId, chatId }: { userId: string; chatId: string }) {
  let messageId: string | undefined;
  return async (items: TTodoItem[]) => {
    const content = items.map((i) => `- [${i.status === 'done' ? 'x' : ' '}] ${i.text}`).join('\n');
    const metadata = {
      message_type: 'todo_progress' as const,
      append_mode: 'tool_step' as const,
      todos: items,
    };
    if (messageId) {
      await chats.saveMessage(deps, userId, chatId, messageId, { content, metadata, state: null });
    } else {
      messageId = (
        await chats.appendMessageRow(deps, userId, chatId, { role: 'assistant', content, metadata })
      ).id;
    }
  };
}

/**
 * Writes the reply to its row: `checkpoint` at most every CHECKPOINT_MS while it streams, `save`
 * once at the end. Keeps the change previews of its approvals, by tool call (the approval recorder
 * adds them; a continued reply starts with those it stored), and which of them the user edited.
 */
export function checkpointer(deps: AppDeps, { target, defs }: { target: ReplyTarget; defs: ToolsByName }) {
  const { chatId, user, reply, run } = target;
  const previews = new Map<string, TChangePreview>();
  const edits = new Map<string, boolean>();
  for (const approval of metadataOf(reply).approvals ?? []) {
    if (approval.preview) previews.set(approval.tool_call_uuid, approval.preview);
    if (approval.edited) edits.set(approval.tool_call_uuid, true);
  }
  // The reply's first words are saved as soon as they arrive, then every CHECKPOINT_MS.
  let lastSave = 0;
  const { resumes } = metadataOf(reply);
  const save = (
    state: 'streaming' | 'failed' | 'interrupted' | null,
    message: AssistantUIMessage,
    { stopped = false }: { stopped?: boolean } = {},
  ) => {
    const parts = state === 'streaming' ? message.parts : settledParts(message.parts);
    const row = {
      content: replyTextOf(parts),
      metadata: replyMetadata({
        parts,
        run,
        defs,
        previews,
        edits,
        failed: state === 'failed',
        stopped,
        resumes,
      }),
    };
    return state === 'streaming'
      ? chats.checkpointMessage(deps, reply.id, row)
      : chats.saveMessage(deps, user.id, chatId, reply.id, { ...row, state });
  };
  return {
    previews,
    /** Writes the message as it is when called (the row is built before the first await). */
    save,
    /** Whether the streaming reply is due a checkpoint now; answering yes counts it as taken. */
    checkpointDue(message: AssistantUIMessage) {
      if (Date.now() - lastSave < CHECKPOINT_MS) return false;
      if (!message.parts.some((part) => part.type !== 'step-start')) return false;
      lastSave = Date.now();
      return true;
    },
  };
}

/**
 * The parts of a reply that ended, however it ended: text and reasoning cut while streaming are kept
 * as they were shown, and marked `done`, so a reload does not show them still being written.
 */
function settledParts(parts: AssistantUIMessage['parts']): AssistantUIMessage['parts'] {
  return parts.map((part) =>
    (part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming'
      ? { ...part, state: 'done' }
      : part,
  );
}

/**
 * Records each approval the reply asks for in `tool_approvals` (once, whatever the snapshots
 * repeat), with the tool's change preview looked up the first time.
 */
export function approvalRecorder(
  deps: AppDeps,
  {
    target,
    defs,
    previews,
    ctx,
  }: { target: ReplyTarget; defs: ToolsByName; previews: Map<string, TChangePreview>; ctx: ToolContext },
) {
  return async (message: AssistantUIMessage) => {
    for (const part of toolPartsOf(message.parts)) {
      if (part.state !== 'approval-requested' || !part.approval) continue;
      const def = defs.get(toolNameOf(part));
      if (def?.preview && !previews.has(part.toolCallId)) {
        // A preview is a courtesy: if the lookup fails the card shows the arguments instead.
        const preview = await def.preview(part.input, ctx).catch((err: unknown) => {
          ctx.log.warn({ err, tool: def.name }, 'change preview failed');
          return null;
        });
        if (preview) previews.set(part.toolCallId, preview);
      }
      await repo.insertApproval(deps.db.db, {
        id: part.approval.id,
        tool_call_id: part.toolCallId,
        chat_id: target.chatId,
        message_id: target.reply.id,
        user_id: target.user.id,
        tool_name: toolNameOf(part),
        input: JSON.stringify(part.input ?? null),
        input_digest: digestJson(part.input),
        mcp_server_id: def?.mcpTool?.serverId ?? null,
        mcp_tool: def?.mcpTool?.tool ?? null,
        status: 'pending',
        created_at: isoNow(deps.clock),
      });
    }
  };
}

/** What an approved MCP call answers when its tool is no longer offered (its server removed). */
export const APPROVED_TOOL_GONE = 'The approved tool is no longer available.';

/**
 * Points each approved MCP call of the reply being continued at the tool that was approved (its
 * server and own name), under the name this run's tools give it: a server added since the
 * approval may have renamed it, and another tool may now read as its old name. A tool no longer
 * offered is not run: the call goes on as denied, saying so.
 */
export function retargetApprovedMcpCalls(
  message: AssistantUIMessage | undefined,
  approved: ReadonlyMap<string, McpToolRef>,
  definitions: readonly ToolDefinition[],
): void {
  for (const part of toolPartsOf(message?.parts ?? [])) {
    const ref = approved.get(part.toolCallId);
    if (!ref || part.state !== 'approval-responded') continue;
    const def = definitions.find((d) => d.mcpTool?.serverId === ref.serverId && d.mcpTool.tool === ref.tool);
    if (!def)
      Object.assign(part, { approval: { ...part.approval, approved: false, reason: APPROVED_TOOL_GONE } });
    else if (part.type === 'dynamic-tool') part.toolName = def.name;
    else Object.assign(part, { type: `tool-${def.name}` });
  }
}

/** Charges a stored reply once: the completion, then each tool that ran and has a price. */
export async function chargeReply(deps: AppDeps, { target, run }: { target: ReplyTarget; run: ReplyRun }) {
  const { user, reply } = target;
  await credits.debit(
    deps,
    user.id,
    deps.config.credits.perCompletion,
    'assistant reply',
    `completion:${reply.id}:${target.run}`,
  );
  for (const { def, toolCallId } of run.executed) {
    if (def.creditCost > 0)
      await credits.debit(deps, user.id, def.creditCost, `tool ${def.name}`, `tool:${toolCallId}`);
  }
}

/** The `chat_finish` analytics event: how long the reply took, how big it is, how it ended. */
export function captureReplyFinished(
  deps: AppDeps,
  { target, run, final }: { target: ReplyTarget; run: ReplyRun; final: AssistantUIMessage },
) {
  const text = replyTextOf(final.parts);
  const duration = Date.now() - run.started;
  deps.analytics.capture(
    'chat_finish',
    target.user.id,
    {
      chat_id: target.chatId,
      duration_ms: duration,
      time_to_first_token_ms: run.firstTokenAt ? run.firstTokenAt - run.started : null,
      performance_tier: performanceTier(duration),
      response_chars: text.length,
      response_size_tier: responseSizeTier(text.length),
      tool_calls: toolPartsOf(final.parts).length,
      outcome: run.failure ? 'error' : 'ok',
      model: deps.config.llm.model,
      product: 'studio',
    },
    { organization: target.user.email.split('@')[1] ?? 'unknown' },
  );
}
