import { ChevronRight } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LAYER } from '../../../components/ui/layers';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { AvailableConnection } from '../api';
import { useConnectionFlow } from '../connect-flow';
import { COPY, categoryLabel } from '../copy';
import { useAvailableConnections } from '../queries';
import { ConnectionStatusText } from './connection-status';
import { IntegrationIcon } from './integration-icon';

const itemClasses =
  'flex min-h-11 cursor-default select-none items-center gap-3 rounded-md px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';
const labelClasses =
  'px-2 pt-2 pb-1 font-medium text-[11px] text-zinc-500 uppercase tracking-wide dark:text-zinc-400';

export interface ConnectionsDropdownProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The trigger (rendered with DropdownMenu.Trigger asChild). */
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
}

/** What choosing a provider in the menu does, by its state. */
function actionLabel(connection: AvailableConnection): string | null {
  switch (connection.status) {
    case 'not_connected':
      return COPY.connect;
    case 'needs_reconnect':
    case 'permission_missing':
      return COPY.reconnect;
    default:
      return null;
  }
}

/**
 * The connections dropdown of SPEC §2: every integration with its state; choosing one that is not
 * connected starts its connect flow, a connected one leads to the connections screen.
 */
export function ConnectionsDropdown({
  isOpen,
  onOpenChange,
  children,
  align = 'end',
}: ConnectionsDropdownProps) {
  const { data, isPending, isError, error } = useAvailableConnections({ enabled: isOpen });
  const { connect } = useConnectionFlow();
  const navigate = useNavigate();

  const choose = (connection: AvailableConnection) => {
    if (connection.status === 'not_connected') connect(connection.type);
    else if (connection.status === 'needs_reconnect' || connection.status === 'permission_missing')
      connect(connection.type, { isReconnect: true });
    else navigate('/connections');
  };

  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          // Named by itself: the trigger may be an unlabelled anchor (the event-opened menu).
          aria-labelledby={undefined}
          aria-label={COPY.pageTitle}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            LAYER.menu,
            'max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(20rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          {isPending ? <Spinner label="Loading connections" showLabel className="p-3" /> : null}
          {isError ? (
            <p role="alert" className="p-3 text-red-600 text-sm dark:text-red-400">
              {error.message}
            </p>
          ) : null}
          {data?.categories.map(({ category, connections }, index) => (
            <Fragment key={category}>
              {index > 0 ? (
                <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
              ) : null}
              <DropdownMenu.Group>
                <DropdownMenu.Label className={labelClasses}>{categoryLabel(category)}</DropdownMenu.Label>
                {connections.map((connection) => {
                  const action = actionLabel(connection);
                  return (
                    <DropdownMenu.Item
                      key={connection.type}
                      disabled={connection.status === 'not_configured'}
                      className={itemClasses}
                      onSelect={() => choose(connection)}
                    >
                      <IntegrationIcon
                        type={connection.type}
                        size="sm"
                        className={cn(connection.status === 'not_configured' && 'grayscale')}
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate font-medium">{connection.name}</span>
                        <ConnectionStatusText
                          status={connection.status}
                          accountEmail={connection.account_email}
                        />
                      </span>
                      {action ? (
                        <span className="shrink-0 font-medium text-indigo-600 text-xs dark:text-indigo-400">
                          {action}
                        </span>
                      ) : null}
                    </DropdownMenu.Item>
                  );
                })}
              </DropdownMenu.Group>
            </Fragment>
          ))}
          {data ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
              <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/connections')}>
                <span className="flex-1 font-medium">{COPY.manageConnections}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-zinc-400" />
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
