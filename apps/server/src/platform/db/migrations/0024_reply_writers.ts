// Who writes a streaming reply, and whether that process still lives: each reply row names its
// writer (a server instance), each instance renews a lease while it runs. A chat has at most one
// reply streaming at a time, across every instance: the database refuses the second.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('messages').addColumn('writer_id', 'text').execute();
  // A chat with two replies streaming (possible before this migration) keeps only its newest so.
  await sql`
    update messages set state = 'interrupted'
    where state = 'streaming' and exists (
      select 1 from messages newer
      where newer.chat_id = messages.chat_id and newer.state = 'streaming' and newer.seq > messages.seq
    )`.execute(db);
  await sql`
    create unique index messages_one_streaming_per_chat on messages (chat_id) where state = 'streaming'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_one_streaming_per_chat`.execute(db);
  await db.schema.alterTable('messages').dropColumn('writer_id').execute();
  await db.schema.dropTable('server_instances').execute();
}
