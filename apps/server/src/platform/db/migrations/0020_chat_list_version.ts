// A counter on the user row that every change to the user's chats raises, in the same transaction
// (chats/repo.ts): the chat list's answers are cached under it (chats/list-cache.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('chats_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('chats_version').execute();
}
