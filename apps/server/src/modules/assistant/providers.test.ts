// The real AI SDK providers, pointed at loopback fakes of OpenAI and Anthropic.
import { type FakeLlm, startFakeAnthropic, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { UserMessage } from '../../platform/events.js';
import { createLanguageModel } from '../../platform/llm/index.js';
import { decideApproval } from '../../testing/assistant.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { STOP_REPLY } from './reply-run.js';

type Call = ReturnType<typeof as>;

async function harness(t: TestApp, u: SignedInUser) {
  const call: Call = as(t, u);
  const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json();
  return {
    call,
    token: u.token,
    newChat: async () =>
      (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string,
    complete: (chat_id: string, content?: string) =>
      call({
        method: 'POST',
        url: '/api/chat/completion',
        payload: { chat_id, ...(content ? { message: { content } } : {}) },
      }),
    messages: async (chatId: string) =>
      (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages,
    balance: async () =>
      (await call({ method: 'GET', url: `/api/credits/usage/${me.uuid}` })).json().balance as number,
  };
}

describe(`assistant on the OpenAI provider (${testEngine()})`, () => {
  let fake: FakeLlm;
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const llm = fakeLlm(fake, { timeoutMs: 1500 });
    t = await createTestApp({ config: { llm: llm.config }, llm: llm.model });
    h = await harness(t, await signUp(t));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('streams a plain reply and sends the conversation to the provider', async () => {
    fake.enqueue({ text: 'Your portfolio looks balanced.' });
    const chatId = await h.newChat();
    const res = await h.complete(chatId, 'How does my portfolio look?');
    expect(res.statusCode).toBe(200);
    const [, reply] = await h.messages(chatId);
    expect(reply).toMatchObject({
      role: 'assistant',
      content: 'Your portfolio looks balanced.',
      state: null,
    });
    const sent = fake.requests.at(-1) as {
      stream: boolean;
      messages: Array<{ role: string; content: unknown }>;
      tools: unknown[];
    };
    expect(sent.stream).toBe(true);
    expect(sent.messages.at(-1)).toMatchObject({ role: 'user', content: 'How does my portfolio look?' });
    expect(sent.tools.length).toBeGreaterThan(0);
  });

  it('runs a tool the model calls, then feeds it the result', async () => {
    fake.enqueue(
      {
        toolCalls: [
          { name: 'loan_payment', arguments: { principal: 300000, annualRatePct: 6.5, years: 30 } },
        ],
      },
      { text: 'The payment is $1,896.20 a month.' },
    );
    const chatId = await h.newChat();
    await h.complete(chatId, 'Mortgage payment for 300k at 6.5% over 30 years?');
    const reply = (await h.messages(chatId)).at(-1);
    expect(reply.metadata.steps).toEqual([{ tool: 'loan_payment', resultSummary: 'Payment $1,896.20' }]);
    expect(reply.content).toBe('The payment is $1,896.20 a month.');
    const second = fake.requests.at(-1) as { messages: Array<{ role: string; content: string }> };
    const toolResult = second.messages.find((m) => m.role === 'tool');
    expect(JSON.parse(toolResult!.content)).toMatchObject({ payment: 1896.2 });
  });

  it('stops for approval and executes only after it', async () => {
    fake.enqueue(
      {
        toolCalls: [
          {
            name: 'send_email',
            arguments: { to: 'dana@example.com', subject: 'Review', body: 'See you Monday.' },
          },
        ],
      },
      { text: 'Sent.' },
    );
    const chatId = await h.newChat();
    await h.complete(chatId, 'Email Dana about Monday');
    const pending = (await h.messages(chatId)).at(-1);
    expect(pending.metadata.approvals[0]).toMatchObject({ tool: 'send_email', status: 'pending' });
    const outbox = () =>
      t.db.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'dana@example.com').execute();
    expect(await outbox()).toHaveLength(0);
    const requestsBefore = fake.requests.length;

    // A "restart": a new app instance on the same database picks the pending approval up.
    await t.app.close();
    const app2 = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      llm: createLanguageModel(t.config.llm),
    });
    t.app = app2;
    const decided = await decideApproval(h.call, chatId, pending, true);
    expect(decided.statusCode).toBe(200);
    expect((await h.complete(chatId)).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(1);
    expect(fake.requests.length).toBe(requestsBefore + 1);
    expect((await h.messages(chatId)).at(-1).content).toBe('Sent.');
  });

  it('a provider error before the stream fails the reply and charges nothing', async () => {
    const before = await h.balance();
    fake.enqueue({ status: 500 });
    const chatId = await h.newChat();
    const res = await h.complete(chatId, 'hello?');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The assistant could not finish this reply. Please try again.');
    const reply = (await h.messages(chatId)).at(-1);
    expect(reply.state).toBe('failed');
    expect(await h.balance()).toBe(before);
  });

  it('a connection cut mid-stream keeps the partial text, marks it failed, and charges nothing', async () => {
    const before = await h.balance();
    fake.enqueue({
      text: 'The first part arrives and then the line drops',
      chunkSize: 10,
      failAfterChunks: 2,
    });
    const chatId = await h.newChat();
    await h.complete(chatId, 'tell me');
    const reply = (await h.messages(chatId)).at(-1);
    expect(reply.state).toBe('failed');
    expect(reply.content).toBe('The first part arriv');
    expect(await h.balance()).toBe(before);
  });

  it('a malformed stream and a stalled stream both fail cleanly', async () => {
    fake.enqueue({ text: 'abc def ghi', chunkSize: 4, malformedAfterChunks: 1 });
    const chatA = await h.newChat();
    await h.complete(chatA, 'one');
    expect((await h.messages(chatA)).at(-1).state).toBe('failed');

    fake.enqueue({ text: 'slow and then nothing', chunkSize: 5, stallAfterChunks: 1 });
    const chatB = await h.newChat();
    const started = Date.now();
    await h.complete(chatB, 'two');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    const reply = (await h.messages(chatB)).at(-1);
    expect(reply).toMatchObject({ state: 'failed', content: 'slow' });
  });

  it('retries a failed reply in place, and refuses to retry a good one', async () => {
    fake.enqueue({ status: 500 }, { text: 'Second time lucky.' });
    const chatId = await h.newChat();
    await h.complete(chatId, 'try me');
    expect((await h.messages(chatId)).at(-1).state).toBe('failed');
    const retry = await h.call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, retry: true },
    });
    expect(retry.statusCode).toBe(200);
    const messages = await h.messages(chatId);
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]).toMatchObject({ content: 'Second time lucky.', state: null });
    const again = await h.call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, retry: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Only a failed or interrupted reply can be retried' });
  });

  const LONG_TEXT = 'word '.repeat(200);
  /**
   * Asks for a reply that streams for about 4 s, lets it run 400 ms, stops it with `stop`, and
   * checks it ended where it got to, kept and charged once.
   */
  async function stopMidReply(stop: (chatId: string) => Promise<{ json(): unknown }>) {
    const before = await h.balance();
    fake.enqueue({ text: LONG_TEXT, chunkSize: 5, chunkDelayMs: 20 });
    const chatId = await h.newChat();
    const streaming = h.complete(chatId, 'talk for a while');
    await new Promise((r) => setTimeout(r, 400));
    expect((await stop(chatId)).json()).toEqual({ stopped: true });
    await streaming;
    const reply = (await h.messages(chatId)).at(-1);
    expect(reply.state).toBeNull();
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.content.length).toBeLessThan(LONG_TEXT.trim().length);
    expect(await h.balance()).toBe(before - 1);
    return chatId;
  }
  const stopRequest = (chatId: string) => ({
    method: 'POST' as const,
    url: '/api/chat/completion/stop',
    payload: { chat_id: chatId },
  });

  it('Stop ends the reply where it got to, keeps it, and charges once', async () => {
    const chatId = await stopMidReply((id) => h.call(stopRequest(id)));
    expect((await h.call(stopRequest(chatId))).json()).toEqual({ stopped: false });
  });

  it('Stop through another app on the database is asked over the events bus, not in memory', async () => {
    // Two instances in one process: each knows only the replies it writes, so the second asks the
    // writer over the user's channel (Redis between processes; here one bus both apps share).
    const shared = t.app.deps.events;
    const published: UserMessage[] = [];
    const other = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      llm: createLanguageModel(t.config.llm),
    });
    other.deps.events = {
      ...shared,
      publish(userId, message) {
        published.push(message);
        shared.publish(userId, message);
      },
      close: async () => {},
    };
    try {
      const chatId = await stopMidReply((id) =>
        other.inject({ ...stopRequest(id), headers: { authorization: `Bearer ${h.token}` } }),
      );
      // Published until the stored reply stopped streaming (again every 500 ms: at most once each).
      expect(published.length).toBeGreaterThan(0);
      for (const message of published) expect(message).toEqual({ type: STOP_REPLY, chat_id: chatId });
    } finally {
      await other.close();
    }
  });

  it('refuses a completion with no credits left: a new chat goes, one with messages is flagged', async () => {
    const poor = await signUp(t);
    const p = await harness(t, poor);
    const userId = await userIdOf(t, poor.email);
    const listed = async () =>
      (await p.call({ method: 'GET', url: '/api/chat/chats' })).json().chats.map((c: { id: string }) => c.id);
    const talked = await p.newChat();
    expect((await p.complete(talked, 'hello')).statusCode).toBe(200);
    await p.balance();
    await t.db.db.updateTable('credit_accounts').set({ balance: 0 }).where('user_id', '=', userId).execute();

    // The chat the web made for this first message (named after it) is not left behind, each time.
    for (const question of ['What is my clients’ exposure?', 'And now?']) {
      const started = (
        await p.call({ method: 'POST', url: '/api/chat/chats', payload: { initial_message: question } })
      ).json().id as string;
      const res = await p.complete(started, question);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ detail: 'You have no credits left. Upgrade your plan to keep chatting.' });
      expect((await p.call({ method: 'GET', url: `/api/chat/chats/${started}` })).statusCode).toBe(404);
    }
    expect(await listed()).toEqual([talked]);

    // A chat with a conversation in it stays, flagged, its messages kept.
    expect((await p.complete(talked, 'more')).statusCode).toBe(402);
    const chat = (await p.call({ method: 'GET', url: `/api/chat/chats/${talked}` })).json();
    expect(chat).toMatchObject({ out_of_tokens: true });
    expect(chat.messages).toHaveLength(2);

    // So does an empty chat while a legal hold keeps the user's chats.
    await t.db.db
      .insertInto('legal_holds')
      .values({ user_id: userId, reason: 'Litigation', placed_by: 'admin@x.example', placed_at: 'now' })
      .execute();
    const held = await p.newChat();
    expect((await p.complete(held, 'hi')).statusCode).toBe(402);
    const kept = (await p.call({ method: 'GET', url: `/api/chat/chats/${held}` })).json();
    expect(kept).toMatchObject({ out_of_tokens: true, messages: [] });
  });
});

describe.each([
  ['anthropic', startFakeAnthropic],
  ['openai-compatible', startFakeOpenAI],
] as const)(`assistant on the %s provider (${testEngine()})`, (provider, start) => {
  let fake: FakeLlm;
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    fake = await start();
    const llm = fakeLlm(fake, { provider });
    t = await createTestApp({ config: { llm: llm.config }, llm: llm.model });
    h = await harness(t, await signUp(t));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('streams text and runs tools', async () => {
    fake.enqueue(
      {
        toolCalls: [
          { name: 'future_value', arguments: { presentValue: 10000, annualRatePct: 6, years: 10 } },
        ],
      },
      { text: 'About $18,194.' },
    );
    const chatId = await h.newChat();
    expect((await h.complete(chatId, 'FV of 10k at 6% for 10y?')).statusCode).toBe(200);
    const reply = (await h.messages(chatId)).at(-1);
    expect(reply.metadata.steps).toEqual([
      { tool: 'future_value', resultSummary: 'Future value $18,193.97' },
    ]);
    expect(reply.content).toBe('About $18,194.');
  });
});
