// The assistant: one completion streams a reply over SSE while it is checkpointed to the database;
// tools that need approval stop the run until the user decides; credits are charged once per reply.
import type { ServerResponse } from 'node:http';
import {
  type AssistantUIMessage,
  DETAIL,
  type TAttachedDocument,
  type TCompletionRequest,
  type ToolPart,
  type TToolApprovalRequest,
  type TToolApprovalResponse,
} from '@knap/contracts';
import { convertToModelMessages, generateText, stepCountIs, streamText, type UIMessageChunk } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { isoNow } from '../../platform/clock.js';
import { digestJson, newId } from '../../platform/crypto.js';
import { isUniqueViolation } from '../../platform/db/failures.js';
import type { MessageRow, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { promptFor } from '../../platform/llm/tasks.js';
import { recordAudit } from '../audit/service.js';
import * as chats from '../chats/service.js';
import * as credits from '../credits/service.js';
import { attachableDocuments } from '../documents/service.js';
import {
  endToolRun,
  type McpToolRef,
  type ToolContext,
  type ToolDefinition,
  toolDefinitions,
  toToolSet,
} from '../tools/registry.js';
import { editedInput, storeApprovedEdit } from './approval-edits.js';
import { withDocumentPassages } from './attached-documents.js';
import { REPLY_PROMPT, SUGGESTIONS_PROMPT, suggestionsRequest } from './prompts.js';
import { replyMessage } from './reply-message.js';
import { metadataOf, type ToolsByName, toolPartsOf, toUIMessages } from './reply-metadata.js';
import {
  approvalRecorder,
  askWriterToStop,
  captureReplyFinished,
  chargeReply,
  checkpointer,
  guardRun,
  type ReplyRun,
  type ReplyTarget,
  type RunGuard,
  retargetApprovedMcpCalls,
  STOP_DELIVERY_MS,
  stoppedByUser,
  toolContext,
  wasCutByShutdown,
  wasStoppedByUser,
} from './reply-run.js';
import * as repo from './repo.js';
import { type UIMessageStreamWriter, uiMessageStreamWriter } from './sse.js';
import { interruptDeadWriters } from './writers.js';

const MAX_STEPS = 8;

export interface PreparedRun extends ReplyTarget {
  /** The conversation the model is given, the reply being continued last when `continuing`. */
  uiMessages: AssistantUIMessage[];
  continuing: boolean;
  /**
   * The conversation the client's stream goes on from, when it is not the model's: a reply that
   * resumes a stopped one streams into the stopped one on screen (useChat adds to its last reply),
   * until the stored chat shows them apart.
   */
  streamFrom?: AssistantUIMessage[];
  /** Continuing: the MCP tools the user approved, by tool call id (retargetApprovedMcpCalls). */
  approvedMcpTools?: ReadonlyMap<string, McpToolRef>;
}

/** A new reply's row, written before the model is called, by this instance. */
const openedReply = (deps: AppDeps) =>
  ({
    role: 'assistant',
    content: '',
    metadata: { append_mode: 'checkpoint', runs: 1 },
    state: 'streaming',
    writer_id: deps.replyWriter.id,
  }) as const;

/**
 * Opens the chat's one streaming reply (the database holds at most one per chat, across every
 * instance). When one is in the way and its writer is dead, it is marked interrupted and the reply
 * opens; when its writer lives, 409.
 */
async function oneReplyAtATime<T>(deps: AppDeps, chatId: string, open: () => Promise<T>): Promise<T> {
  const refused = (err: unknown) =>
    isUniqueViolation(err, 'messages_one_streaming_per_chat', 'messages.chat_id');
  try {
    return await open();
  } catch (err) {
    if (!refused(err)) throw err;
  }
  if ((await interruptDeadWriters(deps, chatId)) > 0) {
    try {
      return await open();
    } catch (err) {
      if (!refused(err)) throw err;
    }
  }
  throw new HttpError(409, DETAIL.replyInProgress);
}

/** Checks credits, stores the user's message (or finds the reply to continue), opens the reply row. */
export async function prepareRun(
  deps: AppDeps,
  user: UserRow,
  request: TCompletionRequest,
): Promise<PreparedRun> {
  const chat = await chats.ownedChat(deps, user.id, request.chat_id);
  // Every attached id must be one of the user's documents (else 404) before anything is stored.
  const documentIds = request.message?.document_ids ?? [];
  const documents = documentIds.length
    ? await attachableDocuments(deps, { userId: user.id, documentIds })
    : [];
  await deps.limits.consume('model', user.id);
  if (!(await credits.hasCredits(deps, user.id, deps.config.credits.perCompletion))) {
    // A chat just started for this message is removed, not left empty under the question's name.
    const discarded =
      chat.message_count === 0 && request.message && (await chats.discardEmptyChat(deps, user.id, chat.id));
    if (!discarded) await chats.setChatFlags(deps, user.id, chat.id, { out_of_tokens: true });
    throw new HttpError(402, DETAIL.outOfCredits);
  }
  if (chat.out_of_tokens) await chats.setChatFlags(deps, user.id, chat.id, { out_of_tokens: false });

  if (request.retry || request.regenerate) {
    const regenerate = !!request.regenerate;
    return oneReplyAtATime(deps, chat.id, () => prepareRetry(deps, { user, chatId: chat.id, regenerate }));
  }
  if (request.resume)
    return oneReplyAtATime(deps, chat.id, () => prepareResume(deps, { user, chatId: chat.id }));
  if (request.message) {
    const text = request.message.content;
    const editOf = request.edit_of;
    if (editOf)
      return oneReplyAtATime(deps, chat.id, () =>
        prepareEdit(deps, { user, chatId: chat.id, text, editOf, documents }),
      );
    const prepared = await oneReplyAtATime(deps, chat.id, () =>
      prepareAnswer(deps, { user, chatId: chat.id, text, documents }),
    );
    await chats.setAutoTitle(deps, user.id, chat, text);
    return prepared;
  }
  return oneReplyAtATime(deps, chat.id, () => prepareContinuation(deps, { user, chatId: chat.id }));
}

/** The chat's latest reply (its checklists may follow it) and the conversation before it. */
function latestReply(rows: MessageRow[]) {
  const current = rows.filter((r) => !r.superseded_by);
  const at = current.findLastIndex(
    (r) => r.role === 'assistant' && metadataOf(r).message_type !== 'todo_progress',
  );
  // A user's message after the reply means the latest reply is yet to come.
  if (at < 0 || current.slice(at).some((r) => r.role === 'user'))
    return { reply: undefined, before: current };
  return { reply: current[at]!, before: current.slice(0, at) };
}

/**
 * Retry: a failed or interrupted last reply is replaced by a new one (a reply still marked
 * streaming whose writer died counts as interrupted). Regenerate: the latest finished reply gets a
 * new version; the earlier one (and any checklist it wrote) is kept, superseded by it.
 */
async function prepareRetry(
  deps: AppDeps,
  { user, chatId, regenerate }: { user: UserRow; chatId: string; regenerate: boolean },
) {
  let rows = await chats.messageRows(deps, chatId);
  if (rows.at(-1)?.state === 'streaming' && (await interruptDeadWriters(deps, chatId)) > 0)
    rows = await chats.messageRows(deps, chatId);
  if (rows.at(-1)?.state === 'streaming') throw new HttpError(409, DETAIL.replyInProgress);
  if (regenerate) {
    const { reply: last, before } = latestReply(rows);
    if (!last || last.state !== null) throw new HttpError(409, DETAIL.nothingToRegenerate);
    const { resumes } = metadataOf(last);
    const opened = openedReply(deps);
    const [reply] = await chats.appendMessageRows(
      deps,
      user.id,
      chatId,
      [
        {
          ...opened,
          metadata: { ...opened.metadata, ...(resumes ? { resumes } : {}) },
          variant_of: last.variant_of ?? last.id,
        },
      ],
      { seq: last.seq },
    );
    const uiMessages = toUIMessages([...before, reply!]);
    return { chatId, user, uiMessages, reply: reply!, continuing: false, run: 1 };
  }
  const last = rows.at(-1);
  if (last?.role !== 'assistant' || (last.state !== 'failed' && last.state !== 'interrupted')) {
    throw new HttpError(409, DETAIL.nothingToRetry);
  }
  await chats.deleteMessageRow(deps, user.id, chatId, last.id);
  const reply = await chats.appendMessageRow(deps, user.id, chatId, {
    ...openedReply(deps),
    // A retried new version stays a version of the same message.
    ...(last.variant_of ? { variant_of: last.variant_of } : {}),
  });
  const uiMessages = toUIMessages(rows.slice(0, -1));
  return { chatId, user, uiMessages, reply, continuing: false, run: 1 };
}

/**
 * Edit and resend: a new version of one of the user's messages, answered anew. The earlier version
 * and everything that followed it stay stored, superseded by the new one (all in one transaction,
 * so a reply still being written refuses it and nothing changes).
 */
async function prepareEdit(
  deps: AppDeps,
  {
    user,
    chatId,
    text,
    editOf,
    documents,
  }: { user: UserRow; chatId: string; text: string; editOf: string; documents: TAttachedDocument[] },
): Promise<PreparedRun> {
  const rows = await chats.messageRows(deps, chatId);
  const edited = rows.find((r) => r.id === editOf);
  if (!edited) throw notFound(DETAIL.messageNotFound);
  if (edited.role !== 'user') throw new HttpError(422, DETAIL.notEditable);
  if (edited.superseded_by) throw new HttpError(409, DETAIL.notEditable);
  const [asked, reply] = await chats.appendMessageRows(
    deps,
    user.id,
    chatId,
    [
      {
        id: newId(),
        role: 'user',
        content: text,
        metadata: attachedMetadata(documents),
        variant_of: edited.variant_of ?? edited.id,
      },
      openedReply(deps),
    ],
    { seq: edited.seq },
  );
  const uiMessages = toUIMessages([...rows.filter((r) => r.seq < edited.seq), asked!, reply!]);
  return { chatId, user, uiMessages, reply: reply!, continuing: false, run: 1 };
}

/** Continue: a stopped last reply is followed by a new reply that goes on from where it stopped. */
async function prepareResume(
  deps: AppDeps,
  { user, chatId }: { user: UserRow; chatId: string },
): Promise<PreparedRun> {
  const rows = await chats.messageRows(deps, chatId);
  if (rows.at(-1)?.state === 'streaming') throw new HttpError(409, DETAIL.replyInProgress);
  const { reply: stopped } = latestReply(rows);
  if (!stopped || stopped.state !== null || !metadataOf(stopped).stopped)
    throw new HttpError(409, DETAIL.nothingToResume);
  const opened = openedReply(deps);
  const reply = await chats.appendMessageRow(deps, user.id, chatId, {
    ...opened,
    metadata: { ...opened.metadata, resumes: stopped.id },
  });
  const streamFrom = toUIMessages(rows);
  return {
    chatId,
    user,
    uiMessages: toUIMessages([...rows, reply]),
    streamFrom,
    reply,
    continuing: false,
    run: 1,
  };
}

/** A new message: it and the reply being written are stored together before the model is called. */
async function prepareAnswer(
  deps: AppDeps,
  {
    user,
    chatId,
    text,
    documents,
  }: { user: UserRow; chatId: string; text: string; documents: TAttachedDocument[] },
): Promise<PreparedRun> {
  const earlier = await chats.messageRows(deps, chatId);
  const [asked, reply] = await chats.appendMessageRows(deps, user.id, chatId, [
    { role: 'user', content: text, metadata: attachedMetadata(documents) },
    openedReply(deps),
  ]);
  const uiMessages = toUIMessages([...earlier, asked!, reply!]);
  return { chatId, user, uiMessages, reply: reply!, continuing: false, run: 1 };
}

/** A user message's metadata: the documents it attaches, shown as chips on it; none: null. */
const attachedMetadata = (documents: TAttachedDocument[]) => (documents.length ? { documents } : null);

/** Continuing after approvals: the last reply must have decisions for every request it made. */
async function prepareContinuation(
  deps: AppDeps,
  { user, chatId }: { user: UserRow; chatId: string },
): Promise<PreparedRun> {
  const rows = await chats.messageRows(deps, chatId);
  const reply = [...rows]
    .reverse()
    .find((r) => r.role === 'assistant' && metadataOf(r).message_type !== 'todo_progress');
  const meta = reply ? metadataOf(reply) : {};
  const waiting = toolPartsOf(meta.parts ?? []).filter(
    (p) => p.state === 'approval-requested' || p.state === 'approval-responded',
  );
  if (!reply || waiting.length === 0) throw new HttpError(409, DETAIL.nothingToContinue);
  const approvedMcpTools = await applyDecisions(deps, { user, chatId, replyId: reply.id, waiting });
  const run = (meta.runs ?? 1) + 1;
  await chats.saveMessage(deps, user.id, chatId, reply.id, {
    content: reply.content,
    metadata: { ...meta, runs: run },
    state: 'streaming',
    writerId: deps.replyWriter.id,
  });
  const uiMessages = toUIMessages(
    rows.map((r) => (r.id === reply.id ? { ...r, metadata: JSON.stringify(meta) } : r)),
  );
  return { chatId, user, uiMessages, reply, continuing: true, run, approvedMcpTools };
}

/**
 * Marks each waiting tool part with the user's decision (`approval-responded`), so the AI SDK runs
 * or skips the tool; 409 while one is undecided, or when an approved input is not what was shown.
 * Answers the approved calls of MCP tools with the server and tool each was.
 */
async function applyDecisions(
  deps: AppDeps,
  { user, chatId, replyId, waiting }: { user: UserRow; chatId: string; replyId: string; waiting: ToolPart[] },
): Promise<Map<string, McpToolRef>> {
  const approvedMcpTools = new Map<string, McpToolRef>();
  const decisions = await repo.approvalsOfMessage(deps.db.db, replyId);
  for (const part of waiting) {
    const decision = decisions.find((d) => d.id === part.approval?.id);
    if (!decision || decision.status === 'pending') {
      throw new HttpError(409, DETAIL.approvalPending);
    }
    const approved = decision.status === 'approved';
    // What runs is what the user saw when they decided: the input recorded with the request.
    if (approved && decision.input_digest !== digestJson(part.input)) {
      await recordAudit(deps, {
        action: 'approval.input_mismatch',
        userId: user.id,
        target: decision.tool_name,
        details: { approval: decision.id, chat_id: chatId },
      });
      throw new HttpError(409, DETAIL.approvalInputChanged);
    }
    if (approved && decision.mcp_server_id && decision.mcp_tool)
      approvedMcpTools.set(part.toolCallId, { serverId: decision.mcp_server_id, tool: decision.mcp_tool });
    Object.assign(part, {
      state: 'approval-responded',
      approval: {
        id: decision.id,
        approved,
        ...(approved ? {} : { reason: 'The user denied this action.' }),
      },
    });
  }
  return approvedMcpTools;
}

/**
 * Stops the reply being written in a chat; it is kept as far as it got (and charged once). A reply
 * written by another server instance is asked to stop over the user's event channel, which that
 * instance listens on while it writes; it is `stopped` only once the stored reply shows it, else
 * 503 (Redis away, say), so Stop never claims what did not happen.
 */
export async function stopReply(deps: AppDeps, user: UserRow, chatId: string): Promise<{ stopped: boolean }> {
  await chats.ownedChat(deps, user.id, chatId);
  const run = deps.runningReplies.get(chatId);
  if (run) {
    run.abort(stoppedByUser());
    return { stopped: true };
  }
  if (!(await repo.hasStreamingReply(deps.db.db, chatId))) return { stopped: false };
  // A writer that died wrote its last: its reply is marked interrupted, and nothing runs to stop.
  if ((await interruptDeadWriters(deps, chatId)) > 0) return { stopped: false };
  if (!(await askWriterToStop(deps, { userId: user.id, chatId })))
    throw new HttpError(503, DETAIL.stopNotDelivered, Math.ceil(STOP_DELIVERY_MS / 1000));
  return { stopped: true };
}

/**
 * Streams one completion to `response` (already hijacked from Fastify). The model keeps going if the
 * browser leaves: the reply is finished and stored either way. The UI-message stream is read once:
 * each chunk goes to the client and into the reply's message, which is checkpointed and whose
 * approvals are recorded. The client's stream ends only once the reply is stored and charged, so a
 * refetch right after the stream sees the final message.
 */
export async function streamReply(
  deps: AppDeps,
  prepared: PreparedRun,
  response: ServerResponse,
  log: FastifyBaseLogger,
): Promise<void> {
  const run: ReplyRun = { started: Date.now(), executed: [] };
  const ctx = toolContext(deps, { target: prepared, run, log });
  const definitions = await toolDefinitions(ctx);
  if (prepared.approvedMcpTools)
    retargetApprovedMcpCalls(
      prepared.uiMessages.find((m) => m.id === prepared.reply.id),
      prepared.approvedMcpTools,
      definitions,
    );
  const guard = guardRun(deps, { target: prepared, run, log });
  const stream = await modelStream(deps, { prepared, ctx, definitions, guard, run, log });
  const client = uiMessageStreamWriter(response);
  let final: AssistantUIMessage;
  try {
    final = await storeReply(deps, { prepared, definitions, ctx, run, stream, guard, client });
  } finally {
    client.end(lastChunkOf(run, guard.signal));
    await endToolRun(ctx);
  }
  captureReplyFinished(deps, { target: prepared, run, final });
}

/**
 * How the client's stream ends when the model's stream was cut: Stop and a server stopping end
 * it with `abort`, a failure with `error` (the AI SDK's own chunks, sent when its stream did not).
 */
function lastChunkOf(run: ReplyRun, signal: AbortSignal): UIMessageChunk | undefined {
  if (wasStoppedByUser(signal) || wasCutByShutdown(signal))
    return { type: 'abort', reason: (signal.reason as Error).message };
  if (run.failure)
    return {
      type: 'error',
      errorText: run.failure instanceof HttpError ? run.failure.message : DETAIL.modelFailed,
    };
  return undefined;
}

/** Starts the model on the conversation with the reply's tools: the reply's UI-message stream. */
async function modelStream(
  deps: AppDeps,
  {
    prepared,
    ctx,
    definitions,
    guard,
    run,
    log,
  }: {
    prepared: PreparedRun;
    ctx: ToolContext;
    definitions: ToolDefinition[];
    guard: RunGuard;
    run: ReplyRun;
    log: FastifyBaseLogger;
  },
) {
  // The same tools convert earlier results, so an MCP tool's image is an image part there too.
  const tools = toToolSet(definitions, ctx);
  const messages = await withDocumentPassages(deps, {
    userId: prepared.user.id,
    chatId: prepared.chatId,
    messages: prepared.uiMessages,
  });
  const result = streamText({
    model: deps.llm,
    ...promptFor(REPLY_PROMPT),
    messages: await convertToModelMessages(messages, { ignoreIncompleteToolCalls: true, tools }),
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: deps.config.llm.maxRetries,
    abortSignal: guard.signal,
    onChunk: () => {
      run.firstTokenAt ??= Date.now();
      guard.onChunk();
    },
    onError: ({ error }) => {
      run.failure ??= error;
      log.warn({ err: error, chatId: prepared.chatId }, 'model stream failed');
    },
  });
  return result.toUIMessageStream<AssistantUIMessage>({
    originalMessages: prepared.streamFrom ?? prepared.uiMessages,
    generateMessageId: () => prepared.reply.id,
    // A tool's own refusal ('Salesforce did not answer; please try again') is written for users and
    // shown on its step; anything else (the model, the network) keeps its internals to the log.
    onError: (error) => (error instanceof HttpError ? error.message : DETAIL.modelFailed),
  });
}

/**
 * Reads the stream to its end, writing each chunk to the client and applying it to the reply's
 * message; records approval requests and checkpoints the reply meanwhile, one write after another
 * and without holding up the stream; then releases the run's guard, saves the reply as it ended
 * and charges it unless it failed. Answers the final message.
 */
async function storeReply(
  deps: AppDeps,
  {
    prepared,
    definitions,
    ctx,
    run,
    stream,
    guard,
    client,
  }: {
    prepared: PreparedRun;
    definitions: ToolDefinition[];
    ctx: ToolContext;
    run: ReplyRun;
    stream: ReadableStream<UIMessageChunk>;
    guard: RunGuard;
    client: UIMessageStreamWriter;
  },
): Promise<AssistantUIMessage> {
  const defs: ToolsByName = new Map(definitions.map((d) => [d.name, d]));
  const checkpoints = checkpointer(deps, { target: prepared, defs });
  const recordApprovals = approvalRecorder(deps, {
    target: prepared,
    defs,
    previews: checkpoints.previews,
    ctx,
  });
  const from = prepared.continuing ? prepared.uiMessages.at(-1) : undefined;
  const reply = replyMessage({
    ...(from ? { from } : {}),
    onError: (err) => {
      run.failure ??= err;
    },
  });
  // The database writes while the reply streams, in order; the first that fails ends them (and
  // fails the reply) while the stream goes on to the client.
  let writes = Promise.resolve();
  let writing = true;
  let checkpointQueued = false;
  const queue = (write: () => Promise<unknown>) => {
    writes = writes.then(async () => {
      if (!writing) return;
      try {
        await write();
      } catch (err) {
        run.failure ??= err;
        writing = false;
      }
    });
  };
  const reader = stream.getReader();
  let applying = true;
  try {
    for (;;) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      client.write(chunk);
      if (!applying) continue;
      try {
        await reply.apply(chunk);
      } catch (err) {
        // A chunk that does not fit the message ends its building, as it ends readUIMessageStream.
        run.failure ??= err;
        applying = false;
        continue;
      }
      const message = reply.current;
      if (!message) continue;
      if (chunk.type === 'tool-approval-request') queue(() => recordApprovals(message));
      if (!checkpointQueued && checkpoints.checkpointDue(message)) {
        checkpointQueued = true;
        queue(async () => {
          checkpointQueued = false;
          await checkpoints.save('streaming', reply.current ?? message);
        });
      }
    }
  } catch (err) {
    run.failure ??= err;
  } finally {
    // Stopped reading early: the model's stream stops too.
    await reader.cancel().catch(() => undefined);
    await writes;
    await guard.release();
  }
  if (wasStoppedByUser(guard.signal)) run.failure = undefined;
  const final: AssistantUIMessage = reply.current ??
    from ?? { id: prepared.reply.id, role: 'assistant', parts: [] };
  if (wasCutByShutdown(guard.signal)) {
    await checkpoints.save('interrupted', final);
    return final;
  }
  await checkpoints.save(run.failure ? 'failed' : null, final, { stopped: wasStoppedByUser(guard.signal) });
  if (!run.failure) await chargeReply(deps, { target: prepared, run });
  return final;
}

