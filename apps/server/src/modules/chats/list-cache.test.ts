import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signIn, signUp } from '../../testing/users.js';
import { ChatListCache } from './list-cache.js';
import { deleteStaleChats } from './service.js';

describe('ChatListCache', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const cache = new ChatListCache(2);
    const [one, two, three] = ['1', '2', '3'].map((s) => Buffer.from(s));
    cache.set('a', one!);
    cache.set('b', two!);
    expect(cache.get('a')).toBe(one); // a is now the most recent
    cache.set('c', three!);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(one);
    expect(cache.get('c')).toBe(three);
    expect(cache.size).toBe(2);
  });

  it('keys by user, version, limit and skip or cursor', () => {
    const user = { id: 'u1', chats_version: 3 };
    const keys = new Set([
      ChatListCache.key(user, { limit: 50, skip: 0 }),
      ChatListCache.key({ ...user, chats_version: 4 }, { limit: 50, skip: 0 }),
      ChatListCache.key({ ...user, id: 'u2' }, { limit: 50, skip: 0 }),
      ChatListCache.key(user, { limit: 20, skip: 0 }),
      ChatListCache.key(user, { limit: 50, skip: 50 }),
      ChatListCache.key(user, { limit: 50, skip: 0, cursor: '50' }),
    ]);
    expect(keys.size).toBe(6);
  });
});

// Every change to a user's chats must show in the very next list, although the list is cached.
describe(`the cached chat list follows every change (${testEngine()})`, () => {
  const clock = fixedClock('2026-03-03T15:05:00.000Z');
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    alice = await signUp(t);
    bob = await signUp(t);
  });
  afterAll(() => t.close());

  const list = async (user = alice) => {
    const res = await as(t, user)({ method: 'GET', url: '/api/chat/chats?limit=50&skip=0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json() as {
      total: number;
      chats: Array<{ id: string; title: string; unread: boolean; last_message_preview: string | null }>;
    };
  };
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = alice) =>
    as(t, user)({ method, url, ...(payload ? { payload } : {}) });

  it('creates, renames, adds messages, marks read, deletes and auto-deletes', async () => {
    expect((await list()).total).toBe(0);
    const chat = (await call('POST', '/api/chat/chats', { title: 'First' })).json();
    expect((await list()).chats.map((c) => c.title)).toEqual(['First']);
    expect(await list()).toEqual(await list()); // served again unchanged

    await call('PUT', `/api/chat/chats/${chat.id}`, { title: 'Renamed' });
    expect((await list()).chats[0]!.title).toBe('Renamed');

    clock.advance(1000);
    await call('POST', `/api/chat/chats/${chat.id}/messages`, { role: 'assistant', content: 'Hello there' });
    const afterReply = (await list()).chats[0]!;
    expect(afterReply).toMatchObject({ last_message_preview: 'Hello there', unread: true });

    await call('PUT', `/api/chat/chats/${chat.id}/mark-read`);
    expect((await list()).chats[0]!.unread).toBe(false);

    await call('POST', `/api/chat/chats/${chat.id}/messages`, { role: 'assistant', content: 'Again' });
    expect((await list()).chats[0]!.unread).toBe(true);
    await call('PUT', '/api/chat/chats/mark-all-read');
    expect((await list()).chats[0]!.unread).toBe(false);

    // Another user's list is their own, cached or not.
    expect((await list(bob)).total).toBe(0);

    await call('DELETE', `/api/chat/chats/${chat.id}`);
    expect(await list()).toMatchObject({ total: 0, chats: [] });

    await call('POST', '/api/chat/chats', { title: 'Old one' });
    expect((await list()).total).toBe(1);
    clock.advance(31 * 24 * 3600_000);
    await deleteStaleChats(t.app.deps);
    alice = await signIn(t, alice); // a month on, the old access token has expired
    expect(await list()).toMatchObject({ total: 0, chats: [] });
  });
});
