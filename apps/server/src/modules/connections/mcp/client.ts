// Talks to a user's MCP server with the official SDK over Streamable HTTP (falling back to SSE),
// always through the SSRF-safe fetch, never forwarding our own credentials.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSafeFetch } from '../../../platform/safe-http.js';

export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export interface McpConnectOptions {
  allowedHosts: readonly string[];
  timeoutMs: number;
  version: string;
}

async function withClient<T>(
  url: string,
  options: McpConnectOptions,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const fetch = createSafeFetch({ allowedHosts: options.allowedHosts, timeoutMs: options.timeoutMs });
  const endpoint = new URL(url);
  const connect = async (transport: StreamableHTTPClientTransport | SSEClientTransport) => {
    const client = new Client({ name: 'knap-studio', version: options.version });
    await client.connect(transport, { timeout: options.timeoutMs });
    return client;
  };
  let client: Client;
  try {
    client = await connect(new StreamableHTTPClientTransport(endpoint, { fetch }));
  } catch (streamableError) {
    // Older servers only speak the SSE transport.
    try {
      client = await connect(new SSEClientTransport(endpoint, { fetch }));
    } catch {
      throw streamableError;
    }
  }
  try {
    return await use(client);
  } finally {
    await client.close().catch(() => {});
  }
}

export function listMcpTools(url: string, options: McpConnectOptions): Promise<McpToolInfo[]> {
  return withClient(url, options, async (client) => {
    const { tools } = await client.listTools(undefined, { timeout: options.timeoutMs });
    return tools.map((t) => ({
      name: t.name,
      description: t.description ?? t.title ?? t.name,
      inputSchema: t.inputSchema as Record<string, unknown>,
      readOnly: t.annotations?.readOnlyHint === true,
    }));
  });
}

export function callMcpTool(
  url: string,
  name: string,
  args: Record<string, unknown>,
  options: McpConnectOptions,
): Promise<unknown> {
  return withClient(url, options, async (client) => {
    const result = await client.callTool({ name, arguments: args }, undefined, {
      timeout: options.timeoutMs,
    });
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content
      .map((c: { type: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : `[${c.type}]`))
      .join('\n');
    if (result.isError) throw new Error(text || 'The tool reported an error');
    return result.structuredContent ?? text;
  });
}
