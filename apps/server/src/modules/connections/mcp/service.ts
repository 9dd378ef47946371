// The user's custom tool URLs (MCP servers), whose tools join the assistant: add, edit, delete,
// test connection, and their tools for a reply (listed through tool-cache.ts, called in the reply's
// sessions, sessions.ts).
import { CONNECTION_DETAIL, MCP_SERVERS_MAX, type TMcpTestResult, type TMcpUrl } from '@knap/contracts';
import { isoNow } from '../../../platform/clock.js';
import { newId } from '../../../platform/crypto.js';
import type { McpServersTable } from '../../../platform/db/schema.js';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError, notFound } from '../../../platform/errors.js';
import { assertSafeUrl, BlockedUrlError, fetchErrorText } from '../../../platform/safe-http.js';
import {
  type McpConnectOptions,
  McpToolError,
  type McpToolInfo,
  type McpToolOutput,
  withMcpSession,
} from './client.js';
import * as repo from './repo.js';
import { McpReplySessions } from './sessions.js';

export type { McpToolOutput } from './client.js';

import { McpServerRecentlyFailed } from './tool-cache.js';

/** Listing a server's tools must not hold a reply up for long: a slow server is left out. */
const LIST_TIMEOUT_MS = 4000;
const CALL_TIMEOUT_MS = 30_000;

const toDto = (row: McpServersTable): TMcpUrl => ({
  id: row.id,
  mcp_description: row.description,
  mcp_url: row.url,
});

const connectOptions = (deps: AppDeps, timeoutMs: number): McpConnectOptions => ({
  allowedHosts: deps.config.mcpAllowedHosts,
  timeoutMs,
  version: deps.config.version,
});

/** Checks a URL before it is saved: http(s), no credentials, not a private or local address. */
function checkedUrl(deps: AppDeps, raw: string): string {
  try {
    return assertSafeUrl(raw, { allowedHosts: deps.config.mcpAllowedHosts }).href;
  } catch (e) {
    if (e instanceof BlockedUrlError) throw new HttpError(422, e.message);
    throw e;
  }
}

export async function listMcpUrls(deps: AppDeps, userId: string): Promise<TMcpUrl[]> {
  return (await repo.listMcpServers(deps.db.db, userId)).map(toDto);
}

export async function addMcpUrl(
  deps: AppDeps,
  userId: string,
  input: { mcp_description: string; mcp_url: string },
) {
  const url = checkedUrl(deps, input.mcp_url);
  if ((await repo.listMcpServers(deps.db.db, userId)).length >= MCP_SERVERS_MAX) {
    throw new HttpError(422, CONNECTION_DETAIL.tooManyMcp);
  }
  const now = isoNow(deps.clock);
  const row = {
    id: newId(),
    user_id: userId,
    description: input.mcp_description,
    url,
    created_at: now,
    updated_at: now,
  };
  await repo.insertMcpServer(deps.db.db, row);
  return toDto(row);
}

export async function updateMcpUrl(
  deps: AppDeps,
  userId: string,
  input: { id: string; mcp_description: string; mcp_url: string },
) {
  const url = checkedUrl(deps, input.mcp_url);
  const row = await repo.updateMcpServer(deps.db.db, userId, input.id, {
    description: input.mcp_description,
    url,
    updated_at: isoNow(deps.clock),
  });
  if (!row) throw notFound(CONNECTION_DETAIL.mcpNotFound);
  // The next reply lists the server again, even if only its description changed.
  deps.mcpToolCache.drop(row.id);
  return toDto(row);
}

export async function deleteMcpUrl(deps: AppDeps, userId: string, id: string) {
  if (!(await repo.deleteMcpServer(deps.db.db, userId, id))) throw notFound(CONNECTION_DETAIL.mcpNotFound);
  deps.mcpToolCache.drop(id);
  return { success: true };
}

/** For the log, where the addresses a failure names are the operator's to see (users get fetchErrorText). */
const errorText = (e: unknown) =>
  e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);

/**
 * Connects and lists the server's tools, for the "test connection" button. It always asks the
 * server, and what it finds replaces the cached list (a failure drops it), so the next reply
 * offers what the user just saw.
 */
export async function testMcpUrl(deps: AppDeps, userId: string, id: string): Promise<TMcpTestResult> {
  const row = await repo.findMcpServer(deps.db.db, userId, id);
  if (!row) throw notFound(CONNECTION_DETAIL.mcpNotFound);
  try {
    const tools = await withMcpSession(row.url, connectOptions(deps, LIST_TIMEOUT_MS), (session) =>
      session.listTools(LIST_TIMEOUT_MS),
    );
    deps.mcpToolCache.put(row, tools, deps.clock);
    return {
      status: 'available',
      tools: tools.map((t) => ({ name: t.name, description: t.description, needs_approval: !t.readOnly })),
    };
  } catch (e) {
    deps.mcpToolCache.drop(row.id);
    return { status: 'unavailable', tools: [], error: fetchErrorText(e) };
  }
}

/** One of the user's MCP servers with the tools it lists. */
export interface McpServerTools {
  server: Pick<McpServersTable, 'id' | 'url' | 'description'>;
  tools: McpToolInfo[];
}

/** The sessions one reply opens with the user's MCP servers; the reply closes them when done. */
export const openMcpReplySessions = (deps: AppDeps) =>
  new McpReplySessions(connectOptions(deps, CALL_TIMEOUT_MS));

/**
 * The tools each MCP server the user added lists. Each server's list comes from the cache while
 * fresh (tool-cache.ts), else it is listed in the reply's session with the server; a server that
 * is down or slow is left out of this reply, and of the next ones for MCP_TOOLS_RETRY_MS (logged
 * once, when its listing failed).
 */
export async function mcpServerTools(
  deps: AppDeps,
  {
    userId,
    sessions,
    log,
  }: { userId: string; sessions: McpReplySessions; log: { warn(obj: object, msg: string): void } },
): Promise<McpServerTools[]> {
  const servers = await repo.listMcpServers(deps.db.db, userId);
  const lists = await Promise.all(
    servers.map(async (server): Promise<McpServerTools | null> => {
      try {
        const tools = await deps.mcpToolCache.tools(server, deps.clock, async () =>
          (await sessions.session(server, LIST_TIMEOUT_MS)).listTools(LIST_TIMEOUT_MS),
        );
        return { server, tools };
      } catch (err) {
        if (!(err instanceof McpServerRecentlyFailed))
          log.warn(
            { mcpServer: server.id, err: errorText(err) },
            'MCP server unavailable; its tools are left out',
          );
        return null;
      }
    }),
  );
  return lists.filter((list): list is McpServerTools => list !== null);
}

/**
 * Runs one tool of an MCP server in the reply's session with it (with the call timeout). A result
 * the server marks `isError` is the tool's own refusal: its text is what the step shows and the
 * model reads.
 */
export async function callMcpServerTool(
  sessions: McpReplySessions,
  call: { server: { id: string; url: string }; tool: string; input: Record<string, unknown> },
): Promise<McpToolOutput> {
  try {
    return await (await sessions.session(call.server, CALL_TIMEOUT_MS)).callTool(
      call.tool,
      call.input,
      CALL_TIMEOUT_MS,
    );
  } catch (e) {
    if (e instanceof McpToolError) throw new HttpError(502, CONNECTION_DETAIL.mcpToolError(e.message));
    throw e;
  }
}
