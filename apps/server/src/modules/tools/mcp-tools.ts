// The tools of the user's custom MCP servers as assistant tools, named `mcp_<server>_<tool>`. A
// tool not annotated read-only needs approval. The servers and their listings are the connections
// module's (mcpServerTools); this file only says how they look to the model.
import { jsonSchema } from 'ai';
import { callMcpServerTool, mcpServerTools } from '../connections/mcp/service.js';
import type { ToolContext, ToolDefinition } from './define.js';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20) || 'server';

export async function mcpToolDefinitions(ctx: ToolContext): Promise<ToolDefinition[]> {
  const servers = await mcpServerTools(ctx.deps, ctx.user.id, ctx.log);
  return servers.flatMap(({ server, tools }) =>
    tools.map(
      (tool): ToolDefinition => ({
        name: `mcp_${slug(server.description)}_${tool.name}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64),
        description: `${tool.description} (from ${server.description})`,
        inputSchema: jsonSchema(tool.inputSchema as Parameters<typeof jsonSchema>[0]),
        needsApproval: !tool.readOnly,
        creditCost: 0,
        summarize: (out) => (typeof out === 'string' ? out.slice(0, 120) : 'Done'),
        execute: (input) =>
          callMcpServerTool(ctx.deps, {
            url: server.url,
            tool: tool.name,
            input: (input ?? {}) as Record<string, unknown>,
          }),
      }),
    ),
  );
}
