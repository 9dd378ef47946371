// The tools of the user's custom MCP servers as assistant tools, named `mcp_<server>_<tool>`. A
// tool not annotated read-only needs approval. The servers, their listings and the reply's sessions
// with them are the connections module's (mcpServerTools); this file only says how they look to
// the model.
import { createHash } from 'node:crypto';
import { jsonSchema } from 'ai';
import {
  callMcpServerTool,
  type McpServerTools,
  type McpToolOutput,
  mcpServerTools,
  openMcpReplySessions,
} from '../connections/mcp/service.js';
import type { ToolContext, ToolDefinition, ToolModelOutput } from './define.js';

/** What model APIs accept as a tool name: OpenAI and Anthropic both allow [a-zA-Z0-9_-]{1,64}. */
const TOOL_NAME_MAX = 64;
/** Hex digits of the hash that tells apart tools whose names would read the same. */
const NAME_HASH_CHARS = 8;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20) || 'server';

/** One server's tool with the name the model knows it by. */
export interface NamedMcpTool {
  server: McpServerTools['server'];
  tool: McpServerTools['tools'][number];
  name: string;
}

/**
 * Every server's tools, each with a name of its own, in the order listed.
 * `mcp_<server>_<tool>` when that is the tool's own name within the rules and no other tool reads
 * the same; otherwise (a character replaced, cut at 64, or two tools reading alike: `files.read`
 * and `files_read`, two servers described alike) the name, cut to fit, ends with a hash of the
 * server's id and the tool's own name, so it stays the same from reply to reply.
 */
export function nameMcpTools(servers: readonly McpServerTools[]): NamedMcpTool[] {
  const listed = servers.flatMap(({ server, tools }) =>
    tools.map((tool) => {
      const plain = `mcp_${slug(server.description)}_${tool.name}`;
      return { server, tool, plain, safe: plain.replace(/[^a-zA-Z0-9_-]/g, '_') };
    }),
  );
  const uses = new Map<string, number>();
  for (const { safe } of listed) {
    const key = safe.slice(0, TOOL_NAME_MAX);
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  return listed.map(({ server, tool, plain, safe }) => {
    if (safe === plain && safe.length <= TOOL_NAME_MAX && uses.get(safe) === 1)
      return { server, tool, name: safe };
    const hash = createHash('sha256')
      .update(`${server.id}\u0000${tool.name}`)
      .digest('hex')
      .slice(0, NAME_HASH_CHARS);
    return { server, tool, name: `${safe.slice(0, TOOL_NAME_MAX - NAME_HASH_CHARS - 1)}_${hash}` };
  });
}

/** A stored result: McpToolOutput, or the text an older reply kept. */
const outputOf = (out: unknown): McpToolOutput =>
  typeof out === 'string' ? { text: out, images: [] } : (out as McpToolOutput);

function summarize(out: unknown): string {
  const { text, images } = outputOf(out);
  const first = text.trim().split('\n')[0]?.slice(0, 120) || 'Done';
  return images.length ? `${first} (${images.length} image${images.length > 1 ? 's' : ''})` : first;
}

/** Images go to the model as image parts beside the text; otherwise it gets the text or the JSON. */
function toModelOutput(out: unknown): ToolModelOutput {
  const { text, images, structuredContent } = outputOf(out);
  if (images.length)
    return {
      type: 'content',
      value: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...images.map((image) => ({ type: 'image-data' as const, ...image })),
      ],
    };
  return structuredContent
    ? { type: 'json', value: structuredContent as never }
    : { type: 'text', value: text };
}

export async function mcpToolDefinitions(ctx: ToolContext): Promise<ToolDefinition[]> {
  const sessions = openMcpReplySessions(ctx.deps);
  ctx.cleanups ??= [];
  ctx.cleanups.push(() => sessions.closeAll());
  const servers = await mcpServerTools(ctx.deps, { userId: ctx.user.id, sessions, log: ctx.log });
  return nameMcpTools(servers).map(
    ({ server, tool, name }): ToolDefinition => ({
      name,
      description: `${tool.description} (from ${server.description})`,
      inputSchema: jsonSchema(tool.inputSchema as Parameters<typeof jsonSchema>[0]),
      needsApproval: !tool.readOnly,
      creditCost: 0,
      origin: { source: 'mcp', name: server.description },
      mcpTool: { serverId: server.id, tool: tool.name },
      summarize,
      toModelOutput,
      execute: (input) =>
        callMcpServerTool(sessions, {
          server,
          tool: tool.name,
          input: (input ?? {}) as Record<string, unknown>,
        }),
    }),
  );
}
