// SQL for first-impressions briefings: the user's own rows only (every query names the user).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { BriefingsTable, Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

/** Newest first. */
export const listBriefings = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('briefings')
    .select(['id', 'name', 'email', 'company', 'sources', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

export const findBriefing = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('briefings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

export type BriefingRow = NonNullable<Awaited<ReturnType<typeof findBriefing>>>;

export async function countBriefings(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('briefings')
    .select((e) => e.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBriefing(db: Q, row: Insertable<BriefingsTable>): Promise<void> {
  await db.insertInto('briefings').values(row).execute();
}

/** False when the user has no briefing with this id. */
export async function updateBriefing(
  db: Q,
  userId: string,
  id: string,
  values: Updateable<BriefingsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('briefings')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the user has no briefing with this id. */
export async function deleteBriefing(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('briefings')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
