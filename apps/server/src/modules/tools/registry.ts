// The assistant's tool set for one run: the built-in tools plus the user's connected ones.
import type { IntegrationId } from '@knap/contracts';
import { type Tool, type ToolSet, tool } from 'ai';
import { recordAudit } from '../audit/service.js';
import { disabledTools } from '../chats/service.js';
import { connectedScopes } from '../connections/oauth/service.js';
import { crmTools } from './builtin/crm-tools.js';
import { currentDatetimeTool } from './builtin/current-datetime.js';
import { driveTools, dropboxTools, oneDriveTools } from './builtin/file-tools.js';
import { financeTools } from './builtin/finance-tools.js';
import { listMeetingsTool } from './builtin/list-meetings.js';
import { gmailTools, outlookTools } from './builtin/mail-tools.js';
import { meetingTools } from './builtin/meeting-tools.js';
import { sendEmailTool } from './builtin/send-email.js';
import { sevantaTools } from './builtin/sevanta-tools.js';
import { todoListTool } from './builtin/todo-list.js';
import { wealthboxTools } from './builtin/wealthbox-tools.js';
import type { ToolContext, ToolDefinition } from './define.js';
import { mcpToolDefinitions } from './mcp-tools.js';

export type { McpToolRef, ToolContext, ToolDefinition } from './define.js';

const BUILTIN_TOOLS: ToolDefinition[] = [
  currentDatetimeTool,
  listMeetingsTool,
  ...financeTools,
  todoListTool,
  sendEmailTool,
  ...meetingTools,
];

/** The tools each connection type brings, offered only while that connection is connected. */
const CONNECTION_TOOLS: Partial<Record<IntegrationId, ToolDefinition[]>> = {
  wealthbox: wealthboxTools,
  google_gmail_modify: gmailTools,
  microsoft_outlook_read: outlookTools,
  google_drive_read: driveTools,
  microsoft_onedrive_read: oneDriveTools,
  dropbox: dropboxTools,
  sevanta: sevantaTools,
  salesforce: crmTools.salesforce,
  zoho: crmTools.zoho,
  copper: crmTools.copper,
};

/**
 * The tool named, when it is one whose input the user may edit before approving it (always a
 * built-in or connection tool: an MCP server's tools are run as the model called them).
 */
export const editableTool = (name: string): ToolDefinition | undefined =>
  [...BUILTIN_TOOLS, ...Object.values(CONNECTION_TOOLS).flat()].find(
    (def) => def.name === name && def.needsApproval && def.editableFields?.length,
  );

/** The built-in tools, the tools of the user's connections, then their custom MCP servers' tools. */
export async function allToolDefinitions(ctx: ToolContext): Promise<ToolDefinition[]> {
  const scopes = (await connectedScopes(ctx.deps, ctx.user.id)).scopes as IntegrationId[];
  const connected = scopes.flatMap((scope) =>
    (CONNECTION_TOOLS[scope] ?? []).map(
      (def): ToolDefinition => ({ ...def, origin: { source: 'connection', name: scope } }),
    ),
  );
  return [...BUILTIN_TOOLS, ...connected, ...(await mcpToolDefinitions(ctx))];
}

/** The tools offered to the model in the run's chat: all of them but those the user turned off there. */
export async function toolDefinitions(ctx: ToolContext): Promise<ToolDefinition[]> {
  const [all, disabled] = await Promise.all([allToolDefinitions(ctx), disabledTools(ctx.deps, ctx.chatId)]);
  const off = new Set(disabled);
  return all.filter((def) => !off.has(def.name));
}

/** The AI SDK tool set for one run. */
export function toToolSet(definitions: ToolDefinition[], ctx: ToolContext): ToolSet {
  const set: Record<string, Tool> = {};
  for (const def of definitions) {
    set[def.name] = tool<unknown, unknown>({
      description: def.description,
      inputSchema: def.inputSchema,
      needsApproval: def.needsApproval,
      ...(def.toModelOutput ? { toModelOutput: ({ output }) => def.toModelOutput!(output) } : {}),
      execute: async (input, { toolCallId }) => {
        const output = await def.execute(input, ctx);
        await ctx.onToolExecuted?.(def, toolCallId);
        await recordAudit(ctx.deps, {
          action: 'tool.called',
          userId: ctx.user.id,
          target: def.name,
          details: {
            chat_id: ctx.chatId,
            tool_call_id: toolCallId,
            // Which arguments it was given, not their values (they may hold client data).
            arguments: input && typeof input === 'object' ? Object.keys(input) : [],
            result: def.summarize(output).slice(0, 300),
            // A tool that asks first ran only after the user approved it in the chat.
            approved_by: def.needsApproval ? ctx.user.email : null,
          },
        });
        return output;
      },
    });
  }
  return set;
}

/** Ends what the run's tools held open (each MCP server's session); called once the reply is done. */
export async function endToolRun(ctx: ToolContext): Promise<void> {
  const cleanups = ctx.cleanups?.splice(0) ?? [];
  await Promise.all(cleanups.map((cleanup) => cleanup().catch(() => {})));
}
