// SQL for the local outbox: mail with no connected account to go out through (the embedded default).
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxEmailsTable } from '../../../platform/db/schema.js';

type Q = Kysely<Database>;

export async function insertOutboxEmail(db: Q, row: Insertable<OutboxEmailsTable>): Promise<void> {
  await db.insertInto('outbox_emails').values(row).execute();
}

/** The user's outbox, newest first. */
export const outboxOf = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'body', 'created_at', 'attachment_filename', 'attachment'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
