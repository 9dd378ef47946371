// One open chat's assistant session: useChat seeded from the stored messages and streaming through
// the completion endpoint, with approvals, Stop, Retry and out-of-credits on top. While a reply
// streams, useChat's messages lead; once it has ended, the stored chat is the truth again.
import { useChat as useAiChat } from '@ai-sdk/react';
import {
  type AssistantUIMessage,
  DETAIL,
  ERR,
  type TAttachedDocument,
  type TChat,
  type TCompletionRequest,
  type ToolPart,
} from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { reportUnreachable } from '../../lib/connection';
import { useCreditsComeBack } from '../billing/queries';
import { decideToolApproval, markChatRead, stopCompletion } from './api';
import { type CompletionOptions, failureTextOf, lastReplyRow, toUIMessages } from './assistant-messages';
import { createAssistantTransport } from './assistant-transport';
import { logChatFailure } from './chat-errors';
import { chatKeys } from './queries';

/** Streamed words arrive every few ms; drawing them at most this often keeps long threads smooth. */
const RENDER_THROTTLE_MS = 40;
/** After the server confirmed Stop its stream ends by itself; past this the local one is cut. */
const STOP_GRACE_MS = 3000;

/** What went wrong with the last request, and so what Retry repeats. */
export type AssistantFailure =
  /** `unreachable`: the message never reached the server; it is sent again once the server is back. */
  | { kind: 'send'; text: string; documents: TAttachedDocument[]; message: string; unreachable: boolean }
  | { kind: 'edit'; messageId: string; text: string; message: string }
  | { kind: 'regenerate'; message: string }
  | { kind: 'resume'; message: string }
  | { kind: 'continue'; message: string }
  | { kind: 'reply'; message: string };

export interface UseAssistantChatOptions {
  chat: TChat;
  /** When `chat` was fetched (react-query's dataUpdatedAt). */
  chatUpdatedAt: number;
  /** The server refused a new message before storing it: its text goes back in the composer. */
  onSendRefused?: (text: string) => void;
  /**
   * The first message of a chat with nothing in it was refused for lack of credits: the server
   * removed the chat (it is not left empty under the question's name).
   */
  onChatDiscarded?: (text: string) => void;
}

export type AssistantStatus = 'submitted' | 'streaming' | 'ready' | 'error';

export const isBusyStatus = (status: AssistantStatus): boolean =>
  status === 'submitted' || status === 'streaming';

export interface AssistantChat {
  /** The conversation as useChat holds it (stored messages, then what streams). */
  messages: AssistantUIMessage[];
  status: AssistantStatus;
  /** A request of this screen is running (sent, or its reply streaming). */
  isStreaming: boolean;
  /** The server is writing a reply this screen does not stream (e.g. opened mid-reply). */
  isServerWriting: boolean;
  isStopping: boolean;
  /** Why Stop did not stop the reply (the server could not reach its writer); null otherwise. */
  stopFailure: string | null;
  failure: AssistantFailure | null;
  /** The out-of-credits text while the assistant refuses for lack of credits. */
  outOfCredits: string | null;
  /** Sends a message, with the documents attached to it (issue 26). */
  send: (text: string, documents?: readonly TAttachedDocument[]) => void;
  /** A new version of the user's message `messageId`, answered anew. */
  edit: (messageId: string, text: string) => void;
  /** A new version of the latest reply (the earlier one is kept). */
  regenerate: (messageId: string) => void;
  /** A new reply that continues the stopped last one. */
  resume: () => void;
  stop: () => Promise<void>;
  retry: (failure: AssistantFailure) => void;
  decide: (options: {
    messageId: string;
    part: ToolPart;
    approve: boolean;
    edits?: Record<string, string> | undefined;
  }) => Promise<void>;
}

/** The text for a reply that broke off while streaming (not one refused up front). */
function streamErrorText(error: Error): string {
  // A dropped connection surfaces as the browser's own TypeError, which means nothing to a user.
  if (error instanceof TypeError || !error.message) return ERR.generic;
  return error.message;
}

