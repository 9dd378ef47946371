// SQL for the audit trail.
import { type Kysely, sql } from 'kysely';
import type { AuditLogTable, Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;
export type AuditRow = Omit<AuditLogTable, 'seq'> & { seq: number };

/**
 * Appends one entry after the head, in one transaction: the head row is updated first, so
 * appends from any server take turns, and the chain has no gap or fork.
 */
export async function append(
  db: Q,
  entry: Omit<AuditRow, 'seq' | 'prev_hash' | 'hash'>,
  hashOf: (row: Omit<AuditRow, 'hash'>) => string,
): Promise<AuditRow> {
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .updateTable('audit_head')
      .set({ seq: sql`seq + 1` })
      .where('id', '=', 1)
      .returning(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const unhashed = { ...entry, seq: Number(head.seq), prev_hash: head.hash };
    const row = { ...unhashed, hash: hashOf(unhashed) };
    await trx.insertInto('audit_log').values(row).execute();
    await trx.updateTable('audit_head').set({ hash: row.hash }).where('id', '=', 1).execute();
    return row;
  });
}

/** Entries after `afterSeq`, oldest first, a page at a time. */
export const page = async (db: Q, afterSeq: number, limit: number): Promise<AuditRow[]> =>
  (
    await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute()
  ).map((r) => ({ ...r, seq: Number(r.seq) }));

export interface AuditFilter {
  from?: string | undefined;
  to?: string | undefined;
  userId?: string | undefined;
  /** Only entries about these members, or done to these organizations. */
  organization?: { ids: string[]; userIds: string[] } | undefined;
}

/** Entries in a time range (ISO, `to` exclusive), optionally of one user, oldest first. */
export async function find(db: Q, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.to) q = q.where('at', '<', filter.to);
  if (filter.userId) q = q.where('user_id', '=', filter.userId);
  const { organization } = filter;
  if (organization)
    q = q.where((e) =>
      e.or([
        e('user_id', 'in', organization.userIds.length ? organization.userIds : ['']),
        e('target', 'in', organization.ids.length ? organization.ids : ['']),
      ]),
    );
  return (await q.orderBy('seq').limit(limit).execute()).map((r) => ({ ...r, seq: Number(r.seq) }));
}

/** The chain's last entry as the head table records it. */
export const head = (db: Q) => db.selectFrom('audit_head').select(['seq', 'hash']).executeTakeFirstOrThrow();
