// One reply at a time per chat across instances (a database constraint), and replies whose writer
// died are interrupted at once, so retry and new messages work right away.
import { spawnSync } from 'node:child_process';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createLanguageModel } from '../../platform/llm/index.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp } from '../../testing/users.js';
import { interruptDeadWriters, LEASE_MS } from './writers.js';

const LONG_TEXT = 'Rebalancing keeps the allocation where the plan wants it. '.repeat(8);

describe(`reply writers (${testEngine()})`, () => {
  let fake: FakeLlm;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const llm = fakeLlm(fake, { timeoutMs: 5_000 });
    t = await createTestApp({ config: { llm: llm.config }, llm: llm.model });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function advisor() {
    const user = await signUp(t);
    const call = as(t, user);
    const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json();
    return {
      call,
      token: user.token,
      newChat: async () =>
        (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string,
      messages: async (chatId: string) =>
        (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages as Array<{
          id: string;
          role: string;
          content: string;
          state: string | null;
        }>,
      balance: async () =>
        (await call({ method: 'GET', url: `/api/credits/usage/${me.uuid}` })).json().balance as number,
    };
  }
  const completion = (chat_id: string, body: object = {}) => ({
    method: 'POST' as const,
    url: '/api/chat/completion',
    payload: { chat_id, ...body },
  });

  /** Rewrites a stored reply as if a writer had left it streaming. */
  async function leftStreamingBy(messageId: string, writer: { id: string; host: string; pid: number }) {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const fresh = writer.id !== 'expired';
    await t.db.db
      .insertInto('server_instances')
      .values({
        ...writer,
        started_at: ago(60_000),
        heartbeat_at: fresh ? ago(0) : ago(LEASE_MS + 1_000),
      })
      .execute();
    await t.db.db
      .updateTable('messages')
      .set({ state: 'streaming', writer_id: writer.id })
      .where('id', '=', messageId)
      .execute();
  }

  it('runs one of two simultaneous completions on one chat on two instances, and charges once', async () => {
    const other = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      llm: createLanguageModel(t.config.llm),
    });
    try {
      await other.ready();
      const a = await advisor();
      const chatId = await a.newChat();
      const before = await a.balance();
      // One script: the refused request never reaches the model.
      fake.enqueue({ text: LONG_TEXT, chunkSize: 8, chunkDelayMs: 10 });
      const [one, two] = await Promise.all([
        a.call(completion(chatId, { message: { content: 'first' } })),
        other.inject({
          ...completion(chatId, { message: { content: 'second' } }),
          headers: { authorization: `Bearer ${a.token}` },
        }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
      const refused = one.statusCode === 409 ? one : two;
      expect(refused.json()).toEqual({ detail: 'A reply is still being written in this chat' });
      const messages = await a.messages(chatId);
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(messages[1]).toMatchObject({ content: LONG_TEXT.trim(), state: null });
      expect(await a.balance()).toBe(before - 1);
    } finally {
      await other.close();
    }
  });

  it('retries at once a reply whose writer lost its lease, and a reply of a live writer stays', async () => {
    const a = await advisor();
    const chatId = await a.newChat();
    fake.enqueue({ text: 'First answer.' });
    await a.call(completion(chatId, { message: { content: 'hello' } }));
    const [, reply] = await a.messages(chatId);

    // Another instance that renews its lease is still writing: no new reply, no retry.
    await leftStreamingBy(reply!.id, { id: 'live-elsewhere', host: 'another-host', pid: 4242 });
    const busy = await a.call(completion(chatId, { message: { content: 'anyone?' } }));
    expect(busy.statusCode).toBe(409);
    expect((await a.call(completion(chatId, { retry: true }))).statusCode).toBe(409);
    expect((await a.messages(chatId)).length).toBe(2);

    // Its lease runs out: the reply counts as interrupted at once, and retry replaces it.
    await t.db.db
      .updateTable('server_instances')
      .set({ heartbeat_at: new Date(Date.now() - LEASE_MS - 1_000).toISOString() })
      .where('id', '=', 'live-elsewhere')
      .execute();
    fake.enqueue({ text: 'Second answer.' });
    const retried = await a.call(completion(chatId, { retry: true }));
    expect(retried.statusCode).toBe(200);
    expect((await a.messages(chatId)).map((m) => [m.content, m.state])).toEqual([
      ['hello', null],
      ['Second answer.', null],
    ]);
  });

  it('a new message after a dead writer keeps its reply in the middle, marked interrupted', async () => {
    const a = await advisor();
    const chatId = await a.newChat();
    fake.enqueue({ text: 'Half an ans' });
    await a.call(completion(chatId, { message: { content: 'one' } }));
    const [, reply] = await a.messages(chatId);
    // A process on this host that no longer runs: dead at once, whatever its heartbeat says.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await leftStreamingBy(reply!.id, {
      id: 'gone-here',
      host: t.app.deps.replyWriter.host,
      pid: Number(gone.stdout),
    });
    fake.enqueue({ text: 'Next answer.' });
    const next = await a.call(completion(chatId, { message: { content: 'two' } }));
    expect(next.statusCode).toBe(200);
    expect((await a.messages(chatId)).map((m) => [m.content, m.state])).toEqual([
      ['one', null],
      ['Half an ans', 'interrupted'],
      ['two', null],
      ['Next answer.', null],
    ]);
  });

  it('the sweep marks the replies of dead writers and forgets them, never a live one', async () => {
    const a = await advisor();
    const [deadChat, liveChat] = [await a.newChat(), await a.newChat()];
    for (const chatId of [deadChat, liveChat]) {
      fake.enqueue({ text: 'An answer.' });
      await a.call(completion(chatId, { message: { content: 'q' } }));
    }
    await leftStreamingBy((await a.messages(deadChat))[1]!.id, { id: 'expired', host: 'h1', pid: 1 });
    await leftStreamingBy((await a.messages(liveChat))[1]!.id, { id: 'live-2', host: 'h2', pid: 2 });
    expect(await interruptDeadWriters(t.app.deps)).toBe(1);
    expect((await a.messages(deadChat))[1]!.state).toBe('interrupted');
    expect((await a.messages(liveChat))[1]!.state).toBe('streaming');
    const ids = (await t.db.db.selectFrom('server_instances').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(t.app.deps.replyWriter.id);
    expect(ids).toContain('live-2');
    expect(ids).not.toContain('expired');
    await t.db.db.deleteFrom('server_instances').where('id', '=', 'live-2').execute();
    await t.db.db.deleteFrom('server_instances').where('id', '=', 'live-elsewhere').execute();
  });
});
