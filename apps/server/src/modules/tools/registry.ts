// The assistant's tool set for one run: the built-in tools plus the user's connected ones.
import { type Tool, type ToolSet, tool } from 'ai';
import { connectedScopes } from '../connections/oauth-service.js';
import * as connections from '../connections/service.js';
import { currentDatetimeTool } from './builtin/current-datetime.js';
import { financeTools } from './builtin/finance-tools.js';
import { listMeetingsTool } from './builtin/list-meetings.js';
import { sendEmailTool } from './builtin/send-email.js';
import { todoListTool } from './builtin/todo-list.js';
import { wealthboxTools } from './builtin/wealthbox-tools.js';
import type { ToolContext, ToolDefinition } from './define.js';

export type { TodoItem, ToolContext, ToolDefinition } from './define.js';

/** The built-in tools, then the tools of the user's connections (custom MCP servers). */
export async function toolDefinitions(ctx: ToolContext): Promise<ToolDefinition[]> {
  const builtins: ToolDefinition[] = [
    currentDatetimeTool,
    listMeetingsTool,
    ...financeTools,
    todoListTool,
    sendEmailTool,
  ];
  const scopes = (await connectedScopes(ctx.deps, ctx.user.id)).scopes;
  const connected = scopes.includes('wealthbox') ? wealthboxTools : [];
  return [...builtins, ...connected, ...(await connections.mcpToolDefinitions(ctx))];
}

/** The AI SDK tool set for one run. */
export function toToolSet(definitions: ToolDefinition[], ctx: ToolContext): ToolSet {
  const set: Record<string, Tool> = {};
  for (const def of definitions) {
    set[def.name] = tool<unknown, unknown>({
      description: def.description,
      inputSchema: def.inputSchema,
      needsApproval: def.needsApproval,
      execute: async (input, { toolCallId }) => {
        const output = await def.execute(input, ctx);
        await ctx.onToolExecuted?.(def, toolCallId);
        return output;
      },
    });
  }
  return set;
}
