import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, lastMessage } from '../../testing/assistant.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

/** The SSE body of a UI-message stream, as the chunks it carried. */
function chunks(body: string): Array<Record<string, unknown>> {
  return body
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((d) => d && d !== '[DONE]')
    .map((d) => JSON.parse(d));
}

describe(`assistant with the demo model (${testEngine()})`, () => {
  let t: TestApp;
  let u: SignedInUser;
  let call: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    u = await signUp(t);
    call = as(t, u);
  });
  afterAll(() => t.close());

  const newChat = async () =>
    (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
  const complete = (chat_id: string, content?: string) =>
    call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id, ...(content ? { message: { content } } : {}) },
    });

  it('streams a plain reply, stores both messages, titles the chat and charges one credit', async () => {
    const chatId = await newChat();
    const res = await complete(chatId, 'Hello there');
    expect(res.statusCode).toBe(200);
    // The AI SDK's UI-message stream protocol, which the browser's useChat reads.
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(
      res.body
        .split('\n\n')
        .filter(Boolean)
        .every((block) => block.startsWith('data: ')),
    ).toBe(true);
    const types = chunks(res.body).map((c) => c.type);
    expect(types[0]).toBe('start');
    expect(types).toContain('text-delta');
    expect(types.at(-1)).toBe('finish');

    const chat = (await call({ method: 'GET', url: `/api/chat/chats/${chatId}` })).json();
    expect(chat.title).toBe('Hello there');
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(chat.messages[1].content).toContain('built-in demo assistant');
    expect(chat.messages[1].state).toBeNull();
    const usage = (
      await call({
        method: 'GET',
        url: `/api/credits/usage/${(await call({ method: 'GET', url: '/api/studio/users/me' })).json().uuid}`,
      })
    ).json();
    expect(usage).toEqual({ balance: 19, credits_used: 1, max_credits: 20 });
  });

  it('runs a tool and records the step in metadata', async () => {
    const chatId = await newChat();
    const res = await complete(chatId, 'What is the RMD at age 80 with a balance of 202,000?');
    expect(res.statusCode).toBe(200);
    const messages = (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json()
      .messages;
    const reply = messages.at(-1);
    expect(reply.metadata.steps).toEqual([
      { tool: 'required_minimum_distribution', resultSummary: 'RMD $10,000.00' },
    ]);
    expect(reply.metadata.message_type).toBeUndefined();
    expect(reply.content).toContain('$10,000.00');
    expect(reply.content).not.toContain('```');
  });

  it('asks before sending email; approved, the email goes out once; a second decision is 409', async () => {
    const chatId = await newChat();
    const first = await complete(chatId, 'Please send a follow-up email to anna@example.com');
    expect(chunks(first.body).some((c) => c.type === 'tool-approval-request')).toBe(true);
    const reply = await lastMessage(call, chatId);
    const [approval] = reply.metadata.approvals;
    expect(approval).toMatchObject({
      tool: 'send_email',
      credit_cost: 1,
      status: 'pending',
      input: { to: 'anna@example.com' },
      preview: {
        system: 'Outbox',
        action: 'Keep an email to anna@example.com in the outbox (no mail account is connected)',
      },
    });
    expect(approval.preview.fields.map((f: { label: string }) => f.label)).toEqual(['To', 'Subject', 'Body']);
    expect(await t.db.db.selectFrom('outbox_emails').selectAll().execute()).toEqual([]);

    const early = await complete(chatId);
    expect(early.statusCode).toBe(409);

    const decide = (approve: boolean) => decideApproval(call, chatId, reply, approve);
    expect((await decide(true)).json()).toEqual({
      tool_call_uuid: approval.tool_call_uuid,
      status: 'approved',
    });
    expect((await decide(false)).statusCode).toBe(409);

    const resumed = await complete(chatId);
    expect(resumed.statusCode).toBe(200);
    const outbox = await t.db.db.selectFrom('outbox_emails').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to_address: 'anna@example.com' });
    const final = await lastMessage(call, chatId);
    expect(final.id).toBe(reply.id);
    expect(final.content).toContain('is in your outbox');
    expect(final.metadata.approvals[0].status).toBe('approved');
    expect((await complete(chatId)).statusCode).toBe(409);
  });

  it('denied, nothing is sent and the model is told', async () => {
    const chatId = await newChat();
    await complete(chatId, 'send an email to bob@example.com');
    const reply = await lastMessage(call, chatId);
    const before = (await t.db.db.selectFrom('outbox_emails').selectAll().execute()).length;
    await decideApproval(call, chatId, reply, false);
    await complete(chatId);
    expect((await t.db.db.selectFrom('outbox_emails').selectAll().execute()).length).toBe(before);
    const final = await lastMessage(call, chatId);
    expect(final.content).toContain("I didn't send it");
    expect(final.metadata.steps).toEqual([{ tool: 'send_email', resultSummary: 'Denied by the user' }]);
  });

  it("answers 404 for another user's approval and chat", async () => {
    const chatId = await newChat();
    await complete(chatId, 'send an email to carol@example.com');
    const reply = await lastMessage(call, chatId);
    const mallory = as(t, await signUp(t));
    const res = await decideApproval(mallory, chatId, reply, true);
    expect(res.statusCode).toBe(404);
    expect(
      (
        await mallory({
          method: 'POST',
          url: '/api/chat/completion',
          payload: { chat_id: chatId, message: { content: 'hi' } },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a todo list as its own todo_progress message', async () => {
    const chatId = await newChat();
    await complete(chatId, 'Make a plan for the Henderson review');
    const messages = (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json()
      .messages;
    const todo = messages.find(
      (m: { metadata: { message_type?: string } | null }) => m.metadata?.message_type === 'todo_progress',
    );
    expect(todo.content).toContain('- [ ] Run the retirement projection');
    expect(todo.metadata.todos).toHaveLength(4);
  });

  it('suggests prompts', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/chat/messages/suggestions',
      payload: { tool_types: [{ tool_type: 'google_calendar_read', tool_description: 'Calendar' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions.length).toBeGreaterThanOrEqual(3);
  });

  it('never titles over a rename: the user’s title wins however the two race (50 pairs)', async () => {
    // A user of their own, with credits for 50 replies.
    const racer = await signUp(t);
    const call = as(t, racer);
    const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json();
    await call({ method: 'GET', url: `/api/credits/usage/${me.uuid}` });
    await t.db.db
      .updateTable('credit_accounts')
      .set({ balance: 1000 })
      .where('user_id', '=', me.uuid)
      .execute();
    const newChat = async () =>
      (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    const complete = (chat_id: string, content: string) =>
      call({ method: 'POST', url: '/api/chat/completion', payload: { chat_id, message: { content } } });
    const titleOf = async (chatId: string) =>
      (await call({ method: 'GET', url: `/api/chat/chats/${chatId}` })).json().title as string;
    const chatIds: string[] = [];
    // Five pairs at a time, the rename sent in the same tick as the completion, a few microtasks
    // or an event-loop turn after it, or 1–2 ms after it.
    const microtasks = async (n: number) => {
      for (let k = 0; k < n; k++) await Promise.resolve();
    };
    const pause = [
      () => microtasks(0),
      () => microtasks(20),
      () => new Promise((r) => setImmediate(r)),
      () => new Promise((r) => setTimeout(r, 1)),
      () => new Promise((r) => setTimeout(r, 2)),
    ];
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        [0, 1, 2, 3, 4].map(async (i) => {
          const chatId = await newChat();
          chatIds.push(chatId);
          const completing = complete(chatId, 'What should I prepare for the Henderson review?');
          await pause[i]!();
          const renamed = await call({
            method: 'PUT',
            url: `/api/chat/chats/${chatId}`,
            payload: { title: `Henderson ${chatId}` },
          });
          expect(renamed.statusCode).toBe(200);
          expect((await completing).statusCode).toBe(200);
        }),
      );
    }
    const lost = [];
    for (const chatId of chatIds) if ((await titleOf(chatId)) !== `Henderson ${chatId}`) lost.push(chatId);
    expect(lost).toEqual([]);
    // The chat list (served from its cache) shows the same titles.
    const listed = (await call({ method: 'GET', url: '/api/chat/chats?limit=100' })).json().chats as Array<{
      id: string;
      title: string;
    }>;
    for (const chatId of chatIds)
      expect(listed.find((c) => c.id === chatId)?.title).toBe(`Henderson ${chatId}`);
  });
});
