// The assistant's tools as a user sees them (GET /api/knap-tools) and the ones turned off per chat.
import { z } from 'zod';
import { ZDisabledTools } from './chats.js';

/** Where a tool comes from: the product, a connected system, or one of the user's MCP servers. */
export const TOOL_SOURCES = ['builtin', 'connection', 'mcp'] as const;

export const ZKnapTool = z.object({
  /** The name the model knows it by; what a chat turns off. */
  name: z.string(),
  description: z.string(),
  needs_approval: z.boolean(),
  credit_cost: z.number().int(),
  source: z.enum(TOOL_SOURCES),
  /** The connection type (`google_gmail_modify`) or MCP server's description; null for built-ins. */
  source_name: z.string().nullable(),
  /** False when the chat asked about turned it off (always true without a chat). */
  enabled: z.boolean(),
});
export type TKnapTool = z.infer<typeof ZKnapTool>;

/** GET TOOL_PATHS.list: ?chat_id= says which are turned off in that chat. */
export const ZKnapToolsQuery = z.object({ chat_id: z.string().min(1).max(100).optional() });

/** PUT TOOL_PATHS.chat(id): the whole set of tools turned off in that chat (an empty list: none). */
export const ZChatToolsUpdate = z.object({ disabled_tools: ZDisabledTools });
export type TChatToolsUpdate = z.infer<typeof ZChatToolsUpdate>;
