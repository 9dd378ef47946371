// Talks to a user's MCP server with the official SDK over Streamable HTTP (falling back to SSE),
// always through the SSRF-safe fetch, never forwarding our own credentials. A session is opened
// for a piece of work (a reply, a test connection) and ended with DELETE when it is done.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { createSafeFetch } from '../../../platform/safe-http.js';

export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

/** What a tool call answered, in the two kinds of content the model can be given. */
export interface McpToolOutput {
  /** Text, embedded resources' text and resource links' URIs, in the server's order. */
  text: string;
  /** Images as the server sent them (base64), passed to the model as image parts. */
  images: Array<{ mediaType: string; data: string }>;
  structuredContent?: Record<string, unknown>;
}

/** A tool answered `isError: true`: its text is meant for the model and the user. */
export class McpToolError extends Error {}

export interface McpConnectOptions {
  allowedHosts: readonly string[];
  /** The longest any one request of the session may take (the fetch's own limit). */
  timeoutMs: number;
  version: string;
}

/**
 * Our client declares no capabilities (no sampling, roots, elicitation or tasks): it handles none
 * of the requests a server could send back, so a server must not expect them.
 */
const CLIENT_CAPABILITIES = {};

export class McpSession {
  private constructor(
    private readonly client: Client,
    private readonly transport: StreamableHTTPClientTransport | SSEClientTransport,
  ) {}

  static async open(url: string, options: McpConnectOptions, connectTimeoutMs: number): Promise<McpSession> {
    const fetch = createSafeFetch({ allowedHosts: options.allowedHosts, timeoutMs: options.timeoutMs });
    const endpoint = new URL(url);
    const connect = async (transport: StreamableHTTPClientTransport | SSEClientTransport) => {
      const client = new Client(
        { name: 'knap-studio', version: options.version },
        { capabilities: CLIENT_CAPABILITIES },
      );
      await client.connect(transport, { timeout: connectTimeoutMs });
      return new McpSession(client, transport);
    };
    try {
      return await connect(new StreamableHTTPClientTransport(endpoint, { fetch }));
    } catch (streamableError) {
      // Older servers only speak the SSE transport.
      try {
        return await connect(new SSEClientTransport(endpoint, { fetch }));
      } catch {
        throw streamableError;
      }
    }
  }

  /**
   * The tools the server lists, less those it runs only as tasks (`execution.taskSupport`
   * 'required'): we call tools plainly, and such a call fails with -32601.
   */
  async listTools(timeoutMs: number): Promise<McpToolInfo[]> {
    const { tools } = await this.client.listTools(undefined, { timeout: timeoutMs });
    return tools
      .filter((t) => t.execution?.taskSupport !== 'required')
      .map((t) => ({
        name: t.name,
        description: t.description ?? t.title ?? t.name,
        inputSchema: t.inputSchema as Record<string, unknown>,
        readOnly: t.annotations?.readOnlyHint === true,
      }));
  }

  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpToolOutput> {
    const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
    const content = (Array.isArray(result.content) ? result.content : []) as ContentBlock[];
    const { kept, skipped } = sortImages(content);
    const text = content
      .map((c) =>
        c.type === 'image' && skipped.has(c) ? `[image ${c.mimeType}: ${skipped.get(c)}]` : textOf(c),
      )
      .filter(Boolean)
      .join('\n');
    if (result.isError) throw new McpToolError(text);
    const images = content.flatMap((c) =>
      c.type === 'image' && kept.has(c) ? [{ mediaType: c.mimeType, data: c.data }] : [],
    );
    return {
      text,
      images,
      ...(result.structuredContent
        ? { structuredContent: result.structuredContent as Record<string, unknown> }
        : {}),
    };
  }

  /** Ends the session: DELETE on Streamable HTTP (a server may answer 405), then the connection. */
  async close(): Promise<void> {
    if (this.transport instanceof StreamableHTTPClientTransport)
      await this.transport.terminateSession().catch(() => {});
    await this.client.close().catch(() => {});
  }
}

/** The image kinds a model and a browser both read; others are named, not passed on. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/**
 * The images one result keeps, all together, in base64 characters (about 1 MB of image): what the
 * model is sent and the stored reply holds. An image past it is kept as a note instead.
 */
export const MCP_RESULT_IMAGES_MAX_CHARS = 1_400_000;
/** Per result: more would crowd the model's context and the stored reply. */
export const MCP_IMAGES_MAX = 4;

type ImageBlock = Extract<ContentBlock, { type: 'image' }>;

/**
 * The result's images in order: those passed on (readable kinds, the first few, within the
 * result's budget), and for each other one why not.
 */
function sortImages(content: ContentBlock[]): {
  kept: Set<ContentBlock>;
  skipped: Map<ContentBlock, string>;
} {
  const kept = new Set<ContentBlock>();
  const skipped = new Map<ContentBlock, string>();
  let chars = 0;
  for (const c of content) {
    if (c.type !== 'image') continue;
    const image = c as ImageBlock;
    if (!IMAGE_TYPES.has(image.mimeType)) skipped.set(c, 'not an image kind that is passed on');
    else if (chars + image.data.length > MCP_RESULT_IMAGES_MAX_CHARS)
      skipped.set(c, 'image too large to keep');
    else if (kept.size >= MCP_IMAGES_MAX) skipped.set(c, `more than ${MCP_IMAGES_MAX} images, not passed on`);
    else {
      kept.add(c);
      chars += image.data.length;
    }
  }
  return { kept, skipped };
}

/** One content block as text; images are kept apart (McpToolOutput.images) and say so here. */
function textOf(c: ContentBlock): string {
  switch (c.type) {
    case 'text':
      return c.text;
    case 'image':
      return `[image ${c.mimeType}]`;
    case 'audio':
      return `[audio ${c.mimeType}: not passed on]`;
    case 'resource': {
      const r = c.resource;
      return 'text' in r && typeof r.text === 'string'
        ? `Resource ${r.uri}:\n${r.text}`
        : `[resource ${r.uri}${r.mimeType ? ` ${r.mimeType}` : ''}: binary, not passed on]`;
    }
    case 'resource_link':
      return `Resource link: ${c.name} ${c.uri}${c.description ? ` (${c.description})` : ''}`;
    default:
      return '';
  }
}

/** Opens a session, does one thing and ends the session (test connection). */
export async function withMcpSession<T>(
  url: string,
  options: McpConnectOptions,
  use: (session: McpSession) => Promise<T>,
): Promise<T> {
  const session = await McpSession.open(url, options, options.timeoutMs);
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}
