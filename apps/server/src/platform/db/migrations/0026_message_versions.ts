// Message actions: earlier versions of a message stay stored. A regenerated reply or an edited user
// message is a new row naming the first version (`variant_of`); the version it replaced and every
// message that followed it are kept, marked with the new version that took their place
// (`superseded_by`), so they are no longer the conversation but stay reachable. Thumbs up or down
// on a reply, with an optional note, one per user and message.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('variant_of', 'text').execute();
  await db.schema.alterTable('messages').addColumn('superseded_by', 'text').execute();
  await db.schema
    .createTable('message_feedback')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_feedback_pk', ['message_id', 'user_id'])
    .execute();
  // The admin's usage view counts an organization's feedback by its members, newest first.
  await sql`create index message_feedback_by_user on message_feedback (user_id, updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_feedback').execute();
  await db.schema.alterTable('messages').dropColumn('superseded_by').execute();
  await db.schema.alterTable('messages').dropColumn('variant_of').execute();
}
