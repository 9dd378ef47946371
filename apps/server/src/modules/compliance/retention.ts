// The retention job (issue 12): for each organization with a policy, deletes what is older than
// its keep-days — chats (by last activity), meeting transcripts and notes (by meeting end), PDFs and
// sent email (by creation) — of every member not on legal hold, and records the counts (never the
// contents) in the audit trail. Client documents attached in chats follow the chats' keep-days (by
// when they were attached), their passages and stored files with them. A user's own 'Auto-delete
// old chats' runs inside it (chats module).
import { RETENTION_KINDS, type RetentionKind } from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { recordAudit } from '../audit/service.js';
import { deleteChatsIdleSince } from '../chats/service.js';
import { deleteDocumentsCreatedBefore } from '../documents/service.js';
import * as repo from './repo.js';

const DAY_MS = 24 * 3600_000;

const DELETERS: Record<
  RetentionKind,
  (deps: AppDeps, userIds: string[], cutoffIso: string) => Promise<number>
> = {
  chats: deleteChatsIdleSince,
  transcripts: (deps, ids, cutoff) => repo.clearTranscripts(deps.db.db, ids, cutoff),
  notes: (deps, ids, cutoff) => repo.clearNotes(deps.db.db, ids, cutoff),
  pdfs: (deps, ids, cutoff) => repo.deletePdfs(deps.db.db, ids, cutoff),
  emails: (deps, ids, cutoff) => repo.deleteEmails(deps.db.db, ids, cutoff),
};

/** Runs every organization's policy once; idempotent. Answers the counts per organization. */
export async function applyRetention(deps: AppDeps): Promise<{ organizations: number; deleted: number }> {
  const now = deps.clock.now().getTime();
  let total = 0;
  let organizations = 0;
  for (const policy of await repo.allPolicies(deps.db.db)) {
    const kinds = RETENTION_KINDS.filter((k) => policy[`${k}_days`] !== null);
    if (kinds.length === 0) continue;
    const members = await repo.membersNotHeld(deps.db.db, policy.organization_id);
    const counts: Partial<Record<RetentionKind | 'documents', number>> = {};
    for (const kind of kinds) {
      const cutoff = new Date(now - policy[`${kind}_days`]! * DAY_MS).toISOString();
      const n = await DELETERS[kind](deps, members, cutoff);
      if (n > 0) counts[kind] = n;
      if (kind !== 'chats') continue;
      const documents = await deleteDocumentsCreatedBefore(deps, members, cutoff);
      if (documents > 0) counts.documents = documents;
    }
    const deleted = Object.values(counts).reduce((a, b) => a + b, 0);
    if (deleted === 0) continue;
    organizations += 1;
    total += deleted;
    await recordAudit(deps, {
      action: 'retention.deleted',
      userId: null,
      actor: 'system',
      target: policy.organization_id,
      details: { ...counts, policy: Object.fromEntries(kinds.map((k) => [k, policy[`${k}_days`]])) },
    });
  }
  return { organizations, deleted: total };
}
