// The assistant's tools as the user sees them (GET /api/knap-tools) and the ones a chat turned off.
import type { TKnapTool } from '@knap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { disabledTools, ownedChat, setDisabledTools } from '../chats/service.js';
import type { ToolContext } from './define.js';
import { allToolDefinitions, endToolRun } from './registry.js';

/** Every tool the assistant has for the user now; with a chat (theirs, else 404), which are off there. */
export async function listKnapTools(
  deps: AppDeps,
  user: UserRow,
  log: FastifyBaseLogger,
  chatId?: string,
): Promise<TKnapTool[]> {
  if (chatId) await ownedChat(deps, user.id, chatId);
  const ctx: ToolContext = { deps, log, user, chatId: chatId ?? '', onTodos: async () => {} };
  try {
    const [definitions, disabled] = await Promise.all([
      allToolDefinitions(ctx),
      chatId ? disabledTools(deps, chatId) : [],
    ]);
    const off = new Set(disabled);
    return definitions.map((def) => ({
      name: def.name,
      description: def.description,
      needs_approval: def.needsApproval,
      credit_cost: def.creditCost,
      source: def.origin?.source ?? 'builtin',
      source_name: def.origin?.name ?? null,
      enabled: !off.has(def.name),
    }));
  } finally {
    await endToolRun(ctx);
  }
}

/** Sets the tools turned off in one of the user's chats (another's is 404); answers the list. */
export async function setChatTools(
  deps: AppDeps,
  user: UserRow,
  log: FastifyBaseLogger,
  chatId: string,
  disabled: string[],
): Promise<TKnapTool[]> {
  await setDisabledTools(deps, user.id, chatId, disabled);
  return listKnapTools(deps, user, log, chatId);
}
