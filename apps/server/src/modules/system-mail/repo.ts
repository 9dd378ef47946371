// SQL for the mail the product sends itself (the system outbox).
import type { Insertable, Kysely } from 'kysely';
import type { Database, SystemOutboxTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export async function insertSystemMail(db: Q, row: Insertable<SystemOutboxTable>): Promise<void> {
  await db.insertInto('system_outbox').values(row).execute();
}

/** The system mail kept for an address, newest first (tests and operators read links from it). */
export const systemMailTo = (db: Q, address: string) =>
  db
    .selectFrom('system_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
