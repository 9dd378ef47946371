// SQL for credit accounts and the credit ledger.
import { type Kysely, sql } from 'kysely';
import { inTransaction } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findAccount = (db: Q, userId: string) =>
  db.selectFrom('credit_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();

/**
 * Starts a credit period: the balance becomes `amount` (unused credits do not roll over), nothing is
 * used yet, and the ledger records the difference. Once per `ref` (user and period, or a plan change):
 * a repeated ref, from a retry or from a second server running the same job, changes nothing.
 * Opens the account when the user has none.
 */
export async function startPeriod(
  db: Q,
  change: { id: string; userId: string; amount: number; reason: string; ref: string; nowIso: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('credit_ledger')
      .values({
        id: change.id,
        user_id: change.userId,
        delta: 0,
        reason: change.reason,
        ref: change.ref,
        created_at: change.nowIso,
      })
      .onConflict((oc) => oc.column('ref').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    // Writing the row first locks it (PostgreSQL), so the balance read next cannot change under us.
    await trx
      .insertInto('credit_accounts')
      .values({
        user_id: change.userId,
        balance: 0,
        credits_used: 0,
        max_credits: 0,
        updated_at: change.nowIso,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: change.nowIso }))
      .execute();
    const { balance } = await trx
      .selectFrom('credit_accounts')
      .select('balance')
      .where('user_id', '=', change.userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('credit_accounts')
      .set({ balance: change.amount, credits_used: 0, max_credits: change.amount })
      .where('user_id', '=', change.userId)
      .execute();
    await trx
      .updateTable('credit_ledger')
      .set({ delta: change.amount - balance })
      .where('id', '=', change.id)
      .execute();
    return true;
  });
}

/**
 * Users with an account but no ledger entry `refPrefix + user + refSuffix` yet, a page at a time
 * in user id order after `after` (the monthly grant).
 */
export function accountsWithout(
  db: Q,
  page: { refPrefix: string; refSuffix: string; after: string; limit: number },
) {
  const { refPrefix, refSuffix, after, limit } = page;
  return db
    .selectFrom('credit_accounts')
    .select('user_id')
    .where('user_id', '>', after)
    .where(({ not, exists, selectFrom, ref }) =>
      not(
        exists(
          selectFrom('credit_ledger')
            .select('credit_ledger.id')
            .where(
              'credit_ledger.ref',
              '=',
              sql<string>`${refPrefix} || ${ref('credit_accounts.user_id')} || ${refSuffix}`,
            ),
        ),
      ),
    )
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

export const ledgerOf = (db: Q, userId: string, limit: number) =>
  db
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/**
 * Changes a balance and writes the ledger row in one transaction. With a `ref`, the change happens
 * at most once: a repeated ref changes nothing and answers false.
 */
export async function applyChange(
  db: Q,
  change: { id: string; userId: string; delta: number; reason: string; ref: string | null; nowIso: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('credit_ledger')
      .values({
        id: change.id,
        user_id: change.userId,
        delta: change.delta,
        reason: change.reason,
        ref: change.ref,
        created_at: change.nowIso,
      })
      .onConflict((oc) => oc.column('ref').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    const used = change.delta < 0 ? -change.delta : 0;
    await trx
      .updateTable('credit_accounts')
      .set({
        balance: sql`balance + ${change.delta}`,
        credits_used: sql`credits_used + ${used}`,
        updated_at: change.nowIso,
      })
      .where('user_id', '=', change.userId)
      .execute();
    return true;
  });
}
