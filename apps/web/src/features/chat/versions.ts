// Versions of a message (docs/assistant.md "Message actions"): a regenerated reply or an edited
// message is a new row naming its first version (`variant_of`); the version it replaced, and what
// followed it, carry `superseded_by` (the version that took their place). The conversation is the
// rows without it; an earlier version is shown with what followed it until it was replaced.
import type { TMessage } from '@knap/contracts';

/** The conversation as it stands: every message no later version replaced. */
export const currentRows = (rows: readonly TMessage[]): TMessage[] =>
  rows.filter((row) => !row.superseded_by);

/** The first version's id of a message: what all its versions share. */
export const slotOf = (row: Pick<TMessage, 'id' | 'variant_of'>): string => row.variant_of ?? row.id;

/** Every version of the message `row` is one of, oldest first (just `row` when it has none). */
export function versionsOf(rows: readonly TMessage[], row: TMessage): TMessage[] {
  const slot = slotOf(row);
  return rows.filter((r) => slotOf(r) === slot);
}

/**
 * What followed an earlier version until the next version replaced it: the rows superseded by that
 * next version, after this one. Nothing for the newest version (the conversation follows it).
 */
export function followersOf(
  rows: readonly TMessage[],
  versions: readonly TMessage[],
  index: number,
): TMessage[] {
  const version = versions[index];
  const next = versions[index + 1];
  if (!version || !next) return [];
  const from = rows.indexOf(version);
  return rows.filter((r, i) => i > from && r.superseded_by === next.id);
}
