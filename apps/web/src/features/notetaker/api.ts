// Typed calls of the meetings and meeting-bot API (SPEC §7 Meetings and notetaker). Failures are
// ApiErrors; the bot toggle's message is SPEC §8's 'Failed to start/stop bot: {body}'.
import {
  ERR,
  MEETING_BOT_PATHS,
  MEETING_PATHS,
  MEETINGS_PAGE_OFFSET,
  MEETINGS_PAGE_SIZE,
  type TBotStatusResponse,
  type TMeeting,
  type TMeetingNotes,
  type TRANSCRIPT_FORMATS,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export function listMeetings({
  limit = MEETINGS_PAGE_SIZE,
  offset = MEETINGS_PAGE_OFFSET,
}: {
  limit?: number;
  offset?: number;
} = {}) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return apiRequest<TMeeting[]>(`${MEETING_PATHS.list}?${query}`);
}

/** A meeting added by hand, to upload its transcript (no calendar, no bot). */
export function createMeeting({ title }: { title: string }) {
  return apiRequest<TMeeting>(MEETING_PATHS.list, { method: 'POST', body: { title } });
}

export function getMeetingNotes(meetingId: string, signal?: AbortSignal) {
  return apiRequest<TMeetingNotes>(MEETING_PATHS.notes(meetingId), { signal });
}

export function setMeetingPrivate({ meetingId, isPrivate }: { meetingId: string; isPrivate: boolean }) {
  return apiRequest<TMeeting>(MEETING_PATHS.privateToggle(meetingId), {
    method: 'PUT',
    body: { user_private_meeting: isPrivate },
  });
}

export interface TranscriptUpload {
  meetingId: string;
  format: TranscriptFormat;
  content: string;
}

/** Stores the transcript; the answer says whether notes are being written ('generating') or ready. */
export function uploadTranscript({ meetingId, format, content }: TranscriptUpload) {
  return apiRequest<TMeetingNotes>(MEETING_PATHS.transcript(meetingId), {
    method: 'PUT',
    body: { format, content },
  });
}

export function getBotStatus() {
  return apiRequest<TBotStatusResponse>(MEETING_BOT_PATHS.status);
}

export function toggleBot(enabled: boolean) {
  return apiRequest<{ enabled: boolean }>(MEETING_BOT_PATHS.toggle, {
    method: 'POST',
    body: { enabled },
    errorMessage: ({ body }) => (enabled ? ERR.startBot(body) : ERR.stopBot(body)),
  });
}
