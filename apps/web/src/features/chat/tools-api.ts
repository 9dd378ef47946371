// The assistant's tools for a chat (GET /api/knap-tools?chat_id=) and turning them on or off there.
// Loaded with the Tools menu, not with the chat page.
import { TOOL_PATHS, ZKnapTool } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZKnapToolList = ZKnapTool.array();

/** The tools, with which are off in the chat; without a chat (a new one), all as the user has them. */
export const listChatTools = (chatId: string | null) =>
  apiRequest(
    chatId ? `${TOOL_PATHS.list}?${new URLSearchParams({ chat_id: chatId })}` : TOOL_PATHS.list,
    ZKnapToolList,
  );

export const setChatTools = ({ chatId, disabled }: { chatId: string; disabled: string[] }) =>
  apiRequest(TOOL_PATHS.chat(chatId), ZKnapToolList, { method: 'PUT', body: { disabled_tools: disabled } });
