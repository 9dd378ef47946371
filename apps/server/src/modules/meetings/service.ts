// Meetings of a user (SPEC §7 Meetings and notetaker): the list, a meeting's notes and transcript,
// and the privacy toggle. Owner only: another user's meeting answers 404.
import {
  MEETING_DETAIL,
  type TMeeting,
  type TMeetingNotes,
  ZMeetingNotesContent,
  ZParticipant,
} from '@knap/contracts';
import { z } from 'zod';
import { newId } from '../../platform/crypto.js';
import type { MeetingRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { emit } from '../../platform/hooks.js';
import { requireModelBudget } from '../credits/service.js';
import { generateMeetingNotes } from './notes.js';
import * as repo from './repo.js';
import { normalizeTranscript, type TranscriptFormat } from './transcripts.js';

const ZParticipants = z.array(ZParticipant);
/** A meeting row's guests (meetings.participants), for this module and the ones that read its rows. */
export const participantsOf = (row: Pick<MeetingRow, 'participants'>) =>
  parseStored(ZParticipants, row.participants, 'meetings.participants');
/** A meeting row's notes (meetings.notes), null while it has none. */
export const notesOf = (row: Pick<MeetingRow, 'notes'>) =>
  parseStored(ZMeetingNotesContent, row.notes, 'meetings.notes');

export function toMeeting(row: MeetingRow): TMeeting {
  return {
    meeting_id: row.id,
    meeting_title: row.title,
    start_time: row.start_time,
    end_time: row.end_time,
    meeting_url: row.meeting_url,
    transcript_available: row.transcript !== null,
    notes_available: row.notes_status === 'ready',
    user_private_meeting: row.user_private_meeting === 1,
    bot_status: row.bot_status,
    bot_error: row.bot_error,
    participants: participantsOf(row),
  };
}

export async function ownedMeeting(deps: AppDeps, userId: string, id: string): Promise<MeetingRow> {
  const row = await repo.findMeeting(deps.db.db, userId, id);
  if (!row) throw notFound(MEETING_DETAIL.notFound);
  return row;
}

export async function listMeetings(deps: AppDeps, userId: string, query: { limit: number; offset: number }) {
  return (await repo.listMeetings(deps.db.db, userId, query.limit, query.offset)).map(toMeeting);
}

/** The user's meeting rows, newest first (for other modules' rules: outreach, the Library…). */
export const meetingRows = (deps: AppDeps, userId: string, page: { limit: number; offset: number }) =>
  repo.listMeetings(deps.db.db, userId, page.limit, page.offset);

/** The user's meetings that have notes (or a transcript), newest first, optionally filtered. */
export const meetingRowsWith = (
  deps: AppDeps,
  query: {
    userId: string;
    what: 'transcript' | 'notes';
    range?: { from?: string | null; until?: string | null };
    limit: number;
  },
) => repo.meetingsWith(deps.db.db, query.userId, query.what, query.range ?? {}, query.limit);

/** One of the user's meeting rows as it is now, or undefined. */
export const findMeetingRow = (deps: AppDeps, userId: string, id: string) =>
  repo.findMeeting(deps.db.db, userId, id);

/** The meetings the assistant's search_meetings tool finds: title or participant match, in a date range. */
export async function searchMeetings(
  deps: AppDeps,
  userId: string,
  input: { query?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  const rows = await repo.searchMeetings(deps.db.db, userId, input);
  return rows.map((row) => {
    const m = toMeeting(row);
    return {
      meeting_id: m.meeting_id,
      title: m.meeting_title,
      start_time: m.start_time,
      participants: m.participants.map((p) => p.name || p.email),
      has_transcript: m.transcript_available,
      has_notes: m.notes_available,
    };
  });
}

/** A meeting added by hand: for a transcript from elsewhere, or with its link for the notetaker. */
export async function createManualMeeting(
  deps: AppDeps,
  userId: string,
  input: {
    title: string;
    start_time?: string | undefined;
    end_time?: string | undefined;
    participants: Array<{ name: string; email: string }>;
    meeting_url?: string | undefined;
  },
): Promise<TMeeting> {
  const now = deps.clock.now().toISOString();
  const id = newId();
  const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : null);
  await repo.insertMeeting(deps.db.db, {
    id,
    user_id: userId,
    source: 'manual',
    external_id: null,
    title: input.title,
    start_time: iso(input.start_time),
    end_time: iso(input.end_time),
    meeting_url: input.meeting_url ?? null,
    participants: JSON.stringify(input.participants.map((p) => ({ ...p, response_status: 'none' }))),
    created_at: now,
    updated_at: now,
  });
  return toMeeting(await ownedMeeting(deps, userId, id));
}

export async function meetingNotes(deps: AppDeps, userId: string, id: string): Promise<TMeetingNotes> {
  const row = await ownedMeeting(deps, userId, id);
  return {
    meeting: toMeeting(row),
    notes_status: row.notes_status,
    notes: row.notes_status === 'ready' ? notesOf(row) : null,
    transcript: row.transcript,
  };
}

/**
 * Stores an uploaded transcript (normalised to "Speaker: words" lines) and starts writing notes;
 * answers at once with notes 'generating' — the page polls until they are ready.
 */
export async function uploadTranscript(
  deps: AppDeps,
  userId: string,
  id: string,
  upload: { format?: TranscriptFormat | undefined; content: string },
  log: { warn(obj: object, msg: string): void },
): Promise<TMeetingNotes> {
  const row = await ownedMeeting(deps, userId, id);
  const { text } = normalizeTranscript(upload.content, upload.format);
  // The notes are model work: refused here, before anything is stored, past the rate limit or
  // without credits (the notes themselves are charged when written).
  await requireModelBudget(deps, userId);
  await repo.updateMeeting(deps.db.db, row.id, {
    transcript: text,
    notes: null,
    notes_status: 'generating',
    updated_at: deps.clock.now().toISOString(),
  });
  void generateMeetingNotes(deps, row.id).catch((err: unknown) =>
    log.warn({ err, meetingId: row.id }, 'notes failed'),
  );
  return meetingNotes(deps, userId, id);
}

/** Private meetings get no bot: turning one private cancels a bot that is on its way. */
export async function setPrivate(
  deps: AppDeps,
  userId: string,
  id: string,
  isPrivate: boolean,
): Promise<TMeeting> {
  const row = await ownedMeeting(deps, userId, id);
  await repo.updateMeeting(deps.db.db, row.id, {
    user_private_meeting: isPrivate ? 1 : 0,
    updated_at: deps.clock.now().toISOString(),
  });
  if (isPrivate) await emit(deps.hooks.meetingBotUnwanted, row);
  return toMeeting(await ownedMeeting(deps, userId, id));
}
