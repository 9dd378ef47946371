// /sent: every email the product sent, kept in the outbox or holds for review, newest first; each
// opens to be read (/sent/:id).
import { Paperclip } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { SENT_COPY, SUPERVISION_LABELS, VIA_LABELS } from './copy';
import { useSentEmails } from './queries';
import { SentStatus } from './sent-status';

export function SentPage() {
  const sent = useSentEmails();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const items = sent.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          {SENT_COPY.title}
        </h1>
        <p className={cn(mutedTextClasses, 'mt-1')}>{SENT_COPY.intro}</p>
      </header>
      {sent.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={SENT_COPY.loading} />
        </div>
      ) : sent.isError ? (
        <ErrorNotice message={sent.error.message} onRetry={() => void sent.refetch()} />
      ) : items.length === 0 ? (
        <div className={cn(cardClasses, 'text-center')}>
          <p className="font-medium text-zinc-900 dark:text-zinc-50">{SENT_COPY.empty}</p>
          <p className={cn(mutedTextClasses, 'mt-1')}>{SENT_COPY.emptyBody}</p>
        </div>
      ) : (
        <>
          <ul aria-label={SENT_COPY.title} className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/sent/${encodeURIComponent(item.id)}`}
                  className="flex flex-col gap-1.5 rounded-xl border border-zinc-200 bg-white p-4 transition-colors hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-50">
                      {item.subject || SENT_COPY.noSubject}
                    </span>
                    <SentStatus status={item.status} />
                  </div>
                  <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">
                    {SENT_COPY.to} {item.to}
                  </p>
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
                    <time dateTime={item.created_at}>{formatDate(item.created_at, timeZone)}</time>
                    {item.via ? <span>{VIA_LABELS[item.via]}</span> : null}
                    {item.supervision ? <span>{SUPERVISION_LABELS[item.supervision]}</span> : null}
                    {item.attachment_names.length ? (
                      <span className="inline-flex min-w-0 items-center gap-1">
                        <Paperclip aria-label={SENT_COPY.attachments} className="size-3 shrink-0" />
                        <span className="truncate">{item.attachment_names.join(', ')}</span>
                      </span>
                    ) : null}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
          {sent.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={sent.isFetchingNextPage}
              onClick={() => void sent.fetchNextPage()}
            >
              {SENT_COPY.loadMore}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
