import { z } from 'zod';
import * as meetings from '../../meetings/service.js';
import { defineTool } from '../define.js';

/** The model reads at most this much of a transcript in one call. */
const TRANSCRIPT_CAP = 30_000;

/**
 * The built-in 'Meeting Notetaker' connection: the assistant finds the user's meetings and reads
 * their notes and transcripts. Read-only.
 */
export const meetingTools = [
  defineTool({
    name: 'search_meetings',
    description:
      "Search the user's meetings (from their calendars and uploaded transcripts) by words in the title or a participant's name or email, optionally within dates. Newest first; says which have notes or a transcript.",
    inputSchema: z.object({
      query: z.string().max(200).optional(),
      from: z.iso.datetime().optional(),
      to: z.iso.datetime().optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => {
      const n = (out as unknown[]).length;
      return `${n} meeting${n === 1 ? '' : 's'}`;
    },
    execute: (input, ctx) => meetings.searchMeetings(ctx.deps, ctx.user.id, input),
  }),
  defineTool({
    name: 'get_meeting_notes',
    description:
      'The notes (summary, decisions, action items, client facts) and transcript of one meeting, by the id search_meetings gave.',
    inputSchema: z.object({ meeting_id: z.string().min(1).max(100) }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `Read notes of “${(out as { title: string | null }).title ?? 'Untitled Meeting'}”`,
    async execute({ meeting_id }, ctx) {
      const { meeting, notes, notes_status, transcript } = await meetings.meetingNotes(
        ctx.deps,
        ctx.user.id,
        meeting_id,
      );
      return {
        title: meeting.meeting_title,
        start_time: meeting.start_time,
        participants: meeting.participants,
        notes_status,
        notes,
        transcript: transcript ? transcript.slice(0, TRANSCRIPT_CAP) : null,
        transcript_truncated: (transcript?.length ?? 0) > TRANSCRIPT_CAP,
      };
    },
  }),
];
