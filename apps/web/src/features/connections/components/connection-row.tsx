import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { AvailableConnection } from '../api';
import { COPY, notConfiguredHint } from '../copy';
import { ConnectionStatusText } from './connection-status';
import { IntegrationIcon } from './integration-icon';

export interface ConnectionRowProps {
  connection: AvailableConnection;
  /** A connect flow for this row is starting. */
  isConnecting: boolean;
  onConnect: (connection: AvailableConnection) => void;
  onReconnect: (connection: AvailableConnection) => void;
  onDisconnect: (connection: AvailableConnection) => void;
}

/** One provider of a category: icon, name, status, and what can be done with it. */
export function ConnectionRow({
  connection,
  isConnecting,
  onConnect,
  onReconnect,
  onDisconnect,
}: ConnectionRowProps) {
  const { type, name, status } = connection;
  const id = useId();
  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const isNotConfigured = status === 'not_configured';
  // Repeated 'Connect' buttons are told apart by the provider's name for screen readers.
  const forName = <span className="sr-only"> {name}</span>;

  return (
    <li
      aria-labelledby={nameId}
      data-status={status}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-center gap-3">
        {/* Only the icon is dimmed: dimmed text would fall below 4.5:1 (accessibility-all.spec.ts). */}
        <IntegrationIcon type={type} className={cn(isNotConfigured && 'opacity-60 grayscale')} />
        <div className="min-w-0">
          <p id={nameId} className="truncate font-medium text-sm text-zinc-900 dark:text-zinc-50">
            {name}
          </p>
          <ConnectionStatusText
            status={status}
            accountEmail={connection.account_email}
            missingPermission={connection.missing_permission}
          />
          {isNotConfigured ? (
            <p id={hintId} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
              {notConfiguredHint(name)}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex shrink-0 flex-wrap gap-2 pl-[3.25rem] sm:pl-0">
        {status === 'not_configured' ? (
          <Button variant="secondary" size="sm" disabled aria-describedby={hintId}>
            {COPY.connect}
            {forName}
          </Button>
        ) : null}
        {status === 'not_connected' ? (
          <Button
            size="sm"
            disabled={isConnecting}
            aria-busy={isConnecting || undefined}
            onClick={() => onConnect(connection)}
          >
            {COPY.connect}
            {forName}
          </Button>
        ) : null}
        {status === 'needs_reconnect' || status === 'permission_missing' ? (
          <Button
            size="sm"
            disabled={isConnecting}
            aria-busy={isConnecting || undefined}
            onClick={() => onReconnect(connection)}
          >
            {COPY.reconnect}
            {forName}
          </Button>
        ) : null}
        {status === 'connected' || status === 'needs_reconnect' || status === 'permission_missing' ? (
          <Button variant="secondary" size="sm" onClick={() => onDisconnect(connection)}>
            {COPY.disconnect}
            {forName}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
