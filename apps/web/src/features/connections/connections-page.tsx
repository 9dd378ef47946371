import { CONNECTION_DETAIL } from '@knap/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { AvailableConnection } from './api';
import { ConnectionRow } from './components/connection-row';
import { McpUrlsSection } from './components/mcp-urls-section';
import { MeetingNotetakerCard } from './components/meeting-notetaker-card';
import { SectionSkeleton } from './components/section-skeleton';
import { useConnectionFlow } from './connect-flow';
import { COPY, categoryLabel } from './copy';
import { useAvailableConnections, useRemoveConnection } from './queries';

const listClasses =
  'divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900';
const headingClasses = 'font-semibold text-base text-zinc-900 dark:text-zinc-50';

/** SPEC §2 connections: the integration catalogue with this user's state, and custom tool URLs. */
export function ConnectionsPage() {
  const { data, isPending, isError, error, refetch } = useAvailableConnections();
  const { connect, pendingType } = useConnectionFlow();
  const [disconnecting, setDisconnecting] = useState<AvailableConnection | null>(null);
  const remove = useRemoveConnection();

  const confirmDisconnect = () => {
    if (!disconnecting) return;
    const { type, name } = disconnecting;
    remove.mutate(
      { scope: type },
      {
        onSuccess: ({ revocation }) => {
          setDisconnecting(null);
          // Removed here either way; say so plainly when the provider may still grant access.
          if (revocation === 'refused') toast.warning(CONNECTION_DETAIL.revocationUnconfirmed(name));
          else toast.success(COPY.disconnected(name));
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          {COPY.pageTitle}
        </h1>
        <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{COPY.pageDescription}</p>
      </header>

      {isPending ? <SectionSkeleton label="Loading connections" rows={4} /> : null}
      {isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 p-4 text-red-700 text-sm dark:border-red-500/30 dark:text-red-300"
        >
          <span>
            {COPY.loadFailed} {error.message}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {COPY.retry}
          </Button>
        </div>
      ) : null}

      {data ? (
        <>
          {data.categories.map(({ category, connections }) => (
            <section key={category} aria-labelledby={`category-${category}`} className="flex flex-col gap-3">
              <h2 id={`category-${category}`} className={headingClasses}>
                {categoryLabel(category)}
              </h2>
              <ul aria-label={categoryLabel(category)} className={listClasses}>
                {connections.map((connection) => (
                  <ConnectionRow
                    key={connection.type}
                    connection={connection}
                    isConnecting={pendingType === connection.type}
                    onConnect={({ type }) => connect(type)}
                    onReconnect={({ type }) => connect(type, { isReconnect: true })}
                    onDisconnect={(target) => {
                      remove.reset();
                      setDisconnecting(target);
                    }}
                  />
                ))}
              </ul>
            </section>
          ))}
          <section aria-labelledby="built-in-title" className="flex flex-col gap-3">
            <h2 id="built-in-title" className={headingClasses}>
              {COPY.builtIn}
            </h2>
            <MeetingNotetakerCard assistant={data.meeting_assistant} />
          </section>
        </>
      ) : null}

      <McpUrlsSection />

      <ConfirmDialog
        isOpen={disconnecting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDisconnecting(null))}
        title={COPY.disconnectTitle(disconnecting?.name ?? '')}
        description={COPY.disconnectDescription(disconnecting?.name ?? '')}
        confirmLabel={COPY.disconnect}
        isPending={remove.isPending}
        error={remove.error?.message}
        onConfirm={confirmDisconnect}
      />
    </div>
  );
}
