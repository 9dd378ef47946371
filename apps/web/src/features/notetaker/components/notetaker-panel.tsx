// The sidebar's notetaker panel (SPEC §2): the bot card and the meetings grouped as Tomorrow,
// Today and Past Meetings. The list refreshes itself every SIDEBAR_REFRESH_MS; failed loads are
// logged (SPEC §8) and offered again here.
import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { SidebarPanel } from '../../../app/shell/sidebar-panel';
import { Button } from '../../../components/ui/button';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/store';
import { NOTETAKER_COPY } from '../copy';
import { countGroupedMeetings, GROUP_ORDER, groupMeetings } from '../meeting-groups';
import { useMeetings } from '../queries';
import { BotStatusCard } from './bot-status-card';
import { MeetingGroup } from './meeting-group';

/** Groups roll over at the user's midnight without waiting for the next refresh. */
const CLOCK_TICK_MS = 60_000;

export interface NotetakerPanelProps {
  /** Back to the main menu. */
  onBack: () => void;
  /** Called after the panel navigates (the mobile overlay closes then). */
  onNavigate?: () => void;
  /** The permanent sidebar rather than the mobile overlay. */
  isDesktop: boolean;
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center px-6 pt-8 text-center">
      <CalendarClock aria-hidden="true" className="mb-3 size-8 text-zinc-300 dark:text-zinc-700" />
      <p className="font-medium text-sm text-zinc-900 dark:text-zinc-100">{NOTETAKER_COPY.emptyTitle}</p>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{NOTETAKER_COPY.emptyBody}</p>
    </div>
  );
}

/** The meetings by group, or why there are none to show. */
function Meetings({ onNavigate }: Pick<NotetakerPanelProps, 'onNavigate'>) {
  const user = useCurrentUser();
  const timeZone = resolveTimeZone(user?.timezone);
  const now = useNow(CLOCK_TICK_MS);
  const meetings = useMeetings();
  const groups = useMemo(
    () => groupMeetings(meetings.data ?? [], now, timeZone),
    [meetings.data, now, timeZone],
  );

  // A failed refresh keeps the meetings already shown; only a first load that fails shows the error.
  if (!meetings.data) {
    if (!meetings.isError) return <DelayedSpinner label="Loading meetings" />;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-2 px-3 text-red-700 text-sm dark:text-red-300"
      >
        <p>
          {NOTETAKER_COPY.loadFailed} {meetings.error.message}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void meetings.refetch()}>
          {NOTETAKER_COPY.retry}
        </Button>
      </div>
    );
  }
  if (countGroupedMeetings(groups) === 0) return <EmptyState />;
  return GROUP_ORDER.map((group) => (
    <MeetingGroup
      key={group}
      group={group}
      meetings={groups[group]}
      now={now}
      timeZone={timeZone}
      onNavigate={onNavigate}
    />
  ));
}

export function NotetakerPanel({ onBack, onNavigate, isDesktop }: NotetakerPanelProps) {
  return (
    <SidebarPanel title={NOTETAKER_COPY.panelTitle} onBack={onBack}>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-3 pt-1 pb-4">
        <BotStatusCard isDesktop={isDesktop} onNavigate={onNavigate} />
        <Meetings onNavigate={onNavigate} />
      </div>
    </SidebarPanel>
  );
}
