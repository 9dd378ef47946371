// SQL for legal holds: a user's records kept from every deletion.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const holds = (db: Q, organizationIds: string[]) =>
  db
    .selectFrom('legal_holds')
    .innerJoin('users', 'users.id', 'legal_holds.user_id')
    .innerJoin('memberships', 'memberships.user_id', 'legal_holds.user_id')
    .select([
      'legal_holds.user_id',
      'users.name',
      'users.email',
      'legal_holds.reason',
      'legal_holds.placed_by',
      'legal_holds.placed_at',
    ])
    .where('memberships.organization_id', 'in', organizationIds)
    .orderBy('legal_holds.placed_at', 'desc')
    .execute();

export const heldUserIds = async (db: Q) =>
  (await db.selectFrom('legal_holds').select('user_id').execute()).map((r) => r.user_id);

export const isHeld = async (db: Q, userId: string) =>
  (await db.selectFrom('legal_holds').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !==
  undefined;

export async function placeHold(db: Q, row: Database['legal_holds']): Promise<void> {
  const { user_id, ...rest } = row;
  await db
    .insertInto('legal_holds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
    .execute();
}

export const releaseHold = async (db: Q, userId: string) =>
  Number(
    (await db.deleteFrom('legal_holds').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  ) > 0;
