// Each user's number of chats, kept with the chats, so a page of the chat list does not count
// thousands of index entries for its `total`.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('chat_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set chat_count = (select count(*) from chats where chats.user_id = users.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('chat_count').execute();
}
