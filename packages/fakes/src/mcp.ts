// A real MCP server (the official SDK's) on loopback, over Streamable HTTP in stateless mode, with a
// read-only tool and a tool that changes data. Tests connect the app's MCP client to it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import type { FakeServer } from './http.js';

export interface FakeMcp extends FakeServer {
  /** The MCP endpoint URL. */
  mcpUrl: string;
  /** Calls of `create_task`, as received. */
  tasks: Array<{ title: string; due?: string | undefined }>;
  /** Requests seen, with their headers (to check nothing of ours is forwarded). */
  seenHeaders: Array<IncomingMessage['headers']>;
  /** `tools/list` requests answered so far (to check the app's cache of tool lists). */
  listRequests: number;
  /** While true, every request is answered 503, as a server that is down. */
  down: boolean;
}

export async function startFakeMcp(): Promise<FakeMcp> {
  const tasks: FakeMcp['tasks'] = [];
  const seenHeaders: FakeMcp['seenHeaders'] = [];
  const fake: FakeMcp = {
    url: '',
    mcpUrl: '',
    tasks,
    seenHeaders,
    listRequests: 0,
    down: false,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };

  const buildServer = () => {
    const server = new McpServer({ name: 'fake-crm-mcp', version: '1.0.0' });
    server.registerTool(
      'lookup_client',
      {
        description: 'Look up a client household by name',
        inputSchema: { name: z.string() },
        annotations: { readOnlyHint: true },
      },
      async ({ name }) => ({
        content: [
          { type: 'text', text: JSON.stringify({ name, household: `${name} family`, aum: 1_250_000 }) },
        ],
      }),
    );
    server.registerTool(
      'create_task',
      {
        description: 'Create a follow-up task in the CRM',
        inputSchema: { title: z.string(), due: z.string().optional() },
      },
      async ({ title, due }) => {
        tasks.push({ title, due });
        return { content: [{ type: 'text', text: `Task created: ${title}` }] };
      },
    );
    return server;
  };

  const http = createServer(async (req, res) => {
    seenHeaders.push(req.headers);
    if (fake.down) {
      res.writeHead(503).end();
      return;
    }
    if (req.url !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
    for (const message of Array.isArray(body) ? body : [body]) {
      if ((message as { method?: unknown } | null)?.method === 'tools/list') fake.listRequests++;
    }
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  fake.url = url;
  fake.mcpUrl = `${url}/mcp`;
  return fake;
}
