// An open chat with the assistant: the thread as it streams, approvals, failures with Retry, the
// out-of-credits banner, and the composer with Stop.
import type { TAttachedDocument, TChat, TMessage } from '@knap/contracts';
import { MessageSquareText } from 'lucide-react';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { onReconnect } from '../../../lib/connection';
import { useOpenSettings } from '../../../lib/open-settings';
import { useDocumentLimits } from '../../documents/queries';
import { useAttachments } from '../../documents/use-attachments';
import { isTodoRow, lastReplyRow, rowToUIMessage, textOfParts, todosOf } from '../assistant-messages';
import { ASSISTANT_COPY, MESSAGE_ACTIONS_COPY } from '../copy';
import { useChat, useRateReply } from '../queries';
import { buildThreadItems } from '../thread-items';
import { type AssistantFailure, useAssistantChat } from '../use-assistant-chat';
import { followersOf, slotOf, versionsOf } from '../versions';
import { ChatThread } from './chat-thread';
import { Composer } from './composer';
import type { RateReply } from './message-actions';
import { OutOfCreditsBanner } from './out-of-credits-banner';
import { ReplyFailure } from './reply-failure';
import { SuggestionChips } from './suggestion-chips';
import { ThreadMessage } from './thread-message';
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
  /** The files attached to the first message on the welcome screen. */
  initialDocuments?: readonly TAttachedDocument[] | undefined;
  onInitialMessageSent?: () => void;
  /** The server removed this chat: its first message was refused for lack of credits. */
  onDiscarded?: (text: string) => void;
}

export function ChatConversation({
  chat: loaded,
  draft,
  onDraftChange,
  initialMessage,
  initialDocuments,
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
  const rateReply = useRateReply(chat.id);
  // The version shown of each message that has several, by its first version's id (else the newest).
  const [picked, setPicked] = useState<Record<string, number>>({});

  const limits = useDocumentLimits();
  const attachments = useAttachments(limits.data);
  const { documents: attached, clear: clearAttachments } = attachments;

  const sendWith = useCallback(
    (text: string, documents: readonly TAttachedDocument[]) => {
      setPicked({});
      onDraftChange((current) => (current.trim() === text ? '' : current));
      send(text, documents);
    },
    [onDraftChange, send],
  );
  const handleSend = useCallback(
    (text: string) => {
      sendWith(text, attached);
      clearAttachments();
    },
    [sendWith, attached, clearAttachments],
  );
  const rateOf =
    (messageId: string): RateReply =>
    (input) =>
      rateReply.mutateAsync({ messageId, input });

  const handleRetry = (failure: AssistantFailure) =>
    failure.kind === 'send' ? sendWith(failure.text, failure.documents) : retry(failure);

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
        send(failure.text, failure.documents);
      }),
    [onDraftChange, send],
  );

  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialMessage || sentInitial.current) return;
    sentInitial.current = true;
    send(initialMessage, initialDocuments);
    onInitialMessageSent?.();
  }, [initialMessage, initialDocuments, send, onInitialMessageSent]);

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
  const latestReply = lastReplyRow(chat.messages);
  const canActOnLatest = !isBusy && latestReply?.id === lastMessage?.id;

  /** A stored message no longer in the conversation (an earlier version, or what followed it). */
  const earlierMessage = (row: TMessage, versions?: { index: number; count: number; slot: string }) =>
    isTodoRow(row) ? (
      <li key={row.id} className="pl-10">
        <TodoChecklist items={todosOf(row)} />
      </li>
    ) : (
      <ThreadMessage
        key={row.id}
        message={rowToUIMessage(row)}
        row={row}
        showFailureNote
        versions={versions && versionSwitch(versions)}
        onRate={row.role === 'assistant' ? rateOf(row.id) : undefined}
      />
    );

  const versionSwitch = ({ index, count, slot }: { index: number; count: number; slot: string }) => ({
    index,
    count,
    onPick: (next: number) => setPicked((current) => ({ ...current, [slot]: next })),
  });

  /**
   * The thread: the conversation as it stands, each message with its actions; where an earlier
   * version of a message is picked, that version and what followed it instead of the rest.
   */
  const threadOf = () => {
    const out: ReactNode[] = [];
    for (const item of items) {
      if (item.kind === 'todo') {
        out.push(
          <li key={item.id} className="pl-10">
            <TodoChecklist items={todosOf(item.row)} />
          </li>,
        );
        continue;
      }
      const { row, message } = item;
      const versions = row ? versionsOf(chat.messages, row) : [];
      const slot = row ? slotOf(row) : item.id;
      const newest = versions.length - 1;
      const index = Math.min(picked[slot] ?? newest, newest);
      if (versions.length > 1 && index < newest) {
        out.push(earlierMessage(versions[index]!, { index, count: versions.length, slot }));
        for (const follower of followersOf(chat.messages, versions, index))
          out.push(earlierMessage(follower));
        out.push(
          <li key="earlier-version" className="text-center text-xs text-zinc-500 dark:text-zinc-400">
            {MESSAGE_ACTIONS_COPY.earlierVersion}
          </li>,
        );
        break;
      }
      const isStoredReply = row?.role === 'assistant' && row.state !== 'streaming';
      const isLatestReply = row?.id === latestReply?.id && canActOnLatest;
      out.push(
        <ThreadMessage
          key={item.id}
          message={message}
          row={row}
          isLive={item.id === liveId}
          isBusy={isBusy}
          showFailureNote={item.id !== lastItemId}
          // Only the newest reply can go on after a decision; older pending actions lapsed.
          onDecide={item.id === lastMessage?.id ? decide : undefined}
          versions={versions.length > 1 ? versionSwitch({ index, count: versions.length, slot }) : undefined}
          onEdit={
            row?.role === 'user'
              ? (text) => {
                  setPicked({});
                  assistant.edit(row.id, text);
                }
              : undefined
          }
          onRegenerate={
            isLatestReply && row?.state === null
              ? () => {
                  setPicked({});
                  assistant.regenerate(row.id);
                }
              : undefined
          }
          onContinue={isLatestReply && row?.metadata?.stopped ? assistant.resume : undefined}
          onRate={isStoredReply && row ? rateOf(row.id) : undefined}
        />,
      );
    }
    return out;
  };

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
        {threadOf()}
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
        attachments={{ state: attachments, limits: limits.data }}
      />
    </>
  );
}
