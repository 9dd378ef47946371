// SQL for subscriptions, billing events seen, and the local provider's checkouts.
import type { PlanTier } from '@knap/contracts';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, SubscriptionsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findSubscription = (db: Q, userId: string) =>
  db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findByCustomer = (db: Q, customerId: string) =>
  db.selectFrom('subscriptions').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

/** The user's plan: 'free' until a subscription says otherwise. */
export async function planOf(db: Q, userId: string): Promise<PlanTier> {
  const row = await db
    .selectFrom('subscriptions')
    .select('plan')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.plan as PlanTier | undefined) ?? 'free';
}

export async function upsertSubscription(db: Q, row: Insertable<SubscriptionsTable>) {
  const { user_id: _userId, ...update } = row;
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(update))
    .execute();
}

export async function updateSubscription(db: Q, userId: string, patch: Updateable<SubscriptionsTable>) {
  await db.updateTable('subscriptions').set(patch).where('user_id', '=', userId).execute();
}

/** Whether a provider event was applied already (a redelivery). */
export const eventSeen = async (db: Q, id: string) =>
  (await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Records a provider event as applied; false when it was recorded before (a concurrent delivery). */
export async function recordEvent(db: Q, event: { id: string; type: string; received_at: string }) {
  const res = await db
    .insertInto('billing_events')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertCheckout(
  db: Q,
  row: { id: string; user_id: string; plan: string; created_at: string; expires_at: string },
) {
  await db.insertInto('local_checkouts').values(row).execute();
}

export const findCheckout = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('local_checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Marks a checkout used; false when it already was (a double click, a second tab). */
export async function completeCheckout(db: Q, id: string, nowIso: string) {
  const res = await db
    .updateTable('local_checkouts')
    .set({ completed_at: nowIso })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
