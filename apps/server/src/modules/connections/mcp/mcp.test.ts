import { type FakeLlm, type FakeMcp, startFakeMcp, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { decideApproval, lastMessage, sendMessage } from '../../../testing/assistant.js';
import { fakeLlm } from '../../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, signUp } from '../../../testing/users.js';
import { APPROVED_TOOL_GONE } from '../../assistant/reply-run.js';
import { MCP_TOOLS_FRESH_MS, MCP_TOOLS_RETRY_MS } from './tool-cache.js';

/** The fake server's tools as a server described "CRM" offers them to the model. */
const CRM_TOOLS = ['mcp_crm_lookup_client', 'mcp_crm_create_task'];

describe(`custom MCP servers (${testEngine()})`, () => {
  let mcp: FakeMcp;
  /** A second server, to be described like the first. */
  let twin: FakeMcp;
  let llm: FakeLlm;
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  const clock = fixedClock('2026-11-20T09:00:00.000Z');

  beforeAll(async () => {
    mcp = await startFakeMcp();
    twin = await startFakeMcp();
    llm = await startFakeOpenAI();
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      config: { llm: llmConfig, mcpAllowedHosts: [new URL(mcp.url).host, new URL(twin.url).host] },
      llm: model,
      clock,
    });
    call = as(t, await signUp(t));
    other = as(t, await signUp(t));
  });
  afterAll(async () => {
    await t.close();
    await mcp.close();
    await twin.close();
    await llm.close();
  });

  const add = (mcp_url: string, mcp_description = 'CRM', as = call) =>
    as({ method: 'POST', url: '/api/connections/add_mcp_url', payload: { mcp_description, mcp_url } });

  /** A user of their own, so other tests' servers and cached lists do not count. */
  const newUser = async () => as(t, await signUp(t));

  /** One reply in a new chat; answers the names of the MCP tools the model was offered. */
  const replyTools = async (me: ReturnType<typeof as>) => {
    const chatId = (await me({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const seen = llm.requests.length;
    expect((await sendMessage(me, chatId, 'Hello')).statusCode).toBe(200);
    const sent = llm.requests.slice(seen).find((r) => Array.isArray(r.tools)) as
      | { tools: Array<{ function: { name: string } }> }
      | undefined;
    expect(sent).toBeDefined();
    return sent!.tools.map((x) => x.function.name).filter((n) => n.startsWith('mcp_'));
  };

  it('adds, lists, updates and deletes custom tool URLs, owner only', async () => {
    const created = await add(mcp.mcpUrl, 'Firm CRM');
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect((await call({ method: 'GET', url: '/api/connections/mcp_urls' })).json()).toEqual([
      { id, mcp_description: 'Firm CRM', mcp_url: mcp.mcpUrl },
    ]);
    expect((await other({ method: 'GET', url: '/api/connections/mcp_urls' })).json()).toEqual([]);
    const hijack = await other({
      method: 'PUT',
      url: '/api/connections/update/mcp_url',
      payload: { id, mcp_description: 'x', mcp_url: mcp.mcpUrl },
    });
    expect(hijack.statusCode).toBe(404);
    expect((await other({ method: 'DELETE', url: `/api/connections/mcp_url/${id}` })).statusCode).toBe(404);
    expect((await other({ method: 'POST', url: `/api/connections/mcp_url/${id}/test` })).statusCode).toBe(
      404,
    );

    const renamed = await call({
      method: 'PUT',
      url: '/api/connections/update/mcp_url',
      payload: { id, mcp_description: 'CRM', mcp_url: mcp.mcpUrl },
    });
    expect(renamed.json().mcp_description).toBe('CRM');
    expect((await call({ method: 'DELETE', url: `/api/connections/mcp_url/${id}` })).json()).toEqual({
      success: true,
    });
    expect((await call({ method: 'GET', url: '/api/connections/mcp_urls' })).json()).toEqual([]);
  });

  it.each([
    ['ftp://example.com/mcp', 'Only http and https URLs are allowed'],
    ['http://169.254.169.254/latest', 'This address is not allowed: a private or reserved address'],
    ['http://10.0.0.8/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://[::ffff:127.0.0.1]:9/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://2130706433:9/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://localhost:9/mcp', 'This address is not allowed: a local host name'],
    // IPv6 forms that lead to a private IPv4 address: IPv4-compatible, 6to4, NAT64, Teredo.
    ['http://[::127.0.0.1]:9/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://[2002:7f00:1::]/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://[64:ff9b::169.254.169.254]/mcp', 'This address is not allowed: a private or reserved address'],
    ['http://[64:ff9b:1::a00:1]/mcp', 'This address is not allowed: a private or reserved IPv6 address'],
    [
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/mcp',
      'This address is not allowed: a private or reserved address',
    ],
    ['http://[fd00::8]/mcp', 'This address is not allowed: a private or reserved IPv6 address'],
  ])('refuses %s on save, storing nothing', async (url, detail) => {
    const res = await add(url);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail });
    expect((await call({ method: 'GET', url: '/api/connections/mcp_urls' })).json()).toEqual([]);
  });

  it('tests a connection: lists tools, and reports a server that is down as unavailable', async () => {
    const { id } = (await add(mcp.mcpUrl)).json();
    const ok = (await call({ method: 'POST', url: `/api/connections/mcp_url/${id}/test` })).json();
    expect(ok.status).toBe('available');
    expect(ok.tools).toEqual([
      { name: 'lookup_client', description: 'Look up a client household by name', needs_approval: false },
      { name: 'create_task', description: 'Create a follow-up task in the CRM', needs_approval: true },
    ]);
    const gone = (await add(`${mcp.url}/not-mcp`, 'Broken')).json();
    const down = (await call({ method: 'POST', url: `/api/connections/mcp_url/${gone.id}/test` })).json();
    expect(down).toMatchObject({ status: 'unavailable', tools: [] });
    await call({ method: 'DELETE', url: `/api/connections/mcp_url/${gone.id}` });
    await call({ method: 'DELETE', url: `/api/connections/mcp_url/${id}` });
  });

  it('a failed test connection says what happened, not the addresses the host name resolved to', async () => {
    // An allowlisted self-hosted name (MCP_ALLOWED_HOSTS) whose server is down.
    const closed = await startFakeMcp();
    const host = `localhost:${new URL(closed.url).port}`;
    await closed.close();
    const own = await createTestApp({ config: { mcpAllowedHosts: [host] } });
    try {
      const me = as(own, await signUp(own));
      const saved = await me({
        method: 'POST',
        url: '/api/connections/add_mcp_url',
        payload: { mcp_description: 'Self-hosted', mcp_url: `http://${host}/mcp` },
      });
      expect(saved.statusCode).toBe(200);
      const res = await me({ method: 'POST', url: `/api/connections/mcp_url/${saved.json().id}/test` });
      expect(res.json()).toEqual({
        status: 'unavailable',
        tools: [],
        error: 'The server refused the connection',
      });
    } finally {
      await own.close();
    }
  });

  it('an MCP tool call end to end from chat: read-only runs, a write waits for approval', async () => {
    await add(mcp.mcpUrl, 'CRM');
    await add('https://unreachable.invalid/mcp', 'Offline'); // down servers must not break the chat
    llm.enqueue(
      { toolCalls: [{ name: 'mcp_crm_lookup_client', arguments: { name: 'Henderson' } }] },
      {
        toolCalls: [
          { name: 'mcp_crm_create_task', arguments: { title: 'Call the Hendersons', due: '2026-12-01' } },
        ],
      },
      { text: 'Task created for the Hendersons.' },
    );
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const first = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Follow up with the Hendersons' } },
    });
    expect(first.statusCode).toBe(200);
    const sentTools = (llm.requests.at(-1) as { tools: Array<{ function: { name: string } }> }).tools.map(
      (x) => x.function.name,
    );
    expect(sentTools).toContain('mcp_crm_create_task');
    expect(sentTools.some((n) => n.startsWith('mcp_offline'))).toBe(false);

    let reply = await lastMessage(call, chatId);
    expect(reply.metadata.steps[0]).toMatchObject({ tool: 'mcp_crm_lookup_client' });
    expect(reply.metadata.approvals).toEqual([
      expect.objectContaining({
        tool: 'mcp_crm_create_task',
        status: 'pending',
        input: { title: 'Call the Hendersons', due: '2026-12-01' },
      }),
    ]);
    expect(mcp.tasks).toEqual([]);

    await decideApproval(call, chatId, reply, true);
    expect(
      (await call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } })).statusCode,
    ).toBe(200);
    expect(mcp.tasks).toEqual([{ title: 'Call the Hendersons', due: '2026-12-01' }]);
    reply = await lastMessage(call, chatId);
    expect(reply.content).toContain('Task created for the Hendersons.');
    // Our bearer token never reaches the MCP server.
    expect(mcp.seenHeaders.every((h) => !h.authorization && !h.cookie)).toBe(true);
  });

  /** A chat whose reply asks approval to create a task through the server described "Tasks". */
  const pendingTask = async (me: ReturnType<typeof as>, task: { title: string; due: string }) => {
    llm.enqueue({ toolCalls: [{ name: 'mcp_tasks_create_task', arguments: task }] });
    const chatId = (await me({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    expect((await sendMessage(me, chatId, 'Remind me to call Ann')).statusCode).toBe(200);
    const reply = await lastMessage(me, chatId);
    expect(reply.metadata.approvals).toEqual([
      expect.objectContaining({ tool: 'mcp_tasks_create_task', status: 'pending' }),
    ]);
    return { chatId, reply };
  };
  const continueChat = async (me: ReturnType<typeof as>, chatId: string) => {
    llm.enqueue({ text: 'Done.' });
    const res = await me({ method: 'POST', url: '/api/chat/completion', payload: { chat_id: chatId } });
    expect(res.statusCode, res.body).toBe(200);
    return lastMessage(me, chatId);
  };

  it('an approval runs the tool approved, though a server added meanwhile renamed it', async () => {
    const me = await newUser();
    await add(mcp.mcpUrl, 'Tasks', me);
    const task = { title: 'Call Ann', due: '2026-12-02' };
    const { chatId, reply } = await pendingTask(me, task);
    // A second server described alike: both servers' create_task now read alike, so both are renamed.
    await add(twin.mcpUrl, 'Tasks', me);
    expect((await replyTools(me)).filter((n) => n.includes('create_task'))).toEqual([
      expect.stringMatching(/^mcp_tasks_create_task_[0-9a-f]{8}$/),
      expect.stringMatching(/^mcp_tasks_create_task_[0-9a-f]{8}$/),
    ]);

    await decideApproval(me, chatId, reply, true);
    const done = await continueChat(me, chatId);
    expect(mcp.tasks).toContainEqual(task);
    expect(twin.tasks).toEqual([]);
    expect(done.metadata.steps).toEqual([
      expect.objectContaining({ tool: expect.stringMatching(/^mcp_tasks_create_task_[0-9a-f]{8}$/) }),
    ]);
    expect(done.content).toContain('Done.');
  });

  it('an approved tool whose server was removed meanwhile does not run', async () => {
    const me = await newUser();
    const { id } = (await add(twin.mcpUrl, 'Tasks', me)).json();
    const task = { title: 'Call Bo', due: '2026-12-03' };
    const { chatId, reply } = await pendingTask(me, task);
    expect((await me({ method: 'DELETE', url: `/api/connections/mcp_url/${id}` })).statusCode).toBe(200);
    await decideApproval(me, chatId, reply, true);
    await continueChat(me, chatId);
    expect(twin.tasks).toEqual([]);
    expect(mcp.tasks).not.toContainEqual(task);
    // The model is told why the call did not run.
    expect(JSON.stringify(llm.requests.at(-1))).toContain(APPROVED_TOOL_GONE);
  });

  it("lists a server's tools once for replies in a row, and again once the list is five minutes old", async () => {
    const me = await newUser();
    await add(mcp.mcpUrl, 'CRM', me);
    const before = mcp.listRequests;
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 1);

    clock.advance(MCP_TOOLS_FRESH_MS - 1);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 1);
    clock.advance(1);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 2);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 2);
  });

  it('after the user edits a server or deletes it, the next reply uses the new state', async () => {
    const me = await newUser();
    const { id } = (await add(mcp.mcpUrl, 'CRM', me)).json();
    const edit = (mcp_url: string, mcp_description = 'CRM') =>
      me({
        method: 'PUT',
        url: '/api/connections/update/mcp_url',
        payload: { id, mcp_description, mcp_url },
      });
    const before = mcp.listRequests;
    expect(await replyTools(me)).toEqual(CRM_TOOLS);

    // Pointed at an address that is not an MCP server: the list kept for the old URL is not used.
    expect((await edit(`${mcp.url}/not-mcp`)).statusCode).toBe(200);
    expect(await replyTools(me)).toEqual([]);
    expect((await edit(mcp.mcpUrl)).statusCode).toBe(200);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 2);
    // Renamed only: listed again, under its new name.
    expect((await edit(mcp.mcpUrl, 'Firm CRM')).statusCode).toBe(200);
    expect(await replyTools(me)).toEqual(['mcp_firm_crm_lookup_client', 'mcp_firm_crm_create_task']);
    expect(mcp.listRequests).toBe(before + 3);

    expect((await me({ method: 'DELETE', url: `/api/connections/mcp_url/${id}` })).statusCode).toBe(200);
    expect(await replyTools(me)).toEqual([]);
    expect(mcp.listRequests).toBe(before + 3);
  });

  it('a URL changed on another instance is a new key here too', async () => {
    const me = await newUser();
    const { id } = (await add(mcp.mcpUrl, 'CRM', me)).json();
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    // Written straight to the database, as another instance's edit would be: this one's cache
    // was not told.
    await t.db.db
      .updateTable('mcp_servers')
      .set({ url: `${mcp.url}/moved` })
      .where('id', '=', id)
      .execute();
    expect(await replyTools(me)).toEqual([]);
  });

  it('a server that failed to list is left out for a short while, then asked again; a stale list is not used', async () => {
    const me = await newUser();
    await add(mcp.mcpUrl, 'CRM', me);
    mcp.down = true;
    try {
      expect(await replyTools(me)).toEqual([]);
    } finally {
      mcp.down = false;
    }
    // Up again, but a reply right after does not wait on it: it is left out without being asked.
    const before = mcp.listRequests;
    expect(await replyTools(me)).toEqual([]);
    expect(mcp.listRequests).toBe(before);
    clock.advance(MCP_TOOLS_RETRY_MS);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 1);

    // Once the list is stale the server is asked again; if it is down, it is left out.
    clock.advance(MCP_TOOLS_FRESH_MS);
    mcp.down = true;
    try {
      expect(await replyTools(me)).toEqual([]);
    } finally {
      mcp.down = false;
    }
    clock.advance(MCP_TOOLS_RETRY_MS);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 2);
  });

  it('"test connection" refreshes the kept list, and a failed test drops it', async () => {
    const me = await newUser();
    const { id } = (await add(mcp.mcpUrl, 'CRM', me)).json();
    const test = async () =>
      (await me({ method: 'POST', url: `/api/connections/mcp_url/${id}/test` })).json();
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    const before = mcp.listRequests;

    clock.advance(MCP_TOOLS_FRESH_MS - 1);
    expect((await test()).status).toBe('available');
    expect(mcp.listRequests).toBe(before + 1);
    // The test's answer is kept from the test on: the next reply uses it without asking again,
    // though the reply's own list would be stale by now.
    clock.advance(1);
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 1);

    mcp.down = true;
    try {
      expect((await test()).status).toBe('unavailable');
    } finally {
      mcp.down = false;
    }
    expect(await replyTools(me)).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 2);
  });

  it('concurrent replies share one listing of a server', async () => {
    const me = await newUser();
    await add(mcp.mcpUrl, 'CRM', me);
    const before = mcp.listRequests;
    const lists = await Promise.all([replyTools(me), replyTools(me), replyTools(me)]);
    for (const list of lists) expect(list).toEqual(CRM_TOOLS);
    expect(mcp.listRequests).toBe(before + 1);
  });
});
