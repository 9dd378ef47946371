// SQL for the local outbox: mail with no connected account to go out through (the embedded default).
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxEmailsTable, SentEmailsTable } from '../../../platform/db/schema.js';

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

export async function insertSentEmail(db: Q, row: Insertable<SentEmailsTable>): Promise<void> {
  await db.insertInto('sent_emails').values(row).execute();
}

// The Sent view reads both tables a page at a time, newest first, without attachment bytes.

const outboxColumns = [
  'id',
  'to_address',
  'subject',
  'created_at',
  'attachment_filename',
  'review_id',
] as const;

export const outboxPage = (db: Q, userId: string, take: number) =>
  db
    .selectFrom('outbox_emails')
    .select(outboxColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .execute();

export const findOutboxEmail = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('outbox_emails')
    .select([...outboxColumns, 'body'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

const sentColumns = [
  'id',
  'via',
  'to_address',
  'subject',
  'created_at',
  'attachment_names',
  'status',
  'error',
  'review_id',
] as const;

export const sentPage = (db: Q, userId: string, take: number) =>
  db
    .selectFrom('sent_emails')
    .select(sentColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .execute();

export const findSentEmail = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('sent_emails')
    .select([...sentColumns, 'body'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
