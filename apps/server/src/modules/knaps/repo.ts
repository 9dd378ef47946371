// SQL for knap access, knap requests and component data.
import type { KNAP_REQUEST_STATUSES, KnapName } from '@knap/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;
type KnapRequestStatus = (typeof KNAP_REQUEST_STATUSES)[number];

/** Gives a user the default knaps once: a second call, or one after a revoke, changes nothing. */
export async function grantDefaultsOnce(db: Q, userId: string, knaps: KnapName[], nowIso: string) {
  await db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('knap_defaults_granted')
      .values({ user_id: userId, granted_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(first.numInsertedOrUpdatedRows ?? 0) !== 1 || knaps.length === 0) return;
    await trx
      .insertInto('user_knaps')
      .values(knaps.map((knap) => ({ user_id: userId, knap, granted_at: nowIso, granted_by: null })))
      .onConflict((oc) => oc.columns(['user_id', 'knap']).doNothing())
      .execute();
  });
}

export const hasDefaults = async (db: Q, userId: string) =>
  !!(await db
    .selectFrom('knap_defaults_granted')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst());

export const listKnaps = async (db: Q, userId: string): Promise<KnapName[]> =>
  (await db.selectFrom('user_knaps').select('knap').where('user_id', '=', userId).execute()).map(
    (r) => r.knap,
  );

export async function grantKnap(db: Q, userId: string, knap: KnapName, by: string, nowIso: string) {
  await db
    .insertInto('user_knaps')
    .values({ user_id: userId, knap, granted_at: nowIso, granted_by: by })
    .onConflict((oc) => oc.columns(['user_id', 'knap']).doNothing())
    .execute();
}

export async function revokeKnap(db: Q, userId: string, knap: KnapName) {
  await db.deleteFrom('user_knaps').where('user_id', '=', userId).where('knap', '=', knap).execute();
}

/** Answers false when the user already has a pending request for this knap (the partial unique index). */
export async function insertRequest(
  db: Q,
  row: { id: string; user_id: string; knap: KnapName; note: string; created_at: string },
): Promise<boolean> {
  const res = await db
    .insertInto('knap_requests')
    .values(row)
    // Written out, not bound: the engines match a partial index by the text of its condition.
    .onConflict((oc) => oc.columns(['user_id', 'knap']).where(sql<boolean>`status = 'pending'`).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

const requestsWithEmail = (db: Q) =>
  db
    .selectFrom('knap_requests')
    .innerJoin('users', 'users.id', 'knap_requests.user_id')
    .select([
      'knap_requests.id',
      'users.email',
      'knap_requests.user_id',
      'knap_requests.knap',
      'knap_requests.note',
      'knap_requests.status',
      'knap_requests.created_at',
      'knap_requests.decided_at',
    ]);

/** Newest first; a user's own, or everyone's (operators), optionally of one status. */
export function listRequests(
  db: Q,
  filter: { userId?: string; userIds?: string[]; status?: KnapRequestStatus | undefined },
) {
  let q = requestsWithEmail(db);
  if (filter.userId) q = q.where('knap_requests.user_id', '=', filter.userId);
  if (filter.userIds)
    q = q.where('knap_requests.user_id', 'in', filter.userIds.length ? filter.userIds : ['']);
  if (filter.status) q = q.where('knap_requests.status', '=', filter.status);
  return q.orderBy('knap_requests.created_at', 'desc').orderBy('knap_requests.id').limit(500).execute();
}

export const findRequest = (db: Q, id: string) =>
  requestsWithEmail(db).where('knap_requests.id', '=', id).executeTakeFirst();

/**
 * Decides a pending request, and on approval grants its knap, in one transaction; false when it
 * was already decided (by another operator, say).
 */
export async function decideRequest(
  db: Q,
  request: { id: string; user_id: string; knap: KnapName },
  decision: { status: 'approved' | 'declined'; decided_by: string; decided_at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('knap_requests')
      .set(decision)
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    if (decision.status === 'approved')
      await grantKnap(trx, request.user_id, request.knap, decision.decided_by, decision.decided_at);
    return true;
  });
}

export const storedComponentIds = async (db: Q, userId: string) =>
  (
    await db.selectFrom('knap_component_data').select('component_id').where('user_id', '=', userId).execute()
  ).map((r) => r.component_id);

export const readComponents = (db: Q, userId: string, componentIds: readonly string[]) =>
  componentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('knap_component_data')
        .select(['component_id', 'data', 'updated_at'])
        .where('user_id', '=', userId)
        .where('component_id', 'in', componentIds)
        .execute();

/** Stores several components' data and drops others' (now stale) at once: all of it or none. */
export async function saveComponents(
  db: Q,
  userId: string,
  entries: Array<{ componentId: string; data: unknown }>,
  nowIso: string,
  stale: readonly string[] = [],
) {
  await db.transaction().execute(async (trx) => {
    if (stale.length)
      await trx
        .deleteFrom('knap_component_data')
        .where('user_id', '=', userId)
        .where('component_id', 'in', stale)
        .execute();
    for (const { componentId, data } of entries) {
      const json = JSON.stringify(data);
      await trx
        .insertInto('knap_component_data')
        .values({ user_id: userId, component_id: componentId, data: json, updated_at: nowIso })
        .onConflict((oc) =>
          oc.columns(['user_id', 'component_id']).doUpdateSet({ data: json, updated_at: nowIso }),
        )
        .execute();
    }
  });
}
