// An open chat with the assistant: the thread as it streams, approvals, failures with Retry, the
// out-of-credits banner, and the composer with Stop.
import type { TChat } from '@knap/contracts';
import { MessageSquareText } from 'lucide-react';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef } from 'react';
import { onReconnect } from '../../../lib/connection';
import { useOpenSettings } from '../../../lib/open-settings';
import { lastReplyRow, textOfParts, todosOf } from '../assistant-messages';
import { ASSISTANT_COPY } from '../copy';
import { useChat } from '../queries';
import { buildThreadItems } from '../thread-items';
import { type AssistantFailure, useAssistantChat } from '../use-assistant-chat';
import { ChatThread } from './chat-thread';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { OutOfCreditsBanner } from './out-of-credits-banner';
import { ReplyFailure } from './reply-failure';
import { SuggestionChips } from './suggestion-chips';
import { TodoChecklist } from './todo-checklist';
import { ToolsMenu } from './tools-menu';
import { TypingIndicator } from './typing-indicator';

export interface ChatConversationProps {
  /** The chat as the screen loaded it. */
  chat: TChat;
  draft: string;
  onDraftChange: Dispatch<SetStateAction<string>>;
  /** The first message of a chat just started from the welcome screen: sent as the chat opens. */
  initialMessage?: string | undefined;
  onInitialMessageSent?: () => void;
  /** The server removed this chat: its first message was refused for lack of credits. */
  onDiscarded?: (text: string) => void;
}

export function ChatConversation({
  chat: loaded,
  draft,
  onDraftChange,
  initialMessage,
  onInitialMessageSent,
  onDiscarded,
}: ChatConversationProps) {
  const openSettings = useOpenSettings();
  const isStreamingRef = useRef(false);
  // Polls while the server writes a reply this screen does not stream (e.g. opened mid-reply).
  const { data, dataUpdatedAt } = useChat(loaded.id, {
    pollWhile: (chat) => !isStreamingRef.current && lastReplyRow(chat.messages)?.state === 'streaming',
  });
  const chat = data ?? loaded;

  const assistant = useAssistantChat({
    chat,
    chatUpdatedAt: dataUpdatedAt,
    // The refused text comes back unless the user has typed something new meanwhile.
    onSendRefused: (text) => onDraftChange((current) => (current.trim() ? current : text)),
    onChatDiscarded: onDiscarded,
  });
  isStreamingRef.current = assistant.isStreaming;
  const { send, retry, decide, stop } = assistant;
  const isBusy = assistant.isStreaming || assistant.isServerWriting;

  const handleSend = useCallback(
    (text: string) => {
      onDraftChange((current) => (current.trim() === text ? '' : current));
      send(text);
    },
    [onDraftChange, send],
  );

  const handleRetry = (failure: AssistantFailure) =>
    failure.kind === 'send' ? handleSend(failure.text) : retry(failure);

  // A message that never reached the server is sent once it answers again (unless the user has
  // changed it in the composer meanwhile: then it stays theirs to send).
  const pending = useRef<{ failure: AssistantFailure | null; draft: string }>({ failure: null, draft });
  pending.current = { failure: assistant.failure, draft };
  useEffect(
    () =>
      onReconnect(() => {
        const { failure, draft: current } = pending.current;
        if (failure?.kind !== 'send' || !failure.unreachable) return;
        if (current.trim() && current.trim() !== failure.text.trim()) return;
        onDraftChange((text) => (text.trim() === failure.text.trim() ? '' : text));
        send(failure.text);
      }),
    [onDraftChange, send],
  );

  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialMessage || sentInitial.current) return;
    sentInitial.current = true;
    send(initialMessage);
    onInitialMessageSent?.();
  }, [initialMessage, send, onInitialMessageSent]);

  const items = useMemo(
    () => buildThreadItems(assistant.messages, chat.messages),
    [assistant.messages, chat.messages],
  );
  const lastMessage = assistant.messages.at(-1);
  const liveId = isBusy && lastMessage?.role === 'assistant' ? lastMessage.id : undefined;
  const lastItemId = items.at(-1)?.id;
  const isWaitingForReply = assistant.status === 'submitted' && lastMessage?.role === 'user';
  const userMessages = assistant.messages.filter((message) => message.role === 'user').length;
  const contentKey = `${items.length}:${lastMessage ? textOfParts(lastMessage.parts).length : 0}:${lastMessage?.parts.length ?? 0}:${assistant.status}:${assistant.failure?.message ?? ''}`;

  const isEmpty = items.length === 0 && !isBusy && !assistant.failure;

  return (
    <>
      <ChatThread
        title={chat.title}
        contentKey={contentKey}
        sentKey={userMessages}
        empty={
          isEmpty ? (
            <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
              <MessageSquareText aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-700" />
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{ASSISTANT_COPY.emptyChat}</p>
              <SuggestionChips onPick={handleSend} />
            </div>
          ) : undefined
        }
      >
        {items.map((item) =>
          item.kind === 'todo' ? (
            <li key={item.id} className="pl-10">
              <TodoChecklist items={todosOf(item.row)} />
            </li>
          ) : (
            <MessageItem
              key={item.id}
              message={item.message}
              row={item.row}
              isLive={item.id === liveId}
              isBusy={isBusy}
              showFailureNote={item.id !== lastItemId}
              // Only the newest reply can go on after a decision; older pending actions lapsed.
              onDecide={item.id === lastMessage?.id ? decide : undefined}
            />
          ),
        )}
        {isWaitingForReply ? <TypingIndicator /> : null}
        {assistant.failure ? (
          <ReplyFailure
            message={assistant.failure.message}
            onRetry={() => assistant.failure && handleRetry(assistant.failure)}
            isRetryDisabled={isBusy}
          />
        ) : null}
      </ChatThread>
      {assistant.outOfCredits ? (
        <OutOfCreditsBanner
          message={assistant.outOfCredits}
          onUpgrade={openSettings ? () => openSettings('subscription') : undefined}
        />
      ) : null}
      {assistant.stopFailure ? (
        <p role="alert" className="px-4 pb-1 text-sm text-red-700 dark:text-red-400">
          {assistant.stopFailure}
        </p>
      ) : null}
      <Composer
        value={draft}
        onChange={onDraftChange}
        onSend={handleSend}
        isSending={isBusy}
        onStop={isBusy ? stop : undefined}
        isStopping={assistant.isStopping}
        hasInitialFocus={Boolean(initialMessage)}
        leading={<ToolsMenu chatId={chat.id} />}
      />
    </>
  );
}
