// The notetaker's fixed texts; those of SPEC §2 and §4 word for word.
import type { TMeeting } from '@knap/contracts';
import { formatCount } from '../../lib/format';

export const NOTETAKER_COPY = {
  panelTitle: 'Notetaker',
  emptyTitle: 'No meetings found',
  emptyBody: 'Your recent meetings will appear here',
  loadFailed: 'Could not load your meetings.',
  retry: 'Try again',
  untitled: 'Untitled Meeting',
  recording: 'Recording',
  transcript: 'Transcript',
  notes: 'Notes',
  botOn: 'Bot On',
  botOff: 'Bot Off',
  botFor: (title: string) => `Notetaker bot for ${title}`,
  privacyFailed: (title: string) => `Could not change the bot for ${title}`,
  participantsTitle: 'Meeting Participants',
  noParticipants: 'No participants listed.',
  connectCalendar: 'Connect Calendar',
  connectedTo: (email: string) => `Connected to ${email}`,
  botCard: 'Notetaker bot',
  autoJoin: 'Auto-join meetings',
  loadingBotStatus: 'Loading notetaker status',
  yourMeetings: 'Your meetings',
} as const;

/** The meeting screen (/notetaker?meeting_id=). */
export const MEETING_COPY = {
  noMeetingTitle: 'No meeting selected',
  noMeetingBody: 'Choose a meeting in the Notetaker panel to see its notes and transcript.',
  notFoundTitle: 'Meeting not found',
  notFoundBody: 'This meeting does not exist or is not one of yours.',
  loadFailed: 'Could not load this meeting.',
  showMeetings: 'Show meetings',
  loading: 'Loading meeting',
  participants: 'Participants',
  notes: 'Notes',
  summary: 'Summary',
  decisions: 'Decisions',
  actionItems: 'Action items',
  clientFacts: 'Client facts',
  none: 'None',
  owner: (name: string) => `Owner: ${name}`,
  notesNone: 'No notes yet. Upload a transcript and notes will be written from it.',
  writingNotes: 'Writing notes...',
  notesFailed: 'Notes could not be written from this transcript. Upload it again to retry.',
  transcript: 'Transcript',
  transcriptText: 'Transcript text',
  noTranscript: 'No transcript yet.',
  upload: 'Upload transcript',
  uploading: 'Uploading...',
  fileLabel: 'Transcript file',
  fileHint: 'A .vtt, .srt or .txt file.',
  wrongFileType: 'Choose a .vtt, .srt or .txt file.',
  emptyFile: 'This file is empty.',
  tooLong: (max: number) => `This transcript is longer than ${formatCount(max)} characters.`,
} as const;

export const CLIENT_FACT_LABELS = {
  family: 'Family',
  goals: 'Goals',
  risk_tolerance: 'Risk tolerance',
  accounts: 'Accounts',
  other: 'Other',
} as const;

/** Where the meeting's bot is, in plain words (bot_error is already written for people). */
export function botStateText({ bot_status, bot_error, user_private_meeting }: TMeeting): string {
  switch (bot_status) {
    case 'scheduled':
      return 'The notetaker will join this meeting.';
    case 'joining':
      return 'The notetaker is joining the meeting.';
    case 'in_call_recording':
      return 'The notetaker is recording this meeting.';
    case 'done':
      return 'The notetaker recorded this meeting.';
    case 'failed':
      return bot_error
        ? `The notetaker could not record this meeting: ${bot_error}`
        : 'The notetaker could not record this meeting.';
    case 'cancelled':
      return 'The notetaker will not join this meeting.';
    case null:
      return user_private_meeting
        ? 'The notetaker is off for this meeting.'
        : 'No notetaker for this meeting.';
  }
}
