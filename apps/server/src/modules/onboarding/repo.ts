// SQL for onboarding: the user's own row and skips only (every query names the user).
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

/** The moments stored once and then kept. */
export type OnboardingMoment = 'profile_confirmed_at' | 'dismissed_at' | 'completed_at';

export const findState = (db: Q, userId: string) =>
  db.selectFrom('onboarding').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function listSkips(db: Q, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('onboarding_skips').select('step').where('user_id', '=', userId).execute();
  return rows.map((r) => r.step);
}

export async function addSkip(db: Q, userId: string, step: string, nowIso: string): Promise<void> {
  await db
    .insertInto('onboarding_skips')
    .values({ user_id: userId, step, created_at: nowIso })
    .onConflict((oc) => oc.columns(['user_id', 'step']).doNothing())
    .execute();
}

export async function removeSkip(db: Q, userId: string, step: string): Promise<void> {
  await db.deleteFrom('onboarding_skips').where('user_id', '=', userId).where('step', '=', step).execute();
}

/** Sets the moment unless it is already set (the first time is kept); makes the row if needed. */
export async function markOnce(
  db: Q,
  userId: string,
  moment: OnboardingMoment,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('onboarding')
    .values({ user_id: userId, updated_at: nowIso })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await db
    .updateTable('onboarding')
    .set({ [moment]: nowIso, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where(moment, 'is', null)
    .execute();
}
