// SQL for credit accounts and the credit ledger.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findAccount = (db: Q, userId: string) =>
  db.selectFrom('credit_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Opens an account with its first grant once; a second call changes nothing. */
export async function openAccount(db: Q, userId: string, grant: number, ledgerId: string, nowIso: string) {
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('credit_accounts')
      .values({ user_id: userId, balance: grant, credits_used: 0, max_credits: grant, updated_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) {
      await trx
        .insertInto('credit_ledger')
        .values({
          id: ledgerId,
          user_id: userId,
          delta: grant,
          reason: 'free plan grant',
          ref: `open:${userId}`,
          created_at: nowIso,
        })
        .execute();
    }
  });
}

/**
 * Changes a balance and writes the ledger row in one transaction. With a `ref`, the change happens
 * at most once: a repeated ref changes nothing and answers false.
 */
export async function applyChange(
  db: Q,
  change: { id: string; userId: string; delta: number; reason: string; ref: string | null; nowIso: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
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
