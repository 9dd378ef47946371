import { CHAT_PATHS } from '@knap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

describe(`chat search (${testEngine()})`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  const ids = { henderson: '', estate: '', bobs: '' };

  const call = (user: SignedInUser) => as(t, user);
  const search = async (user: SignedInUser, q: string) => {
    const res = await call(user)({ method: 'GET', url: `${CHAT_PATHS.search}?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Array<{ chat_id: string; title: string; snippet: string | null }>;
  };
  const chatWith = async (user: SignedInUser, title: string, messages: string[]) => {
    const chat = (await call(user)({ method: 'POST', url: CHAT_PATHS.chats, payload: { title } })).json();
    for (const content of messages)
      await call(user)({
        method: 'POST',
        url: CHAT_PATHS.messages(chat.id),
        payload: { role: 'user', content },
      });
    return chat.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t);
    bob = await signUp(t);
    ids.henderson = await chatWith(ann, 'Henderson review', [
      'We talked about the Roth conversion before year end.',
      'Dividend reinvestment stays on.',
    ]);
    ids.estate = await chatWith(ann, 'Estate questions', [
      'A trust for the grandchildren, and the Müller account.',
    ]);
    ids.bobs = await chatWith(bob, 'Bob notes', ['Roth conversion for Bob too.']);
  });
  afterAll(() => t.close());

  it("finds words in the user's own messages, never another user's, with the text around them", async () => {
    const found = await search(ann, 'roth');
    expect(found.map((r) => r.chat_id)).toEqual([ids.henderson]);
    expect(found[0]!.snippet).toContain('Roth conversion');
    expect((await search(bob, 'roth')).map((r) => r.chat_id)).toEqual([ids.bobs]);
  });

  it('needs every word in one message, ignores case and accents as typed, and matches titles', async () => {
    expect((await search(ann, 'ROTH Conversion')).map((r) => r.chat_id)).toEqual([ids.henderson]);
    expect(await search(ann, 'roth grandchildren')).toEqual([]);
    expect((await search(ann, 'müller')).map((r) => r.chat_id)).toEqual([ids.estate]);
    expect(await search(ann, 'estate')).toEqual([
      expect.objectContaining({ chat_id: ids.estate, title: 'Estate questions', snippet: null }),
    ]);
  });

  it("shows a reply's words, not its markdown, in the snippet and the chat list's preview", async () => {
    const chat = (
      await call(ann)({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: 'Plan' } })
    ).json();
    const reply =
      '## Next steps\n\n1. Move the **529 plan** to [Vanguard](https://example.com)\n2. `Rebalance`';
    const posted = await call(ann)({
      method: 'POST',
      url: CHAT_PATHS.messages(chat.id),
      payload: { role: 'assistant', content: reply },
    });
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    const [found] = await search(ann, '529');
    expect(found?.snippet).toBe('Next steps Move the 529 plan to Vanguard Rebalance');
    const list = (await call(ann)({ method: 'GET', url: CHAT_PATHS.chats })).json();
    const listed = (list.chats ?? list).find((c: { id: string }) => c.id === chat.id);
    expect(listed.last_message_preview).toBe('Next steps Move the 529 plan to Vanguard Rebalance');
  });

  it('takes search syntax as plain words, and refuses an empty search', async () => {
    expect(await search(ann, 'roth" OR "trust')).toEqual([]);
    expect(await search(ann, 'NEAR(roth *)')).toEqual([]);
    expect(await search(ann, '%')).toEqual([]);
    const empty = await call(ann)({ method: 'GET', url: `${CHAT_PATHS.search}?q=%20` });
    expect(empty.statusCode).toBe(422);
  });

  it('finds a reply once it is written, not while it streams', async () => {
    const chat = (
      await call(ann)({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: 'Draft' } })
    ).json();
    await call(ann)({
      method: 'POST',
      url: CHAT_PATHS.messages(chat.id),
      payload: { role: 'assistant', content: 'Starting' },
    });
    const reply = t.db.db.updateTable('messages').where('chat_id', '=', chat.id);
    // Checkpoints of a streaming reply (the words so far) are not indexed...
    await reply.set({ state: 'streaming', content: 'An annuity' }).execute();
    await reply.set({ content: 'An annuity ladder for the Hendersons' }).execute();
    expect(await search(ann, 'annuity')).toEqual([]);
    expect(await search(ann, 'starting')).toEqual([]);
    if (t.db.engine === 'sqlite') {
      const indexed = (word: string) =>
        sql<{ n: number }>`select count(*) as n from messages_fts where messages_fts match ${word}`
          .execute(t.db.db)
          .then((r) => Number(r.rows[0]!.n));
      expect([await indexed('annuity'), await indexed('starting')]).toEqual([0, 0]);
    }
    // ...the update that ends it is, however it ended.
    await reply.set({ state: 'interrupted' }).execute();
    expect((await search(ann, 'annuity ladder')).map((r) => r.chat_id)).toEqual([chat.id]);
    await reply.set({ state: null, content: 'A bond ladder instead' }).execute();
    expect(await search(ann, 'annuity')).toEqual([]);
    expect((await search(ann, 'bond')).map((r) => r.chat_id)).toEqual([chat.id]);
    await call(ann)({ method: 'DELETE', url: CHAT_PATHS.chat(chat.id) });
    expect(await search(ann, 'bond')).toEqual([]);
  });

  it('follows edits and deletions', async () => {
    await t.db.db
      .updateTable('messages')
      .set({ content: 'Dividends now paid out in cash.' })
      .where('chat_id', '=', ids.henderson)
      .where('content', 'like', 'Dividend reinvestment%')
      .execute();
    expect(await search(ann, 'reinvestment')).toEqual([]);
    expect((await search(ann, 'cash')).map((r) => r.chat_id)).toEqual([ids.henderson]);
    await call(ann)({ method: 'DELETE', url: CHAT_PATHS.chat(ids.henderson) });
    expect(await search(ann, 'roth')).toEqual([]);
    expect(await search(ann, 'cash')).toEqual([]);
  });
});
