// Starting a conversation from the welcome screen: the chat is created first (the server names it
// from the text), then the chat screen opens it and streams the first message (use-assistant-chat).
import type { ChatAction, TChat } from '@knap/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { createChat } from './api';
import { chatCallError } from './chat-errors';
import { chatKeys } from './queries';

export class SendMessageError extends Error {
  override readonly name = 'SendMessageError';

  constructor(
    readonly action: ChatAction,
    cause: unknown,
  ) {
    super(chatCallError(action, cause), { cause });
  }
}

export interface StartChatOptions {
  queryClient: QueryClient;
  /** The first message; it names the chat and is sent once the chat is open. */
  content: string;
  /** Tools turned off in the Tools menu before the chat existed; stored with the chat. */
  disabledTools?: string[];
}

/** Creates the chat for a first message and caches it, so it opens at once. Throws SendMessageError. */
export async function startChat({
  queryClient,
  content,
  disabledTools = [],
}: StartChatOptions): Promise<TChat> {
  let chat: TChat;
  try {
    chat = await createChat({
      initial_message: content,
      ...(disabledTools.length ? { disabled_tools: disabledTools } : {}),
    });
  } catch (error) {
    throw new SendMessageError('create chat', error);
  } finally {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  }
  queryClient.setQueryData(chatKeys.detail(chat.id), chat);
  return chat;
}

/** `startChat` for components: a pending flag, and SPEC §8's failure text as a toast. */
export function useStartChat() {
  const queryClient = useQueryClient();
  const [isStarting, setIsStarting] = useState(false);

  const start = useCallback(
    async (content: string, disabledTools?: string[]): Promise<TChat | null> => {
      setIsStarting(true);
      try {
        return await startChat({ queryClient, content, disabledTools });
      } catch (error) {
        toast.error(error instanceof SendMessageError ? error.message : String(error));
        return null;
      } finally {
        setIsStarting(false);
      }
    },
    [queryClient],
  );

  return { startChat: start, isStarting };
}
