import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, FileText, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { resolveTimeZone } from '../../lib/time-zone';
import { useNow } from '../../lib/use-now';
import { useCurrentUser } from '../auth/store';
import type { AvailableConnection } from '../connections/api';
import { ConnectionStatusText } from '../connections/components/connection-status';
import { IntegrationIcon } from '../connections/components/integration-icon';
import { useConnectionFlow } from '../connections/connect-flow';
import { notConfiguredHint } from '../connections/copy';
import { useAvailableConnections } from '../connections/queries';
import { createMeeting } from './api';
import { MeetingGroup } from './components/meeting-group';
import { NOTETAKER_COPY } from './copy';
import { countGroupedMeetings, GROUP_ORDER, groupMeetings } from './meeting-groups';
import { useMeetings } from './queries';

/** The two calendars the notetaker can follow, in the order the buttons show. */
const CALENDARS = [
  { type: 'google_calendar_read', label: 'Connect Google Calendar' },
  { type: 'microsoft_calendar_read', label: 'Connect Microsoft Calendar' },
] as const;

const REASONS: { Icon: typeof CalendarCheck; title: string; text: string }[] = [
  {
    Icon: CalendarCheck,
    title: 'Joins the meetings you choose',
    text: 'The notetaker reads your calendar to know when meetings start and joins them for you.',
  },
  {
    Icon: FileText,
    title: 'Transcripts and notes afterwards',
    text: 'Each meeting gets a transcript and notes your assistant can use.',
  },
  {
    Icon: ShieldCheck,
    title: 'In your control',
    text: 'Turn the bot off for any meeting, or disconnect your calendar at any time.',
  },
];

function Reason({
  Icon,
  title,
  children,
}: {
  Icon: typeof CalendarCheck;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div>
        <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">{title}</p>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      </div>
    </li>
  );
}

interface CalendarOptionProps {
  label: string;
  type: string;
  connection: AvailableConnection | undefined;
  isConnecting: boolean;
  onConnect: (connection: AvailableConnection) => void;
}

function CalendarOption({ label, type, connection, isConnecting, onConnect }: CalendarOptionProps) {
  const status = connection?.status;
  const isNotConfigured = status === 'not_configured';
  const hintId = `${type}-hint`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center gap-3">
        <IntegrationIcon type={type} className={isNotConfigured ? 'opacity-60 grayscale' : undefined} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">{connection?.name ?? label}</p>
          {connection ? (
            <ConnectionStatusText status={connection.status} accountEmail={connection.account_email} />
          ) : null}
        </div>
      </div>
      <Button
        className="w-full"
        variant={status === 'connected' ? 'secondary' : 'primary'}
        disabled={!connection || isNotConfigured || isConnecting}
        aria-busy={isConnecting || undefined}
        aria-describedby={isNotConfigured ? hintId : undefined}
        onClick={() => connection && onConnect(connection)}
      >
        {label}
      </Button>
      {isNotConfigured && connection ? (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {notConfiguredHint(connection.name)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The meetings the user already has — with no calendar, those added for a transcript — since the
 * Notetaker button leads here rather than to the panel until a calendar is connected.
 */
function YourMeetings() {
  const user = useCurrentUser();
  const timeZone = resolveTimeZone(user?.timezone);
  const now = useNow(60_000);
  const meetings = useMeetings();
  const groups = useMemo(
    () => groupMeetings(meetings.data ?? [], now, timeZone),
    [meetings.data, now, timeZone],
  );
  if (meetings.isError && !meetings.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 text-sm dark:text-red-300">
        {NOTETAKER_COPY.loadFailed} {meetings.error.message}
        <Button variant="secondary" size="sm" onClick={() => void meetings.refetch()}>
          {NOTETAKER_COPY.retry}
        </Button>
      </div>
    );
  }
  if (countGroupedMeetings(groups) === 0) return null;
  return (
    <section aria-labelledby="your-meetings" className="flex flex-col gap-2">
      <h2 id="your-meetings" className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
        {NOTETAKER_COPY.yourMeetings}
      </h2>
      <div className="-mx-3 flex flex-col gap-3">
        {GROUP_ORDER.map((group) => (
          <MeetingGroup key={group} group={group} meetings={groups[group]} now={now} timeZone={timeZone} />
        ))}
      </div>
    </section>
  );
}

/**
 * With no calendar (or no bot), notes still come from a transcript: name the meeting, then upload
 * its transcript on the meeting's page.
 */
function NotesFromTranscript() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: () => createMeeting({ title: title.trim() }),
    onSuccess: (meeting) => navigate(`/notetaker?meeting_id=${encodeURIComponent(meeting.meeting_id)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim()) create.mutate();
  };
  return (
    <section
      aria-labelledby="from-transcript"
      className="flex flex-col gap-3 border-zinc-200 border-t pt-6 dark:border-zinc-800"
    >
      <h2 id="from-transcript" className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
        No calendar? Notes from a transcript
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Name the meeting, then upload its transcript (.vtt, .srt or .txt) and the assistant writes the notes.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label="Meeting title"
          value={title}
          maxLength={300}
          onChange={(event) => setTitle(event.target.value)}
          error={create.isError ? create.error.message : null}
        />
        <Button
          type="submit"
          disabled={!title.trim() || create.isPending}
          aria-busy={create.isPending || undefined}
        >
          Add meeting
        </Button>
      </form>
    </section>
  );
}

/** Why the notetaker needs a calendar, and the buttons to connect one (SPEC §2 routes here). */
export function CalendarPermissionsPage() {
  const { data, isPending, isError, error, refetch } = useAvailableConnections();
  const { connect, pendingType } = useConnectionFlow();
  const calendars = data?.categories.find((c) => c.category === 'calendar')?.connections ?? [];

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          Connect your calendar
        </h1>
        <p className="mt-2 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
          The meeting notetaker needs access to your calendar to join your meetings and take notes.
        </p>
      </header>

      <YourMeetings />

      <ul className="flex flex-col gap-4">
        {REASONS.map(({ Icon, title, text }) => (
          <Reason key={title} Icon={Icon} title={title}>
            {text}
          </Reason>
        ))}
      </ul>

      <section aria-label="Calendars" className="flex flex-col gap-3">
        {isPending ? <Spinner label="Loading calendars" showLabel /> : null}
        {isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 text-red-700 text-sm dark:text-red-300"
          >
            {error.message}
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {CALENDARS.map(({ type, label }) => {
            const connection = calendars.find((c) => c.type === type);
            return (
              <CalendarOption
                key={type}
                type={type}
                label={label}
                connection={connection}
                isConnecting={pendingType === type}
                onConnect={(target) =>
                  connect(target.type, {
                    isReconnect:
                      target.status === 'needs_reconnect' || target.status === 'permission_missing',
                  })
                }
              />
            );
          })}
        </ul>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Other services are on the{' '}
          <Link
            to="/connections"
            className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
          >
            connections
          </Link>{' '}
          screen.
        </p>
      </section>

      <NotesFromTranscript />
    </div>
  );
}
