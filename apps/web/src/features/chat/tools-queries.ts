// The Tools menu's query: a chat's tools, replaced by what the server answers to each change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listChatTools, setChatTools } from './tools-api';

export const toolKeys = {
  chat: (chatId: string) => ['knap-tools', chatId] as const,
  /** The tools as a chat not yet started has them. */
  newChat: () => ['knap-tools', 'new-chat'] as const,
};

/** A chat's tools; with null, the tools a new chat would have. */
export const useChatTools = (chatId: string | null) =>
  useQuery({
    queryKey: chatId ? toolKeys.chat(chatId) : toolKeys.newChat(),
    queryFn: () => listChatTools(chatId),
  });

export function useSetChatTools(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disabled: string[]) => setChatTools({ chatId, disabled }),
    onSuccess: (tools) => queryClient.setQueryData(toolKeys.chat(chatId), tools),
  });
}
