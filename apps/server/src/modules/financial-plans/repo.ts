// SQL for financial plans: the user's own rows only (every query names the user).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, FinancialPlansTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const listPlans = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('financial_plans')
    .select(['id', 'client_name', 'inputs', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

export const findPlan = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('financial_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countPlans(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('financial_plans')
    .select((e) => e.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPlan(db: Q, row: Insertable<FinancialPlansTable>): Promise<void> {
  await db.insertInto('financial_plans').values(row).execute();
}

/** False when the user has no plan with this id. */
export async function updatePlan(
  db: Q,
  userId: string,
  id: string,
  values: Updateable<FinancialPlansTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('financial_plans')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the user has no plan with this id. */
export async function deletePlan(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('financial_plans')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
