import { cn } from '../../../lib/cn';
import type { ConnectionStatus } from '../api';
import { statusText } from '../copy';

const DOT: Record<ConnectionStatus, string> = {
  connected: 'bg-emerald-500',
  needs_reconnect: 'bg-amber-500',
  permission_missing: 'bg-amber-500',
  not_connected: 'bg-zinc-400 dark:bg-zinc-500',
  not_configured: 'bg-zinc-300 dark:bg-zinc-600',
};

const TEXT: Record<ConnectionStatus, string> = {
  connected: 'text-emerald-700 dark:text-emerald-400',
  needs_reconnect: 'text-amber-700 dark:text-amber-400',
  permission_missing: 'text-amber-700 dark:text-amber-400',
  not_connected: 'text-zinc-600 dark:text-zinc-400',
  not_configured: 'text-zinc-500 dark:text-zinc-400',
};

export interface ConnectionStatusTextProps {
  status: ConnectionStatus;
  accountEmail: string | null;
  /** With `permission_missing`: the permission to allow when reconnecting. */
  missingPermission?: string | undefined;
  id?: string;
  className?: string;
}

/**
 * 'Connected as {email}', 'Needs reconnect', 'Permission not granted — reconnect and allow X',
 * 'Not connected' or 'Not configured', with a dot.
 */
export function ConnectionStatusText({
  status,
  accountEmail,
  missingPermission,
  id,
  className,
}: ConnectionStatusTextProps) {
  return (
    <p id={id} className={cn('flex min-w-0 items-center gap-1.5 text-xs', TEXT[status], className)}>
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', DOT[status])} />
      <span className="truncate">{statusText(status, accountEmail, missingPermission)}</span>
    </p>
  );
}
