import type { TMeeting } from '@knap/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { NOTETAKER_COPY } from '../copy';
import { isUpcomingGroup, type MeetingGroupId, meetingWhen } from '../meeting-groups';
import { MeetingBotToggle } from './meeting-bot-toggle';
import { ParticipantsPopover } from './participants-popover';

export const meetingHref = (meetingId: string) => `/notetaker?meeting_id=${encodeURIComponent(meetingId)}`;

export const meetingTitle = (meeting: TMeeting) => meeting.meeting_title || NOTETAKER_COPY.untitled;

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-indigo-50 px-1.5 py-px font-medium text-[11px] text-indigo-700 dark:bg-indigo-500/10 dark:text-indigo-300">
      {children}
    </span>
  );
}

export interface MeetingRowProps {
  meeting: TMeeting;
  group: MeetingGroupId;
  now: Date;
  timeZone: string;
  /** Called after the row opens its meeting (the mobile overlay closes then). */
  onNavigate?: () => void;
}

/**
 * A meeting in the panel. The whole row opens the meeting (its title link is stretched over it);
 * the participants button and the bot toggle sit above that link.
 */
export function MeetingRow({ meeting, group, now, timeZone, onNavigate }: MeetingRowProps) {
  const titleId = useId();
  const title = meetingTitle(meeting);
  const { time, date } = meetingWhen(meeting, group, now, timeZone);
  const isPast = group === 'past';
  return (
    <li
      aria-labelledby={titleId}
      className="relative flex items-start gap-2 rounded-lg px-3 py-2 transition-colors hover:bg-zinc-200/60 dark:hover:bg-zinc-800/70"
    >
      <div className="min-w-0 flex-1">
        <Link
          id={titleId}
          to={meetingHref(meeting.meeting_id)}
          onClick={onNavigate}
          className="block truncate rounded font-medium text-sm text-zinc-800 after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-500 dark:text-zinc-100"
        >
          {title}
        </Link>
        <p className="flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          {date ? (
            <>
              <span>{date}</span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          <span>{time}</span>
          {meeting.bot_status === 'in_call_recording' ? (
            <span className="ml-1 inline-flex items-center gap-1 font-medium text-red-600 dark:text-red-400">
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-red-600" />
              {NOTETAKER_COPY.recording}
            </span>
          ) : null}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          <ParticipantsPopover participants={meeting.participants} />
          {isPast && meeting.transcript_available ? (
            <>
              <Badge>{NOTETAKER_COPY.transcript}</Badge>
              {meeting.notes_available ? <Badge>{NOTETAKER_COPY.notes}</Badge> : null}
            </>
          ) : null}
        </div>
      </div>
      {isUpcomingGroup(group) ? <MeetingBotToggle meeting={meeting} title={title} /> : null}
    </li>
  );
}
