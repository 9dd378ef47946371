import type { TConnectionSummary } from '@knap/contracts';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { tokenManager } from '../../../lib/token-manager';
import { integrationName } from '../../connections/copy';
import { useUserConnections } from '../../connections/queries';
import { botSocketUrl, connectBotSocket } from '../bot-socket';
import { type BotDotTone, botDot, botStatusText, isBotBusy } from '../bot-status';
import { dispatchBotEvent, setBotEnabled, useBotStatusStore } from '../bot-status-store';
import { connectedCalendars } from '../calendars';
import { NOTETAKER_COPY } from '../copy';
import { useBotStatusQuery } from '../queries';
import { CALENDAR_PERMISSIONS_PATH } from '../use-open-notetaker';

const DOT_COLOURS: Record<BotDotTone, string> = {
  grey: 'bg-zinc-400 dark:bg-zinc-500',
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
};

const cardClasses = 'rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900';

/** Live status pushes while the card is on screen; reconnects until it goes. */
function useBotStatusSocket(): void {
  useEffect(
    () =>
      connectBotSocket({
        url: botSocketUrl(),
        getToken: () => tokenManager.getAccessToken(),
        onStatus: ({ status, errorMessage }) => dispatchBotEvent({ type: 'pushed', status, errorMessage }),
      }),
    [],
  );
}

function BotStatus({ calendars }: { calendars: TConnectionSummary[] }) {
  const statusQuery = useBotStatusQuery({ enabled: true });
  useBotStatusSocket();
  const state = useBotStatusStore();
  const statusId = useId();
  const dot = botDot(state);

  return (
    <section aria-label={NOTETAKER_COPY.botCard} className={cn(cardClasses, 'flex flex-col gap-2')}>
      {statusQuery.isPending ? (
        <Spinner label={NOTETAKER_COPY.loadingBotStatus} className="h-5" />
      ) : (
        <div className="flex items-center gap-2">
          <span
            aria-hidden="true"
            data-tone={dot.tone}
            className={cn(
              'size-2 shrink-0 rounded-full',
              DOT_COLOURS[dot.tone],
              dot.pulsing && 'animate-pulse',
            )}
          />
          <p
            id={statusId}
            aria-live="polite"
            className={cn(
              'min-w-0 flex-1 text-sm',
              state.status === 'error'
                ? 'text-red-700 dark:text-red-300'
                : 'text-zinc-700 dark:text-zinc-200',
            )}
          >
            {botStatusText(state)}
          </p>
          <Switch
            checked={state.enabled}
            onCheckedChange={(enabled) => void setBotEnabled(enabled)}
            disabled={isBotBusy(state)}
            aria-label={NOTETAKER_COPY.autoJoin}
            aria-describedby={statusId}
          />
        </div>
      )}
      <ul className="flex flex-col gap-0.5">
        {calendars.map((calendar) => (
          <li key={calendar.id} className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {NOTETAKER_COPY.connectedTo(calendar.account_email ?? integrationName(calendar.type))}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface BotStatusCardProps {
  /** The permanent sidebar, not the mobile overlay: only there does 'Connect Calendar' show. */
  isDesktop: boolean;
  onNavigate?: () => void;
}

/**
 * SPEC §2 bot card: hidden while the calendars load (and when they cannot be loaded, as nothing
 * true could be shown); with a calendar, the bot's status and toggle; without one, on desktop, a
 * way to connect one.
 */
export function BotStatusCard({ isDesktop, onNavigate }: BotStatusCardProps) {
  const navigate = useNavigate();
  const connections = useUserConnections();
  if (!connections.isSuccess) return null;

  const calendars = connectedCalendars(connections.data);
  if (calendars.length > 0) return <BotStatus calendars={calendars} />;
  if (!isDesktop) return null;
  return (
    <div className={cardClasses}>
      <Button
        variant="secondary"
        size="sm"
        className="w-full"
        onClick={() => {
          navigate(CALENDAR_PERMISSIONS_PATH);
          onNavigate?.();
        }}
      >
        {NOTETAKER_COPY.connectCalendar}
      </Button>
    </div>
  );
}
