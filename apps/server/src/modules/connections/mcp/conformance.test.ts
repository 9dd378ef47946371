// Custom MCP servers measured against real peers on loopback: servers built on the official SDK
// (McpServer over StreamableHTTPServerTransport, with sessions) and the reference server
// `@modelcontextprotocol/server-everything`, driven through the real completion route with the
// loopback OpenAI fake scripting the model's tool calls.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lastMessage, sendMessage } from '../../../testing/assistant.js';
import { fakeLlm } from '../../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, signUp } from '../../../testing/users.js';
import { MCP_RESULT_IMAGES_MAX_CHARS } from './client.js';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const LONG = 'household_portfolio_rebalancing_recommendation_for_the_advisor_';
const READ_ONLY = { readOnlyHint: true };

interface SdkPeer {
  url: string;
  /** Tools called, by their own names. */
  calls: string[];
  sessionsOpened: number;
  deletes: number;
  close(): Promise<void>;
}

/** An MCP server on the official SDK with the awkward tools real servers list. */
async function startSdkPeer(label: string): Promise<SdkPeer> {
  const peer = { calls: [] as string[], sessionsOpened: 0, deletes: 0 };
  const taskStore = new InMemoryTaskStore();
  const build = () => {
    const server = new McpServer(
      { name: `sdk-peer-${label}`, version: '1.0.0' },
      { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore },
    );
    const text = (name: string, t: string) => {
      peer.calls.push(name);
      return { content: [{ type: 'text' as const, text: t }] };
    };
    server.registerTool(
      'files.read',
      { description: `Read a file (dot, ${label})`, annotations: READ_ONLY },
      () => text('files.read', `dot ${label}`),
    );
    server.registerTool(
      'files_read',
      { description: `Read a file (underscore, ${label})`, annotations: READ_ONLY },
      () => text('files_read', `underscore ${label}`),
    );
    for (const end of ['quarterly_one', 'quarterly_two'])
      server.registerTool(
        `${LONG}${end}`,
        { description: `Long name ${end} (${label})`, annotations: READ_ONLY },
        () => text(`${LONG}${end}`, end),
      );
    server.registerTool(
      'archived_household',
      { description: 'Fails as a tool', annotations: READ_ONLY },
      () => {
        peer.calls.push('archived_household');
        return { isError: true, content: [{ type: 'text', text: 'Household Henderson is archived' }] };
      },
    );
    server.registerTool('allocation_chart', { description: 'Draws a chart', annotations: READ_ONLY }, () => {
      peer.calls.push('allocation_chart');
      return {
        content: [
          { type: 'text', text: 'Allocation chart' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          // Not passed on: a kind a browser would run, one that would take the result past its
          // images' budget by a few characters (alone it would fit), and one past the fourth.
          { type: 'image', data: PNG, mimeType: 'image/svg+xml' },
          {
            type: 'image',
            // Base64 comes in fours.
            data: 'A'.repeat(Math.ceil((MCP_RESULT_IMAGES_MAX_CHARS - PNG.length + 1) / 4) * 4),
            mimeType: 'image/png',
          },
          ...Array.from({ length: 4 }, () => ({ type: 'image' as const, data: PNG, mimeType: 'image/png' })),
        ],
      };
    });
    server.registerTool(
      'investment_policy',
      { description: 'The firm policy', inputSchema: { year: z.number() }, annotations: READ_ONLY },
      ({ year }) => {
        peer.calls.push('investment_policy');
        return {
          content: [
            {
              type: 'resource',
              resource: {
                uri: 'memo://policy',
                mimeType: 'text/plain',
                text: `Rebalance quarterly (${year})`,
              },
            },
            { type: 'resource_link', uri: `memo://archive/${year}`, name: `Archive ${year}` },
          ],
        };
      },
    );
    server.experimental.tasks.registerToolTask(
      'overnight_report',
      {
        description: 'Runs only as a task',
        inputSchema: { topic: z.string().optional() },
        annotations: READ_ONLY,
      },
      {
        async createTask(_args, { taskStore: store, taskRequestedTtl }) {
          return { task: await store.createTask({ ttl: taskRequestedTtl }) };
        },
        getTask: (_args, { taskId, taskStore: store }) => store.getTask(taskId),
        getTaskResult: async (_args, { taskId, taskStore: store }) =>
          (await store.getTaskResult(taskId)) as never,
      },
    );
    return server;
  };

  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    if (req.method === 'DELETE') peer.deletes++;
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          peer.sessionsOpened++;
          transports.set(id, created);
        },
        onsessionclosed: (id) => {
          transports.delete(id);
        },
      });
      await build().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const t of transports.values()) await t.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  });
}

