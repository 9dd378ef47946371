// The chat list reads a user's chats by index and never touches messages.
import { randomUUID } from 'node:crypto';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp, userIdOf } from '../../testing/users.js';
import * as repo from './repo.js';

/**
 * Many users with `perUser` chats a minute apart from 2026-01-01, so one user's chats are a small
 * share of the table, as in production; answers the last user's id.
 */
async function seedChats(t: TestApp, prefix: string, users: number, perUser: number): Promise<string> {
  let userId = '';
  for (const email of Array.from({ length: users }, (_, n) => `${prefix}-${n}@${prefix}${n}.example`)) {
    await signUp(t, { email });
    userId = await userIdOf(t, email);
    for (let i = 0; i < perUser; i += 500) {
      await t.db.db
        .insertInto('chats')
        .values(
          Array.from({ length: Math.min(500, perUser - i) }, (_, k) => {
            const at = new Date(Date.UTC(2026, 0, 1) + (i + k) * 60_000).toISOString();
            return {
              id: randomUUID(),
              user_id: userId,
              title: `c${i + k}`,
              metadata: null,
              last_message_preview: null,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    }
  }
  if (t.db.engine === 'postgres') await sql`analyze chats`.execute(t.db.db);
  return userId;
}

/** The engine's plan of a query, as text. */
async function planOf(t: TestApp, query: Compilable<unknown>): Promise<string> {
  const compiled = query.compile();
  const prefix = t.db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const { rows } = await t.db.db.executeQuery(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  return JSON.stringify(rows);
}

describe(`chat list query plan (${testEngine()})`, () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = await seedChats(t, 'plan', 20, 1000);
  });
  afterAll(() => t.close());

  it('pages through the activity index without reading messages', async () => {
    const query = repo.listChatsQuery(t.db.db, userId, 50, 950);
    const plan = await planOf(t, query);
    // SQLite walks the activity index; PostgreSQL may fetch the user's rows by index and sort
    // them for a deep page. Either way only that user's chats are read.
    expect(plan).toMatch(t.db.engine === 'sqlite' ? /chats_user_activity_idx/ : /Index.*chats_user_\w+_idx/);
    expect(plan).not.toMatch(/messages|SCAN chats\b|Seq Scan/);
    expect(query.compile().sql).not.toMatch(/messages/);
  });

  it('counts a page in the older half from the oldest chat, on the same index', async () => {
    const plan = await planOf(t, repo.listChatsQuery(t.db.db, userId, 51, 20, true));
    expect(plan).toMatch(t.db.engine === 'sqlite' ? /chats_user_activity_idx/ : /Index.*chats_user_\w+_idx/);
    expect(plan).not.toMatch(/messages|SCAN chats\b|Seq Scan/);
  });

  it('reads the page after a cursor as a range of the activity index, with no sort', async () => {
    // After a chat near the top of a long list: most of the user's chats lie beyond the cursor.
    const cursor = new Date(Date.UTC(2026, 0, 1, 16)).toISOString();
    const plan = await planOf(t, repo.listChatsAfterQuery(t.db.db, userId, cursor, 'z', 51));
    expect(plan).toMatch(/chats_user_activity_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort|Seq Scan|SCAN chats\b/);
  });
});
