// /notetaker?meeting_id= (SPEC §2): one meeting with its bot state, participants, notes and
// transcript, and a way to upload a transcript. Notes are fetched again every NOTES_POLL_MS while
// the server writes them.
import type { TMeetingNotes } from '@knap/contracts';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { requestSidebarOverlay, showSidebarPanel } from '../../app/shell/sidebar-store';
import { Button } from '../../components/ui/button';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { resolveTimeZone } from '../../lib/time-zone';
import { useNow } from '../../lib/use-now';
import { useCurrentUser } from '../auth/store';
import { MeetingNotes } from './components/meeting-notes';
import { meetingTitle } from './components/meeting-row';
import { MeetingTranscript } from './components/meeting-transcript';
import { ParticipantList } from './components/participant-list';
import { TranscriptUpload } from './components/transcript-upload';
import { botStateText, MEETING_COPY, NOTETAKER_COPY } from './copy';
import { meetingSchedule } from './meeting-groups';
import { useMeetingNotes } from './queries';

const CLOCK_TICK_MS = 60_000;

const pageClasses = 'mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10';
const headingClasses = 'font-semibold text-base text-zinc-900 dark:text-zinc-50';

/** Back to the meetings: the sidebar's notetaker panel (opened as the overlay on mobile). */
function showMeetings() {
  showSidebarPanel('meetings');
  requestSidebarOverlay(true);
}

interface PageMessageProps {
  title: string;
  body: string;
  role?: 'alert';
  action?: ReactNode;
}

/** A state with nothing else to show: no meeting chosen, not found, or a failed load. */
function PageMessage({ title, body, role, action }: PageMessageProps) {
  return (
    <div className={cn(pageClasses, 'items-start')} role={role}>
      <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">{title}</h1>
      <p className="-mt-6 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
      {action ?? (
        <Button variant="secondary" onClick={showMeetings}>
          {MEETING_COPY.showMeetings}
        </Button>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className={headingClasses}>{title}</h2>
      {children}
    </section>
  );
}

function MeetingDetails({ data }: { data: TMeetingNotes }) {
  const user = useCurrentUser();
  const now = useNow(CLOCK_TICK_MS);
  const { meeting } = data;
  return (
    <article aria-labelledby="meeting-title" className={pageClasses}>
      <header className="flex flex-col gap-1">
        <h1
          id="meeting-title"
          className="break-words font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50"
        >
          {meetingTitle(meeting)}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {meetingSchedule(meeting, now, resolveTimeZone(user?.timezone))}
        </p>
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm',
            meeting.bot_status === 'failed'
              ? 'text-red-700 dark:text-red-300'
              : 'text-zinc-600 dark:text-zinc-400',
          )}
        >
          {meeting.bot_status === 'in_call_recording' ? (
            <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-red-600" />
          ) : null}
          {botStateText(meeting)}
        </p>
      </header>

      <Section title={MEETING_COPY.participants}>
        <ParticipantList participants={meeting.participants} className="max-w-md" />
      </Section>

      <Section title={MEETING_COPY.notes}>
        <MeetingNotes data={data} />
      </Section>

      <Section title={MEETING_COPY.transcript}>
        <TranscriptUpload meetingId={meeting.meeting_id} />
        <MeetingTranscript transcript={data.transcript} />
      </Section>
    </article>
  );
}

export function NotetakerPage() {
  const [searchParams] = useSearchParams();
  const meetingId = searchParams.get('meeting_id');
  const notes = useMeetingNotes(meetingId);

  if (!meetingId)
    return <PageMessage title={MEETING_COPY.noMeetingTitle} body={MEETING_COPY.noMeetingBody} />;
  if (notes.data) return <MeetingDetails data={notes.data} />;
  if (!notes.isError) return <DelayedSpinner label={MEETING_COPY.loading} />;
  if (notes.error instanceof ApiError && notes.error.status === 404) {
    return <PageMessage title={MEETING_COPY.notFoundTitle} body={MEETING_COPY.notFoundBody} />;
  }
  return (
    <PageMessage
      role="alert"
      title={MEETING_COPY.loadFailed}
      body={notes.error.message}
      action={
        <Button variant="secondary" onClick={() => void notes.refetch()}>
          {NOTETAKER_COPY.retry}
        </Button>
      }
    />
  );
}
