// SQL for client reviews: the user's own rows only (every query names the user).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ClientReviewsTable, Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const listReviews = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('client_reviews')
    .select([
      'id',
      'client_name',
      'client_email',
      'period_label',
      'status',
      'sent_at',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

/** A review with the PDF it last exported, while the user still has that PDF. */
export const findReview = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('client_reviews')
    .leftJoin('pdfs', (join) =>
      join
        .onRef('pdfs.id', '=', 'client_reviews.pdf_id')
        .onRef('pdfs.user_id', '=', 'client_reviews.user_id'),
    )
    .selectAll('client_reviews')
    .select(['pdfs.filename as pdf_filename', 'pdfs.size as pdf_size', 'pdfs.created_at as pdf_created_at'])
    .where('client_reviews.user_id', '=', userId)
    .where('client_reviews.id', '=', id)
    .executeTakeFirst();

export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** The client's latest reviews, newest period first (the model reads them as prior reviews). */
export const reviewsOfClient = (db: Q, userId: string, clientKey: string, limit: number) =>
  db
    .selectFrom('client_reviews')
    .select(['id', 'period_label', 'period_end', 'sections'])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .orderBy('period_end', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/** Each reviewed client once, with their latest review (the picker lists them). */
export const reviewedClients = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('client_reviews')
    .select(['id', 'client_key', 'client_name', 'client_email', 'period_label', 'period_end'])
    .where('user_id', '=', userId)
    .orderBy('period_end', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

export async function countReviews(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('client_reviews')
    .select((e) => e.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReview(db: Q, row: Insertable<ClientReviewsTable>): Promise<void> {
  await db.insertInto('client_reviews').values(row).execute();
}

/** False when the user has no review with this id. */
export async function updateReview(
  db: Q,
  userId: string,
  id: string,
  values: Updateable<ClientReviewsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('client_reviews')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the user has no review with this id. */
export async function deleteReview(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('client_reviews')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
