// Meetings from connected calendars (and uploaded transcripts), their bots, transcripts and notes;
// where each calendar's incremental sync got to; and whether a user's notetaker is on.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'google' | 'microsoft' (a calendar event) | 'manual' (created for an uploaded transcript)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('title', 'text')
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('meeting_url', 'text')
    .addColumn('participants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('user_private_meeting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bot_status', 'text')
    .addColumn('bot_id', 'text')
    .addColumn('bot_error', 'text')
    .addColumn('transcript', 'text')
    .addColumn('notes', 'text')
    .addColumn('notes_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('meetings_user_source_external_unique', ['user_id', 'source', 'external_id'])
    .execute();
  await db.schema
    .createIndex('meetings_user_start')
    .on('meetings')
    .columns(['user_id', 'start_time'])
    .execute();
  await db.schema.createIndex('meetings_bot').on('meetings').columns(['bot_id']).execute();

  await db.schema
    .createTable('calendar_sync')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    // Google's nextSyncToken or Graph's deltaLink: the next sync asks only for what changed.
    .addColumn('cursor', 'text')
    .addColumn('synced_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_sync_pk', ['user_id', 'source'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('meeting_notetaker_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('meeting_notetaker_enabled').execute();
  await db.schema.dropTable('calendar_sync').execute();
  await db.schema.dropTable('meetings').execute();
}
