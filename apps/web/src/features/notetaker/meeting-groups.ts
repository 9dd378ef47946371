// The notetaker panel's grouping and labels (SPEC §2 Notetaker panel, §4 Meetings grouping), pure so
// the rules are tested against a fixed clock and zone.
//
// Reading of SPEC §4: a meeting whose start falls on tomorrow's or today's calendar date in the
// user's zone is in Tomorrow or Today, whether or not it has started; any other meeting is past when
// it started before now. Meetings after tomorrow are not listed. A meeting with no start time is past
// only when its transcript is available.
import { PAST_MEETINGS_SHOWN, type TMeeting } from '@knap/contracts';
import { zonedDateLabel } from '../../lib/zoned-date';

export const GROUP_TITLES = { tomorrow: 'Tomorrow', today: 'Today', past: 'Past Meetings' } as const;
export type MeetingGroupId = keyof typeof GROUP_TITLES;
/** The order the panel shows the groups in (SPEC §2). */
export const GROUP_ORDER: readonly MeetingGroupId[] = ['tomorrow', 'today', 'past'];

export type MeetingGroups = Record<MeetingGroupId, TMeeting[]>;

export const isUpcomingGroup = (group: MeetingGroupId) => group !== 'past';

/** The start as epoch ms, or null when there is none or it is not a date. */
function startMs(meeting: TMeeting): number | null {
  if (!meeting.start_time) return null;
  const ms = Date.parse(meeting.start_time);
  return Number.isNaN(ms) ? null : ms;
}

function groupOf(meeting: TMeeting, now: Date, timeZone: string): MeetingGroupId | null {
  const start = startMs(meeting);
  if (start === null) return meeting.transcript_available ? 'past' : null;
  const { daysAgo } = zonedDateLabel(new Date(start), now, timeZone);
  if (daysAgo === -1) return 'tomorrow';
  if (daysAgo === 0) return 'today';
  return start < now.getTime() ? 'past' : null;
}

/** Ascending by start; meetings without a start go last (only past ones can lack one). */
const byStartAscending = (a: TMeeting, b: TMeeting) =>
  (startMs(a) ?? Number.POSITIVE_INFINITY) - (startMs(b) ?? Number.POSITIVE_INFINITY);

/** Newest first; meetings without a start after all that have one. */
const byStartDescending = (a: TMeeting, b: TMeeting) =>
  (startMs(b) ?? Number.NEGATIVE_INFINITY) - (startMs(a) ?? Number.NEGATIVE_INFINITY);

export function groupMeetings(meetings: readonly TMeeting[], now: Date, timeZone: string): MeetingGroups {
  const groups: MeetingGroups = { tomorrow: [], today: [], past: [] };
  for (const meeting of meetings) {
    const group = groupOf(meeting, now, timeZone);
    if (group) groups[group].push(meeting);
  }
  groups.tomorrow.sort(byStartAscending);
  groups.today.sort(byStartAscending);
  groups.past = groups.past.sort(byStartDescending).slice(0, PAST_MEETINGS_SHOWN);
  return groups;
}

export const countGroupedMeetings = (groups: MeetingGroups) =>
  groups.tomorrow.length + groups.today.length + groups.past.length;

export interface MeetingWhen {
  /** Like '3:05 PM', or 'No time'. */
  time: string;
  /** For past meetings: 'Yesterday' or a date like 'March 3rd'; null otherwise. */
  date: string | null;
}

export const NO_TIME = 'No time';

export function meetingWhen(
  meeting: TMeeting,
  group: MeetingGroupId,
  now: Date,
  timeZone: string,
): MeetingWhen {
  const start = startMs(meeting);
  if (start === null) return { time: NO_TIME, date: null };
  const label = zonedDateLabel(new Date(start), now, timeZone);
  return { time: label.time, date: group === 'past' ? label.day : null };
}

/** The meeting screen's 'Today · 3:05 PM – 4:00 PM' ('Tomorrow', 'Yesterday' or a date first). */
export function meetingSchedule(meeting: TMeeting, now: Date, timeZone: string): string {
  const start = startMs(meeting);
  if (start === null) return NO_TIME;
  const label = zonedDateLabel(new Date(start), now, timeZone);
  const day = label.daysAgo === -1 ? GROUP_TITLES.tomorrow : label.day;
  const end = meeting.end_time ? Date.parse(meeting.end_time) : Number.NaN;
  const endTime = Number.isNaN(end) ? null : zonedDateLabel(new Date(end), now, timeZone).time;
  return endTime ? `${day} · ${label.time} – ${endTime}` : `${day} · ${label.time}`;
}
