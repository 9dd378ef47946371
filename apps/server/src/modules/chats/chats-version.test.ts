// users.chats_version (the chat list cache's key) rises with every change to a user's chats and
// with nothing else, in the change's own transaction; on PostgreSQL a chat's update and its record
// are one statement, so a reply's end costs one round trip instead of four.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../platform/crypto.js';
import { isUniqueViolation } from '../../platform/db/failures.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp } from '../../testing/users.js';
import * as repo from './repo.js';

describe(`users.chats_version (${testEngine()})`, () => {
  let t: TestApp;
  /** A new user's row id. */
  const newUser = async () => {
    const { email } = await signUp(t);
    const row = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { id: row.id };
  };
  let alice: { id: string };
  let bob: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser();
    bob = await newUser();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const db = () => t.db.db;
  const engine = () => t.db.engine;
  const now = () => new Date().toISOString();
  const counters = (userId: string) =>
    db()
      .selectFrom('users')
      .select(['chats_version', 'chat_count'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const newChat = async (user: { id: string }, title = 'New Chat') => {
    const id = newId();
    await repo.insertChat(db(), {
      id,
      user_id: user.id,
      title,
      created_at: now(),
      updated_at: now(),
      last_message_preview: null,
      metadata: null,
    });
    return id;
  };
  const message = (role: 'user' | 'assistant', content: string, extra: object = {}) => ({
    id: newId(),
    role,
    content,
    metadata: null,
    created_at: now(),
    ...extra,
  });
  /** The statements sent to PostgreSQL while `run` runs, the probe's own left out (none on SQLite). */
  async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text && text !== 'select 1') statements.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    const result = await run();
    vi.restoreAllMocks();
    return { result, statements };
  }

  it('rises once with a chat changed, in one statement on PostgreSQL; not for a chat not changed', async () => {
    const chatId = await newChat(alice);
    const before = await counters(alice.id);
    const { result: renamed, statements } = await statementsOf(() =>
      repo.updateChat(db(), engine(), alice.id, chatId, { title: 'Plans' }),
    );
    expect(renamed).toMatchObject({ id: chatId, user_id: alice.id, title: 'Plans' });
    expect(await counters(alice.id)).toEqual({ ...before, chats_version: before.chats_version + 1 });
    if (engine() === 'postgres') expect(statements).toHaveLength(1);

    // Another user's chat, and a title that changed meanwhile (compare-and-set): nothing changes.
    const bobBefore = await counters(bob.id);
    expect(await repo.updateChat(db(), engine(), bob.id, chatId, { title: 'Mine' })).toBeUndefined();
    expect(
      await repo.updateChat(db(), engine(), alice.id, chatId, { title: 'Auto' }, { ifTitle: 'New Chat' }),
    ).toBeUndefined();
    expect(await counters(alice.id)).toEqual({ ...before, chats_version: before.chats_version + 1 });
    expect(await counters(bob.id)).toEqual(bobBefore);
    const chat = await db().selectFrom('chats').select('title').where('id', '=', chatId).executeTakeFirst();
    expect(chat?.title).toBe('Plans');
  });

  it('rises once with messages appended, a statement fewer on PostgreSQL; not when the insert is refused', async () => {
    const chatId = await newChat(alice);
    const before = await counters(alice.id);
    const append = (rows: ReturnType<typeof message>[]) =>
      repo.appendMessages(db(), engine(), alice.id, chatId, rows, {
        updated_at: now(),
        last_message_preview: 'You: hi',
      });
    const { result: rows, statements } = await statementsOf(() =>
      append([message('user', 'hi'), message('assistant', '', { state: 'streaming' })]),
    );
    expect(rows?.map((r) => r.seq)).toEqual([0, 1]);
    expect(await counters(alice.id)).toEqual({ ...before, chats_version: before.chats_version + 1 });
    // begin, the chat's count with the record, the insert, commit.
    if (engine() === 'postgres') expect(statements).toHaveLength(4);

    // A second streaming reply is refused by the database: the whole change is undone, its record too.
    const refused = await append([message('assistant', '', { state: 'streaming' })]).catch((err) => err);
    expect(isUniqueViolation(refused, 'messages_one_streaming_per_chat', 'messages.chat_id')).toBe(true);
    expect(await counters(alice.id)).toEqual({ ...before, chats_version: before.chats_version + 1 });
    const chat = await db()
      .selectFrom('chats')
      .select('message_count')
      .where('id', '=', chatId)
      .executeTakeFirst();
    expect(chat?.message_count).toBe(2);

    // Someone else's chat: nothing appended, nothing recorded.
    const bobBefore = await counters(bob.id);
    expect(
      await repo.appendMessages(db(), engine(), bob.id, chatId, [message('user', 'x')], {
        updated_at: now(),
        last_message_preview: 'You: x',
      }),
    ).toBeUndefined();
    expect(await counters(bob.id)).toEqual(bobBefore);
  });

  it('lets a user with chats and messages be deleted, the chats going with them', async () => {
    const carol = await newUser();
    const chatId = await newChat(carol);
    await repo.appendMessages(db(), engine(), carol.id, chatId, [message('user', 'hello')], {
      updated_at: now(),
      last_message_preview: 'You: hello',
    });
    await repo.updateChat(db(), engine(), carol.id, chatId, { unread: 1 });
    await db().deleteFrom('users').where('id', '=', carol.id).execute();
    expect(await db().selectFrom('chats').select('id').where('id', '=', chatId).execute()).toEqual([]);
    expect(await db().selectFrom('messages').select('id').where('chat_id', '=', chatId).execute()).toEqual(
      [],
    );
    // A change that comes after finds nothing to change, and records nothing.
    expect(await repo.updateChat(db(), engine(), carol.id, chatId, { unread: 0 })).toBeUndefined();
  });
});
