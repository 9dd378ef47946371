// Typed calls of the meetings and meeting-bot API (SPEC §7 Meetings and notetaker). Failures are
// ApiErrors; the bot toggle's message is SPEC §8's 'Failed to start/stop bot: {body}'.
import {
  ERR,
  MEETING_BOT_PATHS,
  MEETING_PATHS,
  MEETINGS_PAGE_OFFSET,
  MEETINGS_PAGE_SIZE,
  type TRANSCRIPT_FORMATS,
} from '@knap/contracts';
import { apiRequest, lazySchema } from '../../lib/api-client';

export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export function listMeetings({
  limit = MEETINGS_PAGE_SIZE,
  offset = MEETINGS_PAGE_OFFSET,
}: {
  limit?: number;
  offset?: number;
} = {}) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return apiRequest(`${MEETING_PATHS.list}?${query}`, lazySchema('ZMeetingList'));
}

/** A meeting added by hand, to upload its transcript (no calendar, no bot). */
export function createMeeting({ title }: { title: string }) {
  return apiRequest(MEETING_PATHS.list, lazySchema('ZMeeting'), { method: 'POST', body: { title } });
}

export function getMeetingNotes(meetingId: string, signal?: AbortSignal) {
  return apiRequest(MEETING_PATHS.notes(meetingId), lazySchema('ZMeetingNotes'), { signal });
}

export function setMeetingPrivate({ meetingId, isPrivate }: { meetingId: string; isPrivate: boolean }) {
  return apiRequest(MEETING_PATHS.privateToggle(meetingId), lazySchema('ZMeeting'), {
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
  return apiRequest(MEETING_PATHS.transcript(meetingId), lazySchema('ZMeetingNotes'), {
    method: 'PUT',
    body: { format, content },
  });
}

export function getBotStatus() {
  return apiRequest(MEETING_BOT_PATHS.status, lazySchema('ZBotStatusResponse'));
}

export function toggleBot(enabled: boolean) {
  return apiRequest(MEETING_BOT_PATHS.toggle, lazySchema('ZBotToggleResponse'), {
    method: 'POST',
    body: { enabled },
    errorMessage: ({ body }) => (enabled ? ERR.startBot(body) : ERR.stopBot(body)),
  });
}
