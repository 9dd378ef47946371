// SQL for newsletters: the user's own rows only (every query names the user).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, NewsletterDeliveriesTable, NewslettersTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const listNewsletters = (
  db: Q,
  userId: string,
  kind: NewslettersTable['kind'] | null,
  limit: number,
) => {
  let query = db
    .selectFrom('newsletters')
    .select([
      'id',
      'kind',
      'subject',
      'settings',
      'status',
      'sent_at',
      'sent_count',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('updated_at', 'desc').orderBy('id').limit(limit).execute();
};

export const findNewsletter = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('newsletters')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countNewsletters(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('newsletters')
    .select((e) => e.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertNewsletter(db: Q, row: Insertable<NewslettersTable>): Promise<void> {
  await db.insertInto('newsletters').values(row).execute();
}

/** False when the user has no newsletter with this id. */
export async function updateNewsletter(
  db: Q,
  userId: string,
  id: string,
  values: Updateable<NewslettersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the user has no newsletter with this id. */
export async function deleteNewsletter(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletters')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Deliveries: one row per recipient of a send under way (deliveries.ts) ----

export async function insertDeliveries(db: Q, rows: Insertable<NewsletterDeliveriesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('newsletter_deliveries').values(rows).execute();
}

/** A new send replaces the rows of the last one (its report is in `last_send`). */
export async function deleteDeliveries(db: Q, newsletterId: string): Promise<void> {
  await db.deleteFrom('newsletter_deliveries').where('newsletter_id', '=', newsletterId).execute();
}

/** Pending rows no run holds (never taken, or taken before `staleBefore`), oldest first. */
export const claimableDeliveries = (db: Q, staleBefore: string, limit: number) =>
  db
    .selectFrom('newsletter_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where((e) => e.or([e('claimed_at', 'is', null), e('claimed_at', '<', staleBefore)]))
    .orderBy('created_at')
    .orderBy('newsletter_id')
    .orderBy('position')
    .limit(limit)
    .execute();

/** Takes one pending row for this run; false when another run has it or it is done. */
export async function claimDelivery(db: Q, id: string, staleBefore: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set({ claimed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((e) => e.or([e('claimed_at', 'is', null), e('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function finishDelivery(
  db: Q,
  id: string,
  values: Pick<NewsletterDeliveriesTable, 'status' | 'delivered_to' | 'error' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('newsletter_deliveries').set(values).where('id', '=', id).execute();
}

export const listDeliveries = (db: Q, newsletterId: string) =>
  db
    .selectFrom('newsletter_deliveries')
    .selectAll()
    .where('newsletter_id', '=', newsletterId)
    .orderBy('position')
    .execute();

/** How many rows of the newsletter's send are in each status. */
export async function countDeliveries(
  db: Q,
  newsletterId: string,
): Promise<Record<NewsletterDeliveriesTable['status'], number>> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', (e) => e.fn.countAll().as('n')])
    .where('newsletter_id', '=', newsletterId)
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** Newsletters whose send is under way, of every user (the job's). */
export const sendingNewsletters = (db: Q, ids?: readonly string[]) => {
  let query = db
    .selectFrom('newsletters')
    .select(['id', 'user_id', 'pending_send'])
    .where('status', '=', 'sending');
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
};

/** Starts a send: the newsletter becomes 'sending' unless it is already; false when it was. */
export async function startSending(
  db: Q,
  key: { userId: string; id: string },
  values: { pending_send: string; updated_at: string },
): Promise<boolean> {
  const started = await db
    .updateTable('newsletters')
    .set({ status: 'sending', ...values })
    .where('user_id', '=', key.userId)
    .where('id', '=', key.id)
    .where('status', '!=', 'sending')
    .executeTakeFirst();
  return Number(started.numUpdatedRows) > 0;
}

/** Ends a send with its report, once (only while it is still 'sending'); false otherwise. */
export async function finishSending(
  db: Q,
  id: string,
  patch: Updateable<NewslettersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
