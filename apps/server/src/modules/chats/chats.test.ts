import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signIn, signUp } from '../../testing/users.js';
import { deleteStaleChats, ownedChat, setAutoTitle } from './service.js';

const clock = fixedClock('2026-03-03T15:05:00.000Z');

describe(`chats API (${testEngine()})`, () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let call: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    alice = await signUp(t);
    bob = await signUp(t);
    call = as(t, alice);
  });
  afterAll(() => t.close());

  const create = async (body: object, user = alice) => {
    const res = await as(t, user)({ method: 'POST', url: '/api/chat/chats', payload: body });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const say = (chatId: string, role: 'user' | 'assistant', content: string, user = alice) =>
    as(t, user)({ method: 'POST', url: `/api/chat/chats/${chatId}/messages`, payload: { role, content } });

  it('creates chats titled by the title rule', async () => {
    expect((await create({ title: 'Henderson review' })).title).toBe('Henderson review');
    expect((await create({ initial_message: 'a'.repeat(60) })).title).toBe(`${'a'.repeat(50)}...`);
    const empty = await create({});
    expect(empty).toMatchObject({
      title: 'New Chat Mar 3, 2026',
      messages: [],
      out_of_tokens: false,
      unread: false,
    });
    const blank = await call({ method: 'POST', url: '/api/chat/chats', payload: { title: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ detail: 'Invalid body.title: Title cannot be empty' });
  });

  it('stores messages in order with timestamps, previews and unread state', async () => {
    const chat = await create({ title: 'Ordering' });
    clock.advance(1000);
    const m1 = await say(chat.id, 'user', 'What meetings do I have tomorrow?');
    expect(m1.statusCode).toBe(200);
    // Whatever a client posts through the messages API is marked as client-written.
    expect(m1.json()).toMatchObject({
      role: 'user',
      content: 'What meetings do I have tomorrow?',
      metadata: { client_written: true },
    });
    expect(new Date(m1.json().timestamp).toISOString()).toBe(clock.now().toISOString());
    clock.advance(1000);
    await call({
      method: 'POST',
      url: `/api/chat/chats/${chat.id}/messages`,
      payload: {
        role: 'assistant',
        content: 'Two meetings.',
        metadata: { steps: [{ tool: 'meetings', resultSummary: '2 found' }], message_type: 'tool_updates' },
      },
    });
    const messages = (await call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages` })).json()
      .messages;
    expect(messages.map((m: { content: string }) => m.content)).toEqual([
      'What meetings do I have tomorrow?',
      'Two meetings.',
    ]);
    expect(messages[1].metadata.steps[0]).toEqual({ tool: 'meetings', resultSummary: '2 found' });

    const full = (await call({ method: 'GET', url: `/api/chat/chats/${chat.id}` })).json();
    expect(full).toMatchObject({ id: chat.id, unread: true });
    const list = (await call({ method: 'GET', url: '/api/chat/chats' })).json();
    expect(list.chats[0]).toMatchObject({
      id: chat.id,
      message_count: 2,
      last_message_preview: 'Two meetings.',
      unread: true,
    });

    expect((await call({ method: 'PUT', url: `/api/chat/chats/${chat.id}/mark-read` })).json()).toEqual({
      success: true,
    });
    expect((await call({ method: 'GET', url: `/api/chat/chats/${chat.id}` })).json().unread).toBe(false);
  });

  it('keeps message positions unique under concurrent writes', async () => {
    const chat = await create({ title: 'Concurrent' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => say(chat.id, 'user', `m${i}`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const messages = (await call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages` })).json()
      .messages;
    expect(messages).toHaveLength(12);
    expect(new Set(messages.map((m: { content: string }) => m.content)).size).toBe(12);
  });

  it('renames with any non-empty text and merges tool output into message metadata', async () => {
    const chat = await create({ title: 'Old' });
    const renamed = await call({
      method: 'PUT',
      url: `/api/chat/chats/${chat.id}`,
      payload: { title: '  <b>Q3</b> plan ✓  ' },
    });
    expect(renamed.json().title).toBe('<b>Q3</b> plan ✓');
    const msg = (await say(chat.id, 'assistant', 'Drafted.')).json();
    const out = await call({
      method: 'PUT',
      url: '/api/chat/messages/tool-output',
      payload: {
        message_id: msg.id,
        tool_call_uuid: 'tc-1',
        output: { sent: true },
        append_mode: 'tool_step',
      },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().metadata).toEqual({
      client_written: true,
      tool_call_uuid: 'tc-1',
      output: { sent: true },
      append_mode: 'tool_step',
    });
    // What only the server writes stays out of reach.
    for (const key of ['parts', 'approvals', 'runs', 'client_written']) {
      const forged = await call({
        method: 'PUT',
        url: '/api/chat/messages/tool-output',
        payload: { message_id: msg.id, [key]: false },
      });
      expect(forged.json()).toEqual({ detail: `Invalid body.${key}: is set by the server` });
    }
    // SPEC §3's fields keep their shape, so the chat still reads back (and replies still run).
    for (const [key, value] of [
      ['message_type', 'nonsense'],
      ['steps', 'x'],
      ['append_mode', 7],
    ] as const) {
      const bad = await call({
        method: 'PUT',
        url: '/api/chat/messages/tool-output',
        payload: { message_id: msg.id, [key]: value },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail).toMatch(new RegExp(`^Invalid body\\.${key}: `));
    }
    const read = await call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages` });
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.at(-1).metadata.append_mode).toBe('tool_step');
    const missing = await call({
      method: 'PUT',
      url: '/api/chat/messages/tool-output',
      payload: { message_id: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('titles a chat after its first message only while nobody renamed it since it was read', async () => {
    const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json();
    const list = async () => (await call({ method: 'GET', url: '/api/chat/chats' })).json().chats;
    const untouched = await create({});
    const read = await ownedChat(t.app.deps, me.uuid, untouched.id);
    expect(await setAutoTitle(t.app.deps, me.uuid, read, 'Henderson review prep')).toBe(true);
    expect((await list()).find((c: { id: string }) => c.id === untouched.id).title).toBe(
      'Henderson review prep',
    );

    // Read by a completion, renamed by the user, then titled by the completion: the rename stays,
    // in the chat and in the (cached) list.
    const renamed = await create({});
    const stale = await ownedChat(t.app.deps, me.uuid, renamed.id);
    expect((await list()).find((c: { id: string }) => c.id === renamed.id).title).toBe(renamed.title);
    await call({ method: 'PUT', url: `/api/chat/chats/${renamed.id}`, payload: { title: 'Mine' } });
    expect(await setAutoTitle(t.app.deps, me.uuid, stale, 'Henderson review prep')).toBe(false);
    expect((await call({ method: 'GET', url: `/api/chat/chats/${renamed.id}` })).json().title).toBe('Mine');
    expect((await list()).find((c: { id: string }) => c.id === renamed.id).title).toBe('Mine');
  });

  it("answers 404 for another user's chat on every call, and changes nothing", async () => {
    const chat = await create({ title: 'Private' });
    const msg = (await say(chat.id, 'assistant', 'secret')).json();
    const asBob = as(t, bob);
    for (const [method, url, payload] of [
      ['GET', `/api/chat/chats/${chat.id}`, undefined],
      ['PUT', `/api/chat/chats/${chat.id}`, { title: 'hacked' }],
      ['DELETE', `/api/chat/chats/${chat.id}`, undefined],
      ['PUT', `/api/chat/chats/${chat.id}/mark-read`, undefined],
      ['GET', `/api/chat/chats/${chat.id}/messages`, undefined],
      ['POST', `/api/chat/chats/${chat.id}/messages`, { role: 'user', content: 'x' }],
      ['PUT', '/api/chat/messages/tool-output', { message_id: msg.id, output: 'x' }],
    ] as const) {
      const res = await asBob({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = (await call({ method: 'GET', url: `/api/chat/chats/${chat.id}` })).json();
    expect(still).toMatchObject({ title: 'Private', unread: true });
    expect(still.messages).toHaveLength(1);
    expect(still.messages[0].metadata).toEqual({ client_written: true });
    expect((await asBob({ method: 'GET', url: '/api/chat/chats' })).json().total).toBe(0);
  });

  it('deletes a chat with its messages', async () => {
    const chat = await create({ title: 'Doomed' });
    await say(chat.id, 'user', 'hello');
    expect((await call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}` })).json()).toEqual({
      success: true,
    });
    expect((await call({ method: 'GET', url: `/api/chat/chats/${chat.id}` })).statusCode).toBe(404);
    const left = await t.db.db.selectFrom('messages').select('id').where('chat_id', '=', chat.id).execute();
    expect(left).toEqual([]);
    expect((await call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}` })).statusCode).toBe(404);
    const counted = (await call({ method: 'GET', url: '/api/chat/chats?limit=100' })).json();
    expect(counted.total).toBe(counted.chats.length);
  });

  it('pages newest activity first, with paging edges', async () => {
    const carol = await signUp(t);
    const c = as(t, carol);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      ids.push((await create({ title: `chat ${i}` }, carol)).id);
    }
    clock.advance(1000);
    await say(ids[0]!, 'user', 'bump', carol); // activity moves the oldest chat to the top
    const page = (q: string) => c({ method: 'GET', url: `/api/chat/chats${q}` });

    const first = (await page('?limit=3&skip=0')).json();
    expect(first.chats.map((x: { title: string }) => x.title)).toEqual(['chat 0', 'chat 6', 'chat 5']);
    expect(first).toMatchObject({ total: 7, has_more: true });
    const last = (await page('?limit=3&skip=6')).json();
    expect(last).toMatchObject({ total: 7, has_more: false });
    expect(last.chats).toHaveLength(1);
    expect((await page('?skip=100')).json()).toEqual({
      chats: [],
      total: 7,
      has_more: false,
      next_cursor: null,
    });
    expect((await page('?limit=1000')).json().chats).toHaveLength(7);
    for (const q of ['?limit=0', '?skip=-1', '?skip=abc', '?limit=ten', '?cursor=a.b', '?cursor=bm9wZQ']) {
      const res = await page(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail).toMatch(/^Invalid querystring\./);
    }

    // By cursor: each page starts after the last chat of the one before, to the end.
    const titles = (p: { chats: Array<{ title: string }> }) => p.chats.map((x) => x.title);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await page(`?limit=3&cursor=${first.next_cursor}`)).json();
    expect(titles(second)).toEqual(['chat 4', 'chat 3', 'chat 2']);
    expect(second).toMatchObject({ total: 7, has_more: true });
    // A chat that moves to the top meanwhile is not seen twice (offset pages would repeat one).
    clock.advance(1000);
    await say(ids[4]!, 'user', 'bump', carol);
    const third = (await page(`?limit=3&cursor=${second.next_cursor}`)).json();
    expect(titles(third)).toEqual(['chat 1']);
    expect(third).toMatchObject({ has_more: false, next_cursor: null });
    // Another user's cursor reads only the caller's own chats.
    const stranger = await signUp(t);
    const foreign = (
      await as(t, stranger)({ method: 'GET', url: `/api/chat/chats?cursor=${first.next_cursor}` })
    ).json();
    expect(foreign).toEqual({ chats: [], total: 0, has_more: false, next_cursor: null });
  });

  it('answers every offset page as the matching slice of the whole list, from either end', async () => {
    const dave = await signUp(t);
    const d = as(t, dave);
    for (let i = 0; i < 9; i++) {
      clock.advance(1000);
      await create({ title: `d${i}` }, dave);
    }
    const get = async (q: string) => (await d({ method: 'GET', url: `/api/chat/chats${q}` })).json();
    const all = (await get('?limit=100')).chats.map((x: { id: string }) => x.id);
    expect(all).toHaveLength(9);
    // Pages past the middle are counted from the oldest chat; each must still be the same slice.
    for (const limit of [1, 2, 4]) {
      for (let skip = 0; skip <= 10; skip++) {
        const p = await get(`?limit=${limit}&skip=${skip}`);
        expect(
          p.chats.map((x: { id: string }) => x.id),
          `limit=${limit} skip=${skip}`,
        ).toEqual(all.slice(skip, skip + limit));
        expect(p.has_more, `limit=${limit} skip=${skip}`).toBe(skip + limit < 9);
        expect(p.total).toBe(9);
      }
    }
  });

  it('counts unread chats and marks all read', async () => {
    const dave = await signUp(t);
    const d = as(t, dave);
    for (let i = 0; i < 6; i++) {
      const chat = await create({ title: `u${i}` }, dave);
      await say(chat.id, 'assistant', 'news', dave);
    }
    await create({ title: 'quiet' }, dave);
    expect((await d({ method: 'GET', url: '/api/chat/chats/unread/count' })).json()).toEqual({
      unread_count: 6,
    });
    expect((await d({ method: 'PUT', url: '/api/chat/chats/mark-all-read' })).json()).toEqual({
      marked_count: 6,
    });
    expect((await d({ method: 'GET', url: '/api/chat/chats/unread/count' })).json()).toEqual({
      unread_count: 0,
    });
    expect((await d({ method: 'PUT', url: '/api/chat/chats/mark-all-read' })).json()).toEqual({
      marked_count: 0,
    });
  });

  it('auto-deletes chats idle for 30 days of users who keep it on, idempotently', async () => {
    let keeper = await signUp(t);
    let tidy = await signUp(t);
    await as(
      t,
      keeper,
    )({
      method: 'PUT',
      url: '/api/studio/users/me/auto-delete-chats',
      payload: { auto_delete_chats: false },
    });
    const old = await create({ title: 'old' }, tidy);
    const kept = await create({ title: 'kept' }, keeper);
    clock.advance(20 * 24 * 3600_000);
    tidy = await signIn(t, tidy);
    const recent = await create({ title: 'recent' }, tidy);
    clock.advance(11 * 24 * 3600_000);
    tidy = await signIn(t, tidy);
    keeper = await signIn(t, keeper);

    const first = await deleteStaleChats(t.app.deps);
    expect(first.deleted).toBeGreaterThanOrEqual(1);
    const titles = async (u: SignedInUser) =>
      (await as(t, u)({ method: 'GET', url: '/api/chat/chats' }))
        .json()
        .chats.map((x: { id: string }) => x.id);
    expect(await titles(tidy)).toEqual([recent.id]);
    expect((await as(t, tidy)({ method: 'GET', url: '/api/chat/chats' })).json().total).toBe(1);
    expect((await as(t, keeper)({ method: 'GET', url: '/api/chat/chats' })).json().total).toBe(1);
    expect(await titles(keeper)).toEqual([kept.id]);
    expect((await as(t, tidy)({ method: 'GET', url: `/api/chat/chats/${old.id}` })).statusCode).toBe(404);
    expect(await deleteStaleChats(t.app.deps)).toEqual({ deleted: 0 });
    // The deletion is on the audit record as a count, once (the empty second run adds nothing).
    const audited = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'retention.deleted')
      .execute();
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.details)).toMatchObject({ chats: first.deleted });
  });
});