/**
 * Records the user's decision on a pending tool call, once; the client then continues the run.
 * With `input`, the user edited the call before approving it (only the editable fields of a tool
 * that has them): the edit is checked against the tool's schema, and it is what was approved and
 * what runs.
 */
export async function decideToolApproval(
  deps: AppDeps,
  user: UserRow,
  input: TToolApprovalRequest,
  log: FastifyBaseLogger,
): Promise<TToolApprovalResponse> {
  const approval = await repo.findApproval(
    deps.db.db,
    user.id,
    input.chat_id,
    input.message_id,
    input.tool_call_uuid,
  );
  if (!approval) throw notFound(DETAIL.approvalNotFound);
  if (input.input && !input.approve) throw new HttpError(422, DETAIL.approvalEditDenied);
  const edit = input.input ? editedInput(approval, input.input) : null;
  // The edit is written into the stored reply, which nothing else may be writing meanwhile.
  if (edit && (await repo.hasStreamingReply(deps.db.db, approval.chat_id)))
    throw new HttpError(409, DETAIL.replyInProgress);
  const status = input.approve ? 'approved' : 'denied';
  const recorded = edit
    ? { input: JSON.stringify(edit.input), input_digest: digestJson(edit.input) }
    : undefined;
  if (!(await repo.decideApproval(deps.db.db, approval.id, status, isoNow(deps.clock), recorded))) {
    throw new HttpError(409, DETAIL.approvalAlreadyDecided);
  }
  if (edit) await storeApprovedEdit(deps, { user, approval, ...edit, log });
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
            ...promptFor(SUGGESTIONS_PROMPT),
            prompt: suggestionsRequest(tools),
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
