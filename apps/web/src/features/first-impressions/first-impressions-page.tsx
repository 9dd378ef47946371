// /first-impressions: before a first meeting with a prospect. The form (name, email, company) and
// the user's saved briefings on the left (on top on a phone); the open briefing (?id=…, so a reload
// keeps it) on the right: what was found, the briefing and the questions, edited and autosaved.
import type { TBriefing } from '@knap/contracts';
import { UserSearch } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { BriefingList, prospectTitle } from './components/briefing-list';
import { BriefingView } from './components/briefing-view';
import { PrepareForm } from './components/prepare-form';
import { useBriefing, useBriefings, useDeleteBriefing } from './queries';

interface OpenBriefingProps {
  id: string;
  timeZone: string;
  focusOnOpen: boolean;
  onDelete: (briefing: TBriefing) => void;
}

function OpenBriefing({ id, timeZone, focusOnOpen, onDelete }: OpenBriefingProps) {
  const briefing = useBriefing(id);
  if (briefing.isPending) return <Spinner label="Loading the briefing" showLabel className="py-10" />;
  if (briefing.isError)
    return briefing.error instanceof ApiError && briefing.error.status === 404 ? (
      <ErrorNotice message="This briefing was not found: it may have been deleted. Choose another, or prepare a new one." />
    ) : (
      <ErrorNotice message={briefing.error.message} onRetry={() => void briefing.refetch()} />
    );
  return (
    <BriefingView
      key={briefing.data.id}
      briefing={briefing.data}
      timeZone={timeZone}
      focusOnOpen={focusOnOpen}
      onDelete={() => onDelete(briefing.data)}
    />
  );
}

export function FirstImpressionsPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const briefings = useBriefings();
  const remove = useDeleteBriefing();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TBriefing | null>(null);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  const onCreated = (briefing: TBriefing) => {
    setCreatedId(briefing.id);
    setParams({ id: briefing.id });
  };

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Deleted the briefing for ${prospectTitle(deleting)}`);
        if (deleting.id === selectedId) setParams({}, { replace: true });
        setDeleting(null);
      },
    });

  return (
    <Page>
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          First impressions
        </h1>
        <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
          Before a first meeting: what your meetings, notes and CRMs already know about the person, a briefing
          and the questions to ask.
        </p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <PrepareForm onCreated={onCreated} />
          <section aria-labelledby="saved-briefings" className={cn(cardClasses, 'flex flex-col gap-2 p-2')}>
            <h2 id="saved-briefings" className={cn(cardHeadingClasses, 'px-2 pt-2')}>
              Saved briefings
            </h2>
            {briefings.isPending ? (
              <Spinner label="Loading your briefings" showLabel className="p-2" />
            ) : briefings.isError ? (
              <ErrorNotice message={briefings.error.message} onRetry={() => void briefings.refetch()} />
            ) : briefings.data.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-3 py-6 text-center">
                <UserSearch aria-hidden="true" className="size-7 text-zinc-400" />
                <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">No briefings yet.</p>
                <p className={mutedTextClasses}>
                  Enter a prospect's name or email above: the briefings you prepare are kept here.
                </p>
              </div>
            ) : (
              <BriefingList briefings={briefings.data} selectedId={selectedId} timeZone={timeZone} />
            )}
          </section>
        </div>
        {selectedId ? (
          <OpenBriefing
            key={selectedId}
            id={selectedId}
            timeZone={timeZone}
            focusOnOpen={selectedId === createdId}
            onDelete={setDeleting}
          />
        ) : (
          <div className={cn(cardClasses, 'flex flex-col items-center gap-2 self-start py-10 text-center')}>
            <UserSearch aria-hidden="true" className="size-8 text-zinc-400" />
            <p className="font-medium text-zinc-900 dark:text-zinc-50">No briefing open.</p>
            <p className={cn(mutedTextClasses, 'max-w-md')}>
              Prepare one for someone you are about to meet, or open a saved one. You get who they are, what
              you already know and where it came from, talking points and questions to ask.
            </p>
          </div>
        )}
      </div>

      <ConfirmDialog
        isOpen={!!deleting}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete the briefing for ${deleting ? prospectTitle(deleting) : ''}?`}
        description="The briefing and its questions are deleted for good. PDFs already made stay in your Library."
        confirmLabel="Delete"
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
