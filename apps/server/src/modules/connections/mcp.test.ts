import { type FakeLlm, type FakeMcp, startFakeMcp, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, lastMessage } from '../../testing/assistant.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp } from '../../testing/users.js';

describe(`custom MCP servers (${testEngine()})`, () => {
  let mcp: FakeMcp;
  let llm: FakeLlm;
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;

  beforeAll(async () => {
    mcp = await startFakeMcp();
    llm = await startFakeOpenAI();
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      config: { llm: llmConfig, mcpAllowedHosts: [new URL(mcp.url).host] },
      llm: model,
    });
    call = as(t, await signUp(t));
    other = as(t, await signUp(t));
  });
  afterAll(async () => {
    await t.close();
    await mcp.close();
    await llm.close();
  });

  const add = (mcp_url: string, mcp_description = 'CRM') =>
    call({ method: 'POST', url: '/api/connections/add_mcp_url', payload: { mcp_description, mcp_url } });

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
});
