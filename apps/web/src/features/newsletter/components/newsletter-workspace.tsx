// The screen both newsletter pages share: the user's newsletters of one kind on the left (on top on
// a phone), and on the right either the form that starts one or the open newsletter (?newsletter=id,
// so a reload keeps it). Deleting asks first.
import type { NewsletterKind, TNewsletter, TNewsletterSummary } from '@knap/contracts';
import { Newspaper, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useCurrentUser } from '../../auth/store';
import { useDeleteNewsletter, useNewsletter, useNewsletters } from '../queries';
import { NewNewsletterForm } from './new-newsletter-form';
import { NewsletterEditor } from './newsletter-editor';
import { NewsletterList } from './newsletter-list';

interface OpenNewsletterProps {
  id: string;
  draftError: string | null;
  from: string;
  timeZone: string;
  today: Date;
}

function OpenNewsletter({ id, draftError, from, timeZone, today }: OpenNewsletterProps) {
  const newsletter = useNewsletter(id);
  if (newsletter.isPending) return <Spinner label="Loading the newsletter" showLabel className="py-10" />;
  if (newsletter.isError)
    return newsletter.error instanceof ApiError && newsletter.error.status === 404 ? (
      <ErrorNotice message="This newsletter was not found: it may have been deleted. Choose another, or start a new one." />
    ) : (
      <ErrorNotice message={newsletter.error.message} onRetry={() => void newsletter.refetch()} />
    );
  return (
    <NewsletterEditor
      key={newsletter.data.id}
      newsletter={newsletter.data}
      draftError={draftError}
      from={from}
      timeZone={timeZone}
      today={today}
    />
  );
}

export interface NewsletterWorkspaceProps {
  kind: NewsletterKind;
  title: string;
  description: string;
}

export function NewsletterWorkspace({ kind, title, description }: NewsletterWorkspaceProps) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('newsletter');
  const newsletters = useNewsletters(kind);
  const remove = useDeleteNewsletter();
  const [deleting, setDeleting] = useState<TNewsletterSummary | null>(null);
  const [created, setCreated] = useState<{ id: string; draftError: string | null } | null>(null);
  const user = useCurrentUser();
  const timeZone = resolveTimeZone(user?.timezone);
  const today = useMemo(() => new Date(), []);
  const from = user ? `${user.name || user.email} <${user.email}>` : 'You';
  const noun = kind === 'topics' ? 'newsletter' : 'edition';

  const onCreated = (newsletter: TNewsletter) => {
    setCreated({ id: newsletter.id, draftError: newsletter.draft_error ?? null });
    setParams({ newsletter: newsletter.id });
  };

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Deleted “${deleting.subject}”`);
        if (deleting.id === selectedId) setParams({}, { replace: true });
        setDeleting(null);
      },
    });

  return (
    <Page>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">{title}</h1>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
        {selectedId ? (
          <Button onClick={() => setParams({})}>
            <Plus aria-hidden="true" className="size-4" />
            New {noun}
          </Button>
        ) : null}
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label={`Your ${noun}s`} className={cn(cardClasses, 'self-start p-2')}>
          {newsletters.isPending ? (
            <Spinner label={`Loading your ${noun}s`} showLabel className="p-2" />
          ) : newsletters.isError ? (
            <ErrorNotice message={newsletters.error.message} onRetry={() => void newsletters.refetch()} />
          ) : newsletters.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-3 py-6 text-center">
              <Newspaper aria-hidden="true" className="size-7 text-zinc-400" />
              <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">No {noun}s yet.</p>
              <p className={mutedTextClasses}>The ones you draft are kept here to reopen, send or export.</p>
            </div>
          ) : (
            <NewsletterList
              newsletters={newsletters.data}
              selectedId={selectedId}
              timeZone={timeZone}
              onDelete={setDeleting}
            />
          )}
        </aside>
        {selectedId ? (
          <OpenNewsletter
            key={selectedId}
            id={selectedId}
            draftError={created?.id === selectedId ? created.draftError : null}
            from={from}
            timeZone={timeZone}
            today={today}
          />
        ) : (
          <NewNewsletterForm kind={kind} today={today} onCreated={onCreated} />
        )}
      </div>

      <ConfirmDialog
        isOpen={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.subject ?? ''}”?`}
        description="The draft and its send report are deleted for good. Emails already sent and PDFs already made stay where they are."
        confirmLabel="Delete"
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
