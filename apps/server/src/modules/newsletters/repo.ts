// SQL for newsletters: the user's own rows only (every query names the user).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, NewslettersTable } from '../../platform/db/schema.js';

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
