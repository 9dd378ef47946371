// The chat list reads a user's chats by index and never touches messages.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { signUp, userIdOf } from '../../testing/users.js';
import * as repo from './repo.js';

describe(`chat list query plan (${testEngine()})`, () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Many users, so one user's chats are a small share of the table, as in production.
    for (const email of Array.from({ length: 20 }, (_, n) => `plan-${n}@plan${n}.example`)) {
      await signUp(t, { email });
      const id = await userIdOf(t, email);
      userId = id;
      for (let i = 0; i < 1000; i += 500) {
        await t.db.db
          .insertInto('chats')
          .values(
            Array.from({ length: 500 }, (_, k) => {
              const at = new Date(Date.UTC(2026, 0, 1) + (i + k) * 60_000).toISOString();
              return {
                id: randomUUID(),
                user_id: id,
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
  });
  afterAll(() => t.close());

  it('pages through the activity index without reading messages', async () => {
    const compiled = repo.listChatsQuery(t.db.db, userId, 50, 950).compile();
    const prefix = t.db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
    const { rows } = await t.db.db.executeQuery(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
    const plan = JSON.stringify(rows);
    // SQLite walks the activity index; PostgreSQL may fetch the user's rows by index and sort
    // them for a deep page. Either way only that user's chats are read.
    expect(plan).toMatch(t.db.engine === 'sqlite' ? /chats_user_activity_idx/ : /Index.*chats_user_\w+_idx/);
    expect(plan).not.toMatch(/messages|SCAN chats\b|Seq Scan/);
    expect(compiled.sql).not.toMatch(/messages/);
  });
});
