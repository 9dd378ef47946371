// Advisor meeting coaching: metrics of each meeting computed from its transcript by rules (talk
// ratio, questions, next steps, topics missed), the user's filters applied here on the server, and
// the model's written advice per meeting.
import {
  COACHING_TOPICS,
  type CoachingTopic,
  type TCoachingRow,
  type TMeetingFilters,
  ZCoachingAdvice,
  ZMeetingFilters,
} from '@knap/contracts';
import type { MeetingRow, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import type { ModelMeter } from '../credits/service.js';
import * as meetingsService from '../meetings/service.js';
import { toMeeting } from '../meetings/service.js';
import { answerInChunks, askModel, type Log } from './model.js';
import { COACHING_PROMPT } from './prompts.js';

const TOPIC_WORDS: Record<CoachingTopic, RegExp> = {
  goals: /\b(goals?|retir\w*|objectives?|dreams?|hoping to)\b/i,
  risk: /\b(risk\w*|volatil\w*|downturns?|conservative|aggressive|market drops?)\b/i,
  family:
    /\b(family|wife|husband|spouse|partner|children|kids?|sons?|daughters?|grand\w*|parents?|married)\b/i,
  fees: /\b(fees?|costs?|charges?|expense ratios?|pricing|commissions?)\b/i,
  timeline: /\b(timelines?|time ?frames?|horizon|deadlines?|years?|months?)\b/i,
};
const NEXT_STEP = /\b(will|agree\w*|next steps?)\b/i;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The metrics of one transcript ("Speaker: words" lines). The advisor is the speaker named like
 * the user (full or first name), else the one who spoke most.
 */
export function coachingMetrics(transcript: string, userName: string) {
  const lines = transcript
    .split('\n')
    .map((raw) => /^([^:]{1,60}):\s+(.+)$/.exec(raw.trim()) ?? [raw, null, raw.trim()])
    .map(([, speaker, text]) => ({ speaker: speaker?.trim() ?? null, text: (text ?? '').trim() }))
    .filter((l) => l.text);
  const words = new Map<string, number>();
  for (const l of lines) if (l.speaker) words.set(l.speaker, (words.get(l.speaker) ?? 0) + wordCount(l.text));
  const firstName = userName.trim().split(/\s+/)[0] ?? '';
  const speakers = [...words.keys()];
  const advisor =
    speakers.find((s) => sameName(s, userName)) ??
    speakers.find((s) => firstName && sameName(s, firstName)) ??
    // The first speaker wins a tie (Map keeps the order they first spoke in).
    speakers.reduce<string | null>((best, s) => (best && words.get(best)! >= words.get(s)! ? best : s), null);
  const total = lines.reduce((sum, l) => sum + wordCount(l.text), 0);
  const advisorWords = advisor ? words.get(advisor)! : 0;
  const advisorSentences = advisor
    ? lines.filter((l) => l.speaker === advisor).flatMap((l) => sentencesOf(l.text))
    : [];
  return {
    speakers,
    advisor,
    total_words: total,
    advisor_words: advisorWords,
    talk_ratio: total ? Math.round((advisorWords / total) * 1000) / 1000 : 0,
    questions_asked: advisorSentences.filter((s) => s.endsWith('?')).length,
    next_steps: lines.flatMap((l) => sentencesOf(l.text)).filter((s) => NEXT_STEP.test(s)),
    topics_missed: COACHING_TOPICS.filter((topic) => !TOPIC_WORDS[topic].test(transcript)),
  };
}

/** The meeting's client: its participants other than the user, else the speakers other than the advisor. */
function clientOf(meeting: MeetingRow, user: UserRow, speakers: string[], advisor: string | null) {
  const others = toMeeting(meeting)
    .participants.filter((p) => !sameName(p.email, user.email))
    .map((p) => p.name || p.email);
  const names = others.length ? others : speakers.filter((s) => s !== advisor);
  return names.length ? names.join(', ') : null;
}

const dayAfter = (date: string) => new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);

/** The user's meetings with transcripts that pass the filters, as rows, newest first. */
async function filteredMeetings(deps: AppDeps, user: UserRow, filters: TMeetingFilters) {
  const meetings = await meetingsService.meetingRowsWith(deps, {
    userId: user.id,
    what: 'transcript',
    range: { from: filters.from, until: filters.to ? dayAfter(filters.to) : null },
    limit: 2000,
  });
  const client = filters.client?.toLowerCase();
  return meetings
    .map((m) => {
      const transcript = m.transcript ?? '';
      const { speakers, ...metrics } = coachingMetrics(transcript, user.name);
      const row: TCoachingRow = {
        id: m.id,
        title: m.title,
        date: m.start_time ?? m.created_at,
        client: clientOf(m, user, speakers, metrics.advisor),
        ...metrics,
      };
      return { id: m.id, row, transcript };
    })
    .filter(
      ({ row }) =>
        (!client || `${row.client ?? ''} ${row.title ?? ''}`.toLowerCase().includes(client)) &&
        (filters.min_talk_ratio === null || row.talk_ratio >= filters.min_talk_ratio),
    );
}

export const coachingRows = async (deps: AppDeps, user: UserRow, filters: TMeetingFilters) =>
  (await filteredMeetings(deps, user, filters)).map((m) => m.row);

export const NO_FILTERS: TMeetingFilters = ZMeetingFilters.parse({});

const EXCERPT_CHARS = 500;

/** Meeting table rows with the model's advice for each, asked in chunks for long lists. */
/** Advice on the filtered meetings, in chunks, as one piece of model work (`meter`). */
export async function adviseMeetings(
  deps: AppDeps,
  log: Log,
  user: UserRow,
  filters: TMeetingFilters,
  meter: ModelMeter,
) {
  const meetings = await filteredMeetings(deps, user, filters);
  const rows = meetings.map((m) => m.row);
  const answers = await answerInChunks(meetings, async (chunk) => {
    const input = {
      rows: chunk.map(({ row: r, transcript }) => ({
        id: r.id,
        title: r.title,
        talk_ratio: r.talk_ratio,
        questions_asked: r.questions_asked,
        next_steps: r.next_steps.length,
        topics_missed: r.topics_missed,
        excerpt: transcript.slice(0, EXCERPT_CHARS),
      })),
    };
    return (await askModel(deps, log, { meter, prompt: COACHING_PROMPT, input }, ZCoachingAdvice)).advice;
  });
  return {
    filters,
    rows,
    enhanced_insights: { advice: rows.map((r, n) => ({ id: r.id, advice: answers[n]?.advice ?? null })) },
  };
}
