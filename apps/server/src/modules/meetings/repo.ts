// SQL for meetings and calendar sync cursors.
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database, MeetingsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findMeeting = (db: Q, userId: string, id: string) =>
  db.selectFrom('meetings').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

/** Newest first; meetings without a start time (uploaded transcripts) by when they were added. */
export const listMeetings = (db: Q, userId: string, limit: number, offset: number) =>
  db
    .selectFrom('meetings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy((e) => e.fn.coalesce('start_time', 'created_at'), 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();

/** At most 25 meetings whose title or participants contain `query` (case-insensitive), newest first. */
/** A meeting's title or participants contain the term (case-insensitive). */
function mentions(e: ExpressionBuilder<Database, 'meetings'>, term: string) {
  // LIKE wildcards in the user's words match literally.
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [
    e(e.fn('lower', [e.fn.coalesce('title', e.val(''))]), 'like', sql<string>`${pattern} escape '\\'`),
    e(e.fn('lower', ['participants']), 'like', sql<string>`${pattern} escape '\\'`),
  ];
}

export function searchMeetings(
  db: Q,
  userId: string,
  input: { query?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  let q = db.selectFrom('meetings').selectAll().where('user_id', '=', userId);
  const term = input.query?.trim();
  if (term) q = q.where((e) => e.or(mentions(e, term)));
  if (input.from) q = q.where('start_time', '>=', input.from);
  if (input.to) q = q.where('start_time', '<=', input.to);
  return q
    .orderBy((e) => e.fn.coalesce('start_time', 'created_at'), 'desc')
    .limit(25)
    .execute();
}

/** How many rows a person's search reads before its rule picks theirs (people.ts). */
const MENTIONING_READ = 500;

/**
 * The user's meetings whose title or participants contain any of the terms (case-insensitive),
 * newest first; optionally only those with notes, in a range of their start (or creation).
 */
export function meetingsMentioning(
  db: Q,
  userId: string,
  terms: string[],
  options: { what?: 'notes'; range?: { from?: string; until?: string } },
) {
  let q = db.selectFrom('meetings').selectAll().where('user_id', '=', userId);
  q = q.where((e) => e.or(terms.flatMap((term) => mentions(e, term))));
  if (options.what === 'notes') q = q.where('notes_status', '=', 'ready');
  const { from, until } = options.range ?? {};
  if (from) q = q.where((e) => e(e.fn.coalesce('start_time', 'created_at'), '>=', from));
  if (until) q = q.where((e) => e(e.fn.coalesce('start_time', 'created_at'), '<', until));
  return q
    .orderBy((e) => e.fn.coalesce('start_time', 'created_at'), 'desc')
    .orderBy('id')
    .limit(MENTIONING_READ)
    .execute();
}

export async function updateMeeting(db: Q, id: string, patch: Updateable<MeetingsTable>): Promise<void> {
  await db.updateTable('meetings').set(patch).where('id', '=', id).execute();
}

export async function insertMeeting(db: Q, row: Insertable<MeetingsTable>): Promise<void> {
  await db.insertInto('meetings').values(row).execute();
}

/** A calendar event seen again updates what the calendar owns and keeps what we own (bot, notes). */
export async function upsertCalendarMeeting(db: Q, row: Insertable<MeetingsTable>): Promise<void> {
  await db
    .insertInto('meetings')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'source', 'external_id']).doUpdateSet({
        title: row.title,
        start_time: row.start_time,
        end_time: row.end_time,
        meeting_url: row.meeting_url,
        participants: row.participants,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export const findByExternalId = (db: Q, userId: string, source: string, externalId: string) =>
  db
    .selectFrom('meetings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', source as MeetingsTable['source'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();

export async function deleteMeeting(db: Q, id: string): Promise<void> {
  await db.deleteFrom('meetings').where('id', '=', id).execute();
}

export const syncCursor = (db: Q, userId: string, source: 'google' | 'microsoft') =>
  db
    .selectFrom('calendar_sync')
    .select('cursor')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();

export async function saveSyncCursor(
  db: Q,
  row: { user_id: string; source: 'google' | 'microsoft'; cursor: string | null; synced_at: string },
): Promise<void> {
  await db
    .insertInto('calendar_sync')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'source']).doUpdateSet({ cursor: row.cursor, synced_at: row.synced_at }),
    )
    .execute();
}

/** The user's meetings with a transcript (or with notes) in a date range, newest first (knaps). */
export function meetingsWith(
  db: Q,
  userId: string,
  what: 'transcript' | 'notes',
  range: { from?: string | null; until?: string | null } = {},
  limit = 2000,
) {
  let q = db.selectFrom('meetings').selectAll().where('user_id', '=', userId);
  q = what === 'transcript' ? q.where('transcript', 'is not', null) : q.where('notes_status', '=', 'ready');
  if (range.from) q = q.where((e) => e(e.fn.coalesce('start_time', 'created_at'), '>=', range.from!));
  if (range.until) q = q.where((e) => e(e.fn.coalesce('start_time', 'created_at'), '<', range.until!));
  return q
    .orderBy((e) => e.fn.coalesce('start_time', 'created_at'), 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export const findMeetingById = (db: Q, id: string) =>
  db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();

/** Meetings whose notes have been 'generating' since before `before` (a process died meanwhile). */
export const stuckNotes = (db: Q, before: string, limit: number) =>
  db
    .selectFrom('meetings')
    .select('id')
    .where('notes_status', '=', 'generating')
    .where('updated_at', '<', before)
    .limit(limit)
    .execute();
