// The audit trail (issue 12): an append-only log of security- and compliance-relevant events —
// sign-ins, connections added and removed, tool calls, outgoing email, PDFs, credit changes —
// hash-chained so that changing, removing or reordering any entry is detectable by `verifyAudit`.
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { type AuditFilter, type AuditRow, append, find, page, head as repoHead } from './repo.js';

export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_out'
  | 'auth.session_revoked'
  | 'connection.added'
  | 'connection.removed'
  | 'tool.called'
  | 'email.sent'
  | 'pdf.generated'
  | 'credits.adjusted'
  | 'knap.granted'
  | 'knap.revoked'
  | 'retention.deleted'
  | 'admin.role_changed'
  | 'admin.policy_changed'
  | 'admin.legal_hold'
  | 'email.held'
  | 'email.reviewed'
  | 'admin.chat_viewed'
  | 'admin.audit_exported'
  | 'auth.email_verified'
  | 'auth.account_claimed'
  | 'organization.invited'
  | 'organization.invitation_revoked'
  | 'organization.joined'
  | 'organization.domain_changed'
  | 'privilege.refused'
  | 'approval.input_mismatch'
  | 'approval.edited'
  | 'document.uploaded'
  | 'document.read'
  | 'document.deleted'
  | 'chat.exported';

export interface AuditEntry {
  action: AuditAction;
  /** The user the event is about. */
  userId: string | null;
  /** Who did it, when not the user themself (an operator's email, 'system'). */
  actor?: string | null;
  /** What it was done to (a connection type, a recipient, a tool name…). */
  target?: string | null;
  /** A short summary: never secrets, never whole documents. */
  details?: Record<string, unknown>;
}

/**
 * Separation of duties: nobody changes their own credits, role or knaps, decides their own request
 * or approves their own email. The refusal (403) is in the audit trail, like every allowed change.
 */
export async function refuseOwn(
  deps: AppDeps,
  refusal: { actor: { id: string; email: string }; subjectId: string; what: string; detail: string },
): Promise<void> {
  if (refusal.actor.id !== refusal.subjectId) return;
  await recordAudit(deps, {
    action: 'privilege.refused',
    userId: refusal.actor.id,
    actor: refusal.actor.email,
    target: refusal.what,
    details: { reason: 'own privilege' },
  });
  throw new HttpError(403, refusal.detail);
}

export const GENESIS_HASH = '0'.repeat(64);

/** The entry's hash: over the previous hash and every field, in a fixed order. */
export function auditHash(row: Omit<AuditRow, 'hash'>): string {
  return createHash('sha256')
    .update(
      [
        row.prev_hash,
        row.seq,
        row.at,
        row.user_id ?? '',
        row.actor ?? '',
        row.action,
        row.target ?? '',
        row.details,
      ].join('\n'),
    )
    .digest('hex');
}

/** Writes one entry at the end of the chain. */
export function recordAudit(deps: AppDeps, entry: AuditEntry): Promise<AuditRow> {
  return append(
    deps.db.db,
    {
      at: deps.clock.now().toISOString(),
      user_id: entry.userId,
      actor: entry.actor ?? null,
      action: entry.action,
      target: entry.target?.slice(0, 500) ?? null,
      details: JSON.stringify(entry.details ?? {}),
    },
    auditHash,
  );
}

export type AuditVerdict =
  | { ok: true; entries: number }
  | { ok: false; entries: number; seq: number; reason: string };

/** Walks the whole chain from the start; names the first entry that does not fit. */
export async function verifyAudit(db: Db): Promise<AuditVerdict> {
  let prev = GENESIS_HASH;
  let expected = 1;
  for (;;) {
    const rows = await page(db.db, expected - 1, 1000);
    for (const row of rows) {
      const bad = (reason: string): AuditVerdict => ({
        ok: false,
        entries: expected - 1,
        seq: row.seq,
        reason,
      });
      if (row.seq !== expected)
        return { ok: false, entries: expected - 1, seq: expected, reason: 'missing entry' };
      if (row.prev_hash !== prev) return bad('does not follow the entry before it');
      if (auditHash(row) !== row.hash) return bad('changed after it was written');
      prev = row.hash;
      expected++;
    }
    if (rows.length < 1000) break;
  }
  const head = await repoHead(db.db);
  if (Number(head.seq) !== expected - 1 || head.hash !== prev)
    return { ok: false, entries: expected - 1, seq: expected, reason: 'entries after it are missing' };
  return { ok: true, entries: expected - 1 };
}

const EXPORT_LIMIT = 100_000;
const CSV_COLUMNS = [
  'seq',
  'at',
  'user_id',
  'actor',
  'action',
  'target',
  'details',
  'prev_hash',
  'hash',
] as const;
const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The entries in a range as JSON lines or CSV, for an archive. */
export async function exportAudit(
  deps: AppDeps,
  filter: AuditFilter,
  format: 'jsonl' | 'csv',
): Promise<string> {
  const rows = await find(deps.db.db, filter, EXPORT_LIMIT);
  if (format === 'jsonl') return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  return [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}