type Sent = { tools?: Array<{ function: { name: string; description: string } }>; messages: unknown[] };

describe(`custom MCP servers against real peers (${testEngine()})`, () => {
  let llm: FakeLlm;
  let a: SdkPeer;
  let b: SdkPeer;
  let t: TestApp;

  beforeAll(async () => {
    [a, b, llm] = await Promise.all([startSdkPeer('A'), startSdkPeer('B'), startFakeOpenAI()]);
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      config: { llm: llmConfig, mcpAllowedHosts: [new URL(a.url).host, new URL(b.url).host] },
      llm: model,
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([a?.close(), b?.close(), llm?.close()]);
  });

  /** A user with the two SDK servers, described alike. */
  const userWithBothPeers = async () => {
    const me = as(t, await signUp(t));
    const ids: string[] = [];
    for (const peer of [a, b]) {
      const res = await me({
        method: 'POST',
        url: '/api/connections/add_mcp_url',
        payload: { mcp_description: 'Firm tools', mcp_url: peer.url },
      });
      ids.push(res.json().id);
    }
    return { me, ids };
  };

  /** One reply in a new chat: the model's requests during it and the stored reply. */
  const reply = async (me: ReturnType<typeof as>, content = 'Hello') => {
    const chatId = (await me({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const seen = llm.requests.length;
    expect((await sendMessage(me, chatId, content)).statusCode).toBe(200);
    return { sent: llm.requests.slice(seen) as Sent[], message: await lastMessage(me, chatId) };
  };

  /** The MCP tools the model was offered, name → description. */
  const offered = (sent: Sent[]) =>
    new Map(
      (sent[0]?.tools ?? [])
        .filter((x) => x.function.name.startsWith('mcp_'))
        .map((x) => [x.function.name, x.function.description]),
    );
  const nameOf = (tools: Map<string, string>, description: string) =>
    [...tools].find(([, d]) => d.startsWith(description))?.[0] as string;

  /** What the model was told a tool call answered (OpenAI's tool message). */
  const toolMessages = (sent: Sent[]) =>
    (sent.at(-1)?.messages ?? [])
      .filter((m): m is { role: 'tool'; content: string } => (m as { role: string }).role === 'tool')
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

  it('offers every tool of every server under a name of its own, leaving out task-only tools', async () => {
    const { me, ids } = await userWithBothPeers();
    const tested = await me({ method: 'POST', url: `/api/connections/mcp_url/${ids[0]}/test` });
    const listed = tested.json().tools.map((x: { name: string }) => x.name);
    expect(listed).not.toContain('overnight_report');
    expect(listed).toHaveLength(7);

    const { sent } = await reply(me);
    const tools = offered(sent);
    expect(tools.size).toBe(2 * listed.length);
    for (const name of tools.keys()) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect([...tools.values()].some((d) => d.startsWith('Runs only as a task'))).toBe(false);
    // Names that read as the tool's own stay so.
    expect(nameOf(tools, 'Draws a chart')).toMatch(/^mcp_firm_tools_allocation_chart_[0-9a-f]{8}$/);

    // The same names in the next reply, so an approval asked in one reply finds its tool in the next.
    const again = offered((await reply(me)).sent);
    expect([...again.keys()]).toEqual([...tools.keys()]);
  });

  it("each name calls its own server's own tool", async () => {
    const { me } = await userWithBothPeers();
    const tools = offered((await reply(me)).sent);
    const pick = [
      nameOf(tools, 'Read a file (dot, A)'),
      nameOf(tools, 'Read a file (underscore, B)'),
      nameOf(tools, 'Long name quarterly_two (A)'),
    ];
    expect(new Set(pick).size).toBe(3);
    const [aBefore, bBefore] = [a.calls.length, b.calls.length];
    llm.enqueue({ toolCalls: pick.map((name) => ({ name, arguments: {} })) }, { text: 'Read.' });
    const { sent } = await reply(me);
    expect(a.calls.slice(aBefore).sort()).toEqual(['files.read', `${LONG}quarterly_two`]);
    expect(b.calls.slice(bBefore)).toEqual(['files_read']);
    expect(toolMessages(sent)).toEqual(['dot A', 'underscore B', 'quarterly_two']);
  });

  it("an isError result is the tool's own message: the step shows it, the model reads it, the reply goes on", async () => {
    const { me } = await userWithBothPeers();
    const tools = offered((await reply(me)).sent);
    llm.enqueue(
      { toolCalls: [{ name: nameOf(tools, 'Fails as a tool'), arguments: {} }] },
      { text: 'That household is archived.' },
    );
    const { sent, message } = await reply(me);
    expect(message.metadata.steps).toEqual([
      expect.objectContaining({ resultSummary: 'Failed: Household Henderson is archived' }),
    ]);
    expect(message.metadata.error).toBeUndefined();
    expect(message.content).toContain('That household is archived.');
    expect(toolMessages(sent)).toEqual(['Household Henderson is archived']);
  });

  it('passes on images as image parts, embedded resources with their text and resource links with their URI', async () => {
    const { me } = await userWithBothPeers();
    const tools = offered((await reply(me)).sent);
    llm.enqueue(
      {
        toolCalls: [
          { name: nameOf(tools, 'Draws a chart'), arguments: {} },
          { name: nameOf(tools, 'The firm policy'), arguments: { year: 2026 } },
        ],
      },
      { text: 'Here they are.' },
    );
    const { sent, message } = await reply(me);
    const [chart, policy] = toolMessages(sent);
    // OpenAI's chat API takes a tool result as text: the provider writes the content parts out.
    expect(JSON.parse(chart as string)).toEqual([
      {
        type: 'text',
        text: [
          'Allocation chart',
          '[image image/png]',
          '[image image/svg+xml: not an image kind that is passed on]',
          '[image image/png: image too large to keep]',
          '[image image/png]',
          '[image image/png]',
          '[image image/png]',
          '[image image/png: more than 4 images, not passed on]',
        ].join('\n'),
      },
      ...Array.from({ length: 4 }, () => ({ type: 'image-data', data: PNG, mediaType: 'image/png' })),
    ]);
    expect(policy).toContain('Rebalance quarterly (2026)');
    expect(policy).toContain('memo://archive/2026');
    expect(message.metadata.steps.map((s: { resultSummary: string }) => s.resultSummary)).toEqual([
      'Allocation chart (4 images)',
      'Resource memo://policy:',
    ]);
  });

  it('opens one session per server for a reply and ends each with DELETE when the reply is done', async () => {
    const { me } = await userWithBothPeers();
    const tools = offered((await reply(me)).sent);
    expect(tools.size).toBe(14);
    await vi.waitFor(() => {
      expect(a.deletes).toBe(a.sessionsOpened);
      expect(b.deletes).toBe(b.sessionsOpened);
    });
    const [aOpened, bOpened] = [a.sessionsOpened, b.sessionsOpened];
    llm.enqueue(
      {
        toolCalls: [
          { name: nameOf(tools, 'Read a file (dot, A)'), arguments: {} },
          { name: nameOf(tools, 'Read a file (underscore, A)'), arguments: {} },
        ],
      },
      { toolCalls: [{ name: nameOf(tools, 'Long name quarterly_one (A)'), arguments: {} }] },
      { text: 'Done.' },
    );
    await reply(me);
    // The tool lists were kept from the reply before: three calls to A in two steps, one session.
    expect(a.sessionsOpened).toBe(aOpened + 1);
    expect(b.sessionsOpened).toBe(bOpened);
    await vi.waitFor(() => {
      expect(a.deletes).toBe(a.sessionsOpened);
      expect(b.deletes).toBe(b.sessionsOpened);
    });
  });
});

/** The reference server as its own process, on a free loopback port. */
async function startEverything(): Promise<{ url: string; log: string[]; stop(): Promise<void> }> {
  const entry = createRequire(import.meta.url).resolve(
    '@modelcontextprotocol/server-everything/dist/index.js',
  );
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child: ChildProcess = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const onData = (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  await vi.waitFor(() => expect(log.join('\n')).toMatch(/listening|running|port/i), { timeout: 15_000 });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe(`custom MCP servers against server-everything (${testEngine()})`, () => {
  let llm: FakeLlm;
  let everything: Awaited<ReturnType<typeof startEverything>>;
  let t: TestApp;

  beforeAll(async () => {
    [everything, llm] = await Promise.all([startEverything(), startFakeOpenAI()]);
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      config: { llm: llmConfig, mcpAllowedHosts: [new URL(everything.url).host] },
      llm: model,
    });
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([everything?.stop(), llm?.close()]);
  });

  it('offers its tools under valid names, calls them, passes on their content and ends its sessions', async () => {
    const me = as(t, await signUp(t));
    const saved = await me({
      method: 'POST',
      url: '/api/connections/add_mcp_url',
      payload: { mcp_description: 'Everything', mcp_url: everything.url },
    });
    const tested = (
      await me({ method: 'POST', url: `/api/connections/mcp_url/${saved.json().id}/test` })
    ).json();
    expect(tested.status).toBe('available');
    const listed: string[] = tested.tools.map((x: { name: string }) => x.name);
    expect(listed).toContain('get-tiny-image');
    expect(listed).not.toContain('simulate-research-query');

    const chatId = (await me({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const seen = llm.requests.length;
    expect((await sendMessage(me, chatId, 'Hello')).statusCode).toBe(200);
    const tools = new Map(
      ((llm.requests[seen] as Sent).tools ?? [])
        .filter((x) => x.function.name.startsWith('mcp_'))
        .map((x) => [x.function.description, x.function.name]),
    );
    expect(tools.size).toBe(listed.length);
    for (const name of tools.values()) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const named = (tool: string) =>
      tools.get(
        `${tested.tools.find((x: { name: string }) => x.name === tool).description} (from Everything)`,
      ) as string;

    llm.enqueue(
      {
        toolCalls: [
          { name: named('get-tiny-image'), arguments: {} },
          { name: named('get-resource-reference'), arguments: { resourceType: 'Text', resourceId: 1 } },
          { name: named('get-resource-links'), arguments: { count: 2 } },
        ],
      },
      { text: 'Done.' },
    );
    const before = llm.requests.length;
    expect((await sendMessage(me, chatId, 'Show me')).statusCode).toBe(200);
    const last = llm.requests.at(-1) as Sent;
    expect(llm.requests.length).toBe(before + 2);
    const results = last.messages
      .filter((m) => (m as { role: string }).role === 'tool')
      .map((m) => (m as { content: string }).content);
    expect(results).toHaveLength(3);
    expect(results[0]).toContain('"type":"image-data"');
    expect(results[0]).toContain('"mediaType":"image/png"');
    expect(results[1]).toMatch(/Resource demo:\/\/resource\/static\/document\/.+|Resource .+:\n.+/);
    expect(results[2]).toMatch(/Resource link: .+ demo:\/\//);

    const opened = () => everything.log.filter((l) => l.includes('Session initialized')).length;
    const ended = () => everything.log.filter((l) => l.includes('session termination')).length;
    await vi.waitFor(() => expect(ended()).toBe(opened()));
    expect(opened()).toBeGreaterThan(0);
  });
});
