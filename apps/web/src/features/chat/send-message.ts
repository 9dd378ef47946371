// The one send path of the chat screen. Today it stores the user's message; the assistant's
// streamed reply (issue 5) plugs in after the message is stored, in `sendMessage` below.
import { autoChatTitle, type ChatAction, type TChat, type TMessage } from '@knap/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { addMessage, createChat, renameChat } from './api';
import { chatCallError, logChatFailure } from './chat-errors';
import { chatKeys, patchChatList } from './queries';

export class SendMessageError extends Error {
  override readonly name = 'SendMessageError';

  constructor(
    readonly action: ChatAction,
    cause: unknown,
  ) {
    super(chatCallError(action, cause), { cause });
  }
}

const DAY_MS = 86_400_000;

/**
 * True while a chat still has the server's 'New Chat {date}' default title. The server names it in
 * its own zone, so the day before and after the creation date (in ours) count as well.
 */
export function hasDefaultTitle(chat: Pick<TChat, 'title' | 'created_at'>): boolean {
  const created = new Date(chat.created_at).getTime();
  if (Number.isNaN(created)) return false;
  return [-DAY_MS, 0, DAY_MS].some((offset) => chat.title === autoChatTitle('', new Date(created + offset)));
}

export interface SendMessageOptions {
  queryClient: QueryClient;
  /** The open chat, or null on the welcome screen: a chat is created first, named from the text. */
  chat: TChat | null;
  content: string;
  /** Called as soon as a new chat exists, so the screen can move to /chat?id={id}. */
  onChatCreated?: (chat: TChat) => void;
  now?: Date;
}

/** Stores the user's message in the chat (creating the chat if needed). Throws SendMessageError. */
export async function sendMessage({
  queryClient,
  chat: openChat,
  content,
  onChatCreated,
  now = new Date(),
}: SendMessageOptions): Promise<{ chat: TChat; message: TMessage }> {
  let chat = openChat;
  if (!chat) {
    try {
      chat = await createChat({ initial_message: content });
    } catch (error) {
      throw new SendMessageError('create chat', error);
    }
    queryClient.setQueryData(chatKeys.detail(chat.id), chat);
    onChatCreated?.(chat);
  }
  const isFirstMessage = chat.messages.length === 0;

  let message: TMessage;
  try {
    message = await addMessage({ chatId: chat.id, message: { role: 'user', content } });
  } catch (error) {
    throw new SendMessageError('add message', error);
  } finally {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  }
  queryClient.setQueryData<TChat>(
    chatKeys.detail(chat.id),
    (cached) => cached && { ...cached, messages: [...cached.messages, message] },
  );

  // SPEC §2/§5: an opened chat with no messages takes its title from the first user message,
  // unless the user has already named it.
  if (isFirstMessage && hasDefaultTitle(chat)) {
    const title = autoChatTitle(content, now);
    try {
      await renameChat({ chatId: chat.id, title });
      queryClient.setQueryData<TChat>(chatKeys.detail(chat.id), (cached) => cached && { ...cached, title });
      patchChatList(queryClient, (summary) => (summary.id === chat.id ? { ...summary, title } : summary));
    } catch (error) {
      // The message is stored; a default title is no reason to report the send as failed.
      logChatFailure('update chat', error);
    }
  }

  // Issue 5: start the assistant's streamed completion for `message` here.
  return { chat, message };
}

/** `sendMessage` for components: a pending flag, and SPEC §8's failure texts as toasts. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const [isSending, setIsSending] = useState(false);

  const send = useCallback(
    async (options: Omit<SendMessageOptions, 'queryClient'>): Promise<boolean> => {
      setIsSending(true);
      try {
        await sendMessage({ queryClient, ...options });
        return true;
      } catch (error) {
        toast.error(error instanceof SendMessageError ? error.message : String(error));
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [queryClient],
  );

  return { sendMessage: send, isSending };
}
