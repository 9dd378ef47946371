// Meetings, notes, transcripts and the meeting bot (SPEC §3 Meeting, Participant, Bot status; §7
// Meetings and notetaker).
import { z } from 'zod';
import { TRANSCRIPT_MAX_CHARS } from './constants.js';

/** The `detail` texts of meetings, transcripts, the calendar sync and the meeting bot. */
export const MEETING_DETAIL = {
  notFound: 'Meeting not found',
  transcriptNotText: 'This is not a text file; upload a .vtt, .srt or .txt transcript',
  webvttHeaderMissing: 'A WebVTT transcript starts with the line WEBVTT',
  noCues: (format: 'vtt' | 'srt') =>
    format === 'vtt'
      ? 'This WebVTT file has no cues (lines like "00:00:01.000 --> 00:00:04.000")'
      : 'This SRT file has no cues (lines like "00:00:01,000 --> 00:00:04,000")',
  noWords: 'The transcript has no words in it',
  googleListingUnfinished: 'Google Calendar did not finish the listing',
  outlookListingUnfinished: 'Outlook Calendar did not finish the listing',
  outlookOtherHost: 'Outlook Calendar sent a link to another host',
  botNotConfigured: 'No meeting bot service is configured',
  webhookNotJson: 'Invalid webhook payload: not JSON',
  webhookNotEvent: 'Invalid webhook payload: expected {event, data}',
  webhookNotStatus: 'Invalid webhook payload: expected data.bot_id and data.status.code',
  webhookUnsigned: 'Missing webhook signature',
  webhookTooOld: 'Webhook timestamp is outside the allowed 5 minutes',
  webhookBadSignature: 'Invalid webhook signature',
  /** The live socket's `{type: 'error', detail}` for a message that is not a bot action. */
  badSocketAction: 'Expected {"type": "bot_action", "action": "start" | "stop", "timestamp": number}',
} as const;

export const RESPONSE_STATUSES = [
  'accepted',
  'declined',
  'tentative',
  'tentativelyAccepted',
  'needsAction',
  'none',
] as const;
export const ZParticipant = z.object({
  name: z.string(),
  email: z.string(),
  response_status: z.enum(RESPONSE_STATUSES),
});
export type TParticipant = z.infer<typeof ZParticipant>;

/**
 * Where a meeting's bot is: scheduled for an upcoming meeting, joining, recording
 * (`in_call_recording`, shown as 'Recording'), done (transcript fetched), failed (with a reason),
 * or cancelled (the meeting turned private or went away). Null: no bot.
 */
export const MEETING_BOT_STATUSES = [
  'scheduled',
  'joining',
  'in_call_recording',
  'done',
  'failed',
  'cancelled',
] as const;
export type MeetingBotStatus = (typeof MEETING_BOT_STATUSES)[number];

export const ZMeeting = z.object({
  meeting_id: z.string(),
  meeting_title: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  meeting_url: z.string().nullable(),
  transcript_available: z.boolean(),
  notes_available: z.boolean(),
  user_private_meeting: z.boolean(),
  bot_status: z.enum(MEETING_BOT_STATUSES).nullable(),
  /** Why the bot failed, in plain words. */
  bot_error: z.string().nullable(),
  participants: z.array(ZParticipant),
});
export type TMeeting = z.infer<typeof ZMeeting>;

export const ZMeetingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** What the model writes from a transcript. */
export const ZMeetingNotesContent = z.object({
  summary: z.string(),
  decisions: z.array(z.string()),
  action_items: z.array(z.object({ text: z.string(), owner: z.string().nullable() })),
  /** Client facts worth keeping: family, goals, risk tolerance, accounts, other. */
  client_facts: z.array(
    z.object({
      category: z.enum(['family', 'goals', 'risk_tolerance', 'accounts', 'other']),
      fact: z.string(),
    }),
  ),
});
export type TMeetingNotesContent = z.infer<typeof ZMeetingNotesContent>;

export const NOTES_STATUSES = ['none', 'generating', 'ready', 'failed'] as const;
export const ZMeetingNotes = z.object({
  meeting: ZMeeting,
  notes_status: z.enum(NOTES_STATUSES),
  notes: ZMeetingNotesContent.nullable(),
  /** The transcript as plain "Speaker: words" lines, when there is one. */
  transcript: z.string().nullable(),
});
export type TMeetingNotes = z.infer<typeof ZMeetingNotes>;

/** A meeting added by hand (no calendar): to upload its transcript and get notes. */
export const ZCreateMeetingRequest = z.object({
  title: z.string().trim().min(1).max(300),
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
  participants: z
    .array(z.object({ name: z.string().trim().max(200).default(''), email: z.email().max(254) }))
    .max(100)
    .default([]),
  /** The call's link, so the notetaker can join a meeting that is on no connected calendar. */
  meeting_url: z
    .url({ protocol: /^https$/, hostname: z.regexes.domain })
    .max(2048)
    .optional(),
});

export const ZPrivateToggleRequest = z.object({ user_private_meeting: z.boolean() });

export const TRANSCRIPT_FORMATS = ['vtt', 'srt', 'text'] as const;
export const ZTranscriptUpload = z.object({
  /** Guessed from the content when absent. */
  format: z.enum(TRANSCRIPT_FORMATS).optional(),
  content: z.string().min(1).max(TRANSCRIPT_MAX_CHARS),
});

export const BOT_SERVICE_STATUSES = ['idle', 'active', 'starting', 'stopping', 'error'] as const;
export const ZBotStatusResponse = z.object({
  meeting_notetaker_enabled: z.boolean(),
  /** A bot service is configured and answering (the local simulator counts). */
  service_active: z.boolean(),
  /** 'active' while a bot of this user is in a meeting, else 'idle' (or 'error'). */
  status: z.enum(BOT_SERVICE_STATUSES),
});
export type TBotStatusResponse = z.infer<typeof ZBotStatusResponse>;
export const ZBotToggleRequest = z.object({ enabled: z.boolean() });
export const ZBotToggleResponse = z.object({ enabled: z.boolean() });

/** Server -> browser over the meeting-bot websocket. */
export interface BotStatusUpdateMessage {
  type: 'status_update';
  status: {
    status: (typeof BOT_SERVICE_STATUSES)[number];
    isActive: boolean;
    lastActivity: string | null;
    errorMessage: string | null;
  };
}
/** Browser -> server over the meeting-bot websocket. */
export interface BotActionMessage {
  type: 'bot_action';
  action: 'start' | 'stop';
  timestamp: number;
}