export function useAssistantChat({
  chat,
  chatUpdatedAt,
  onSendRefused,
  onChatDiscarded,
}: UseAssistantChatOptions): AssistantChat {
  const queryClient = useQueryClient();
  const chatId = chat.id;
  const lastRequest = useRef<TCompletionRequest | null>(null);
  // When the last request ended (Infinity while one runs): stored rows fetched before that are stale.
  const settledAt = useRef(0);
  const seededRows = useRef(chat.messages);
  // Approvals answered here that the stored reply does not show yet (the run continues later).
  const decided = useRef(new Map<string, boolean>());
  const [refusal, setRefusal] = useState<{ error: ApiError; request: TCompletionRequest } | null>(null);
  const [isStopRequested, setIsStopRequested] = useState(false);
  // Stop answered that the server could not reach the reply's writer: said, and Stop can be pressed again.
  const [stopFailure, setStopFailure] = useState<string | null>(null);
  const onSendRefusedRef = useRef(onSendRefused);
  onSendRefusedRef.current = onSendRefused;
  const onChatDiscardedRef = useRef(onChatDiscarded);
  onChatDiscardedRef.current = onChatDiscarded;
  const storedCount = useRef(chat.messages.length);
  storedCount.current = chat.messages.length;
  // The plan changed (in another tab, say) since the assistant refused for lack of credits.
  const [hasCreditsAgain, setHasCreditsAgain] = useState(false);

  const [transport] = useState(() =>
    createAssistantTransport({
      onRequest: (request) => {
        lastRequest.current = request;
        settledAt.current = Number.POSITIVE_INFINITY;
        setRefusal(null);
        setHasCreditsAgain(false);
        setIsStopRequested(false);
        setStopFailure(null);
      },
    }),
  );
  const [initialMessages] = useState(() => toUIMessages(chat.messages));

  const settle = useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    // The user watched the reply arrive, so it is not news for the sidebar.
    try {
      await markChatRead(chatId);
    } catch (error) {
      logChatFailure('mark chat as read', error);
    }
    void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
  }, [queryClient, chatId]);

  const setMessagesRef = useRef<(update: (messages: AssistantUIMessage[]) => AssistantUIMessage[]) => void>(
    () => {},
  );

  const {
    messages,
    status,
    error,
    setMessages,
    sendMessage,
    regenerate,
    stop: stopLocal,
    clearError,
    addToolApprovalResponse,
  } = useAiChat<AssistantUIMessage>({
    id: chatId,
    messages: initialMessages,
    transport,
    experimental_throttle: RENDER_THROTTLE_MS,
    // Once every pending approval is decided the run goes on by itself (a `{chat_id}` request).
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: () => {
      settledAt.current = Date.now();
      void settle();
    },
    onError: (failure) => {
      const request = lastRequest.current;
      // The stream broke off with the connection: the server may be gone (the banner checks).
      if (failure instanceof TypeError) reportUnreachable();
      // Only requests refused up front (402, 409, offline…) are handled here. A reply that broke
      // off mid-way is described by its stored state once the chat is fetched again.
      if (!(failure instanceof ApiError) || !request) return;
      if (request.message && !request.edit_of && failure.status === 402 && storedCount.current === 0) {
        onChatDiscardedRef.current?.(request.message.content);
      }
      if (request.edit_of || request.regenerate) {
        // Nothing was stored: the conversation is shown as it was.
        setMessagesRef.current(() => toUIMessages(seededRows.current, decided.current));
      } else if (request.message) {
        // Nothing was stored: the message leaves the thread and goes back to the composer.
        setMessagesRef.current((current) =>
          current.at(-1)?.role === 'user' ? current.slice(0, -1) : current,
        );
        onSendRefusedRef.current?.(request.message.content);
      }
      setRefusal({ error: failure, request });
    },
  });
  setMessagesRef.current = setMessages;

  const isStreaming = isBusyStatus(status);
  const statusRef = useRef(status);
  statusRef.current = status;
  const lastRow = lastReplyRow(chat.messages);
  // A reply the server is writing that this screen does not stream (opened mid-reply, or cut off).
  const isServerWriting = !isStreaming && lastRow?.state === 'streaming';

  // The stored chat becomes the truth once a reply has ended and the chat was fetched after that.
  useLayoutEffect(() => {
    if (isBusyStatus(status) || chatUpdatedAt < settledAt.current) return;
    if (chat.messages === seededRows.current) return;
    seededRows.current = chat.messages;
    setMessages(toUIMessages(chat.messages, decided.current));
    // A reply that broke off is now described by its stored state (failed, or finished after all).
    if (
      status === 'error' &&
      !(error instanceof ApiError) &&
      lastReplyRow(chat.messages)?.state !== 'streaming'
    ) {
      clearError();
    }
  }, [chat.messages, chatUpdatedAt, status, error, setMessages, clearError]);

  // Stop confirmed by the server: its stream ends as soon as the reply is stored. If it does not,
  // the local stream is cut.
  useEffect(() => {
    if (!isStopRequested || !isStreaming) return;
    const timer = setTimeout(() => void stopLocal(), STOP_GRACE_MS);
    return () => clearTimeout(timer);
  }, [isStopRequested, isStreaming, stopLocal]);

  // The documents sent so far by id, so a refused message is sent again with its files.
  const attachedById = useRef(new Map<string, TAttachedDocument>());
  const send = useCallback(
    (text: string, documents: readonly TAttachedDocument[] = []) => {
      for (const doc of documents) attachedById.current.set(doc.id, doc);
      void sendMessage(documents.length ? { text, metadata: { documents: [...documents] } } : { text });
    },
    [sendMessage],
  );
  const edit = useCallback(
    (messageId: string, text: string) => void sendMessage({ text, messageId }),
    [sendMessage],
  );
  const regenerateReply = useCallback(
    (messageId: string) =>
      void regenerate({ messageId, body: { regenerate: true } satisfies CompletionOptions }),
    [regenerate],
  );
  const resume = useCallback(
    () => void sendMessage(undefined, { body: { resume: true } satisfies CompletionOptions }),
    [sendMessage],
  );

  const stop = useCallback(async () => {
    setIsStopRequested(true);
    setStopFailure(null);
    let stopped = false;
    try {
      stopped = (await stopCompletion(chatId)).stopped;
    } catch (failure) {
      // The reply is still being written and was not told to stop: cutting this screen's stream
      // would hide a reply that goes on, so the user is told and may press Stop again.
      if (failure instanceof ApiError && failure.status === 503) {
        setIsStopRequested(false);
        setStopFailure(failure.message);
        return;
      }
      console.error(failure);
    }
    // The server was not writing it (or could not be told): end what this screen streams.
    if (!stopped) await stopLocal();
    if (!isBusyStatus(statusRef.current)) void settle();
  }, [chatId, stopLocal, settle]);

  /** Records the decision, then useChat continues the run once every approval is answered. */
  const decide = useCallback(
    async ({
      messageId,
      part,
      approve,
      edits,
    }: {
      messageId: string;
      part: ToolPart;
      approve: boolean;
      edits?: Record<string, string> | undefined;
    }) => {
      if (!part.approval) return;
      await decideToolApproval({
        chat_id: chatId,
        message_id: messageId,
        tool_call_uuid: part.toolCallId,
        approve,
        ...(edits ? { input: edits } : {}),
      });
      decided.current.set(part.approval.id, approve);
      await addToolApprovalResponse({ id: part.approval.id, approved: approve });
    },
    [chatId, addToolApprovalResponse],
  );

  /** Repeats what failed: a refused message or continuation as it was, a broken reply with `retry`. */
  const retry = useCallback(
    (failure: AssistantFailure) => {
      if (failure.kind === 'send') send(failure.text, failure.documents);
      else if (failure.kind === 'edit') edit(failure.messageId, failure.text);
      else if (failure.kind === 'regenerate') {
        // The reply to regenerate is the stored latest one.
        const latest = lastReplyRow(seededRows.current);
        if (latest) regenerateReply(latest.id);
      } else if (failure.kind === 'resume') resume();
      else if (failure.kind === 'continue') void sendMessage();
      else void regenerate();
    },
    [send, edit, regenerateReply, resume, sendMessage, regenerate],
  );

  let failure: AssistantFailure | null = null;
  const lastMessage = messages.at(-1);
  if (refusal && !(refusal.error.status === 402 && refusal.request.message)) {
    failure = refusedFailure(refusal.request, refusal.error, attachedById.current);
  } else if (status === 'error' && error && !(error instanceof ApiError)) {
    failure = { kind: 'reply', message: streamErrorText(error) };
  } else if (!isStreaming && lastMessage?.role === 'assistant' && lastRow?.id === lastMessage.id) {
    const text = failureTextOf(lastRow);
    if (text) failure = { kind: 'reply', message: text };
  }

  const refusedForCredits = refusal?.error.status === 402 ? refusal.error.message : null;
  const refusedNow = refusedForCredits ?? (chat.out_of_tokens && !isStreaming ? DETAIL.outOfCredits : null);
  useCreditsComeBack(Boolean(refusedNow) && !hasCreditsAgain, () => setHasCreditsAgain(true));
  const outOfCredits = hasCreditsAgain ? null : refusedNow;

  return {
    messages,
    status,
    isStreaming,
    isServerWriting,
    isStopping: isStopRequested && (isStreaming || isServerWriting),
    stopFailure: isStreaming || isServerWriting ? stopFailure : null,
    failure,
    outOfCredits,
    send,
    edit,
    regenerate: regenerateReply,
    resume,
    stop,
    retry,
    decide,
  };
}

/** What Retry repeats for a request the server refused before storing anything. */
function refusedFailure(
  request: TCompletionRequest,
  refused: ApiError,
  attachedById: ReadonlyMap<string, TAttachedDocument>,
): AssistantFailure {
  const { message } = refused;
  if (request.message && request.edit_of)
    return { kind: 'edit', messageId: request.edit_of, text: request.message.content, message };
  if (request.message)
    return {
      kind: 'send',
      text: request.message.content,
      documents: (request.message.document_ids ?? []).flatMap((id) => attachedById.get(id) ?? []),
      message,
      unreachable: refused.status === 0,
    };
  if (request.regenerate) return { kind: 'regenerate', message };
  if (request.resume) return { kind: 'resume', message };
  return { kind: request.retry ? 'reply' : 'continue', message };
}
