// SQL for OAuth connections.
import type { Kysely } from 'kysely';
import type { ConnectionsTable, Database } from '../../../platform/db/schema.js';

type Q = Kysely<Database>;

export const listConnections = (db: Q, userId: string) =>
  db.selectFrom('connections').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

export const findConnectionByType = (db: Q, userId: string, type: string) =>
  db
    .selectFrom('connections')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();

export const findConnectionById = (db: Q, userId: string, id: string) =>
  db
    .selectFrom('connections')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

/** One connection per user and type: connecting again replaces the tokens. */
export async function upsertConnection(db: Q, row: ConnectionsTable): Promise<void> {
  await db
    .insertInto('connections')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet({
        scope: row.scope,
        account_email: row.account_email,
        access_token: row.access_token,
        refresh_token: row.refresh_token,
        expires_at: row.expires_at,
        instance_url: row.instance_url,
        accounts_server: row.accounts_server,
        status: row.status,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function updateConnection(
  db: Q,
  id: string,
  patch: Partial<
    Pick<
      ConnectionsTable,
      'access_token' | 'refresh_token' | 'expires_at' | 'instance_url' | 'scope' | 'status' | 'updated_at'
    >
  >,
) {
  await db.updateTable('connections').set(patch).where('id', '=', id).execute();
}

export async function deleteConnection(db: Q, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('connections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Every connected connection of these types, across users (for jobs such as calendar sync). */
export const connectedOfTypes = (db: Q, types: string[]) =>
  db
    .selectFrom('connections')
    .select(['user_id', 'type'])
    .where('type', 'in', types)
    .where('status', '=', 'connected')
    .execute();
