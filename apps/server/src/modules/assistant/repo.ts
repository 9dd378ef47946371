// SQL for tool approvals.
import type { Kysely } from 'kysely';
import type { Database, ServerInstancesTable, ToolApprovalsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

/** Records a pending approval once (a repeated snapshot of the same request changes nothing). */
export async function insertApproval(db: Q, row: Omit<ToolApprovalsTable, 'decided_at'>): Promise<void> {
  await db
    .insertInto('tool_approvals')
    .values({ ...row, decided_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export const findApproval = (db: Q, userId: string, chatId: string, messageId: string, toolCallId: string) =>
  db
    .selectFrom('tool_approvals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('chat_id', '=', chatId)
    .where('message_id', '=', messageId)
    .where('tool_call_id', '=', toolCallId)
    .executeTakeFirst();

/**
 * Decides a pending approval, with the input the user approved when they edited it; false when it
 * was already decided.
 */
export async function decideApproval(
  db: Q,
  id: string,
  status: 'approved' | 'denied',
  nowIso: string,
  edited?: { input: string; input_digest: string },
): Promise<boolean> {
  const res = await db
    .updateTable('tool_approvals')
    .set({ status, decided_at: nowIso, ...edited })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const approvalsOfMessage = (db: Q, messageId: string) =>
  db.selectFrom('tool_approvals').selectAll().where('message_id', '=', messageId).execute();

/** True while a reply of the chat is being written (by any server instance). */
export const hasStreamingReply = async (db: Q, chatId: string) =>
  !!(await db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('state', '=', 'streaming')
    .executeTakeFirst());

// ---- Server instances: who writes streaming replies, and their leases ----

export async function registerInstance(db: Q, row: ServerInstancesTable): Promise<void> {
  await db
    .insertInto('server_instances')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: row.heartbeat_at }))
    .execute();
}

/** Renews an instance's lease; false when its row was gone (swept as dead), so it registers again. */
export async function renewInstance(db: Q, id: string, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable('server_instances')
    .set({ heartbeat_at: nowIso })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const listInstances = (db: Q) => db.selectFrom('server_instances').selectAll().execute();

export async function deleteInstances(db: Q, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('server_instances').where('id', 'in', ids).execute();
}
