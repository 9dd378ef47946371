// Onboarding: what the first-run guide stores per user. Whether a step is done is read from the
// user's real state (connections, the notetaker setting, chats); here are only the profile's
// confirmation, the dismissal and the first completion (one row per user, made on first write),
// and the skipped steps (one row each, so skipping and taking a skip back are single statements).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('profile_confirmed_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('onboarding_skips')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onboarding_skips_pk', ['user_id', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onboarding_skips').execute();
  await db.schema.dropTable('onboarding').execute();
}
