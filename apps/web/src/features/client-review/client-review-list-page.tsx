// /client-review: the user's annual and periodic client reviews, last edited first; each opens in
// its editor, and 'New review' starts one.
import { BookOpen, ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { StatusBadge } from './components/status-badge';
import { useReviews } from './queries';

export function ClientReviewListPage() {
  const reviews = useReviews();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  return (
    <Page>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
            Client reviews
          </h1>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
            Annual and periodic reviews, drafted from your meeting notes, your CRM and earlier reviews.
          </p>
        </div>
        {reviews.data?.length ? (
          <Link to="/client-review/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            New review
          </Link>
        ) : null}
      </header>

      {reviews.isPending ? (
        <Spinner label="Loading your client reviews" showLabel className="py-10" />
      ) : reviews.isError ? (
        <ErrorNotice message={reviews.error.message} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.length === 0 ? (
        <div className={cn(cardClasses, 'flex flex-col items-center gap-3 py-10 text-center')}>
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
            <BookOpen aria-hidden="true" className="size-5" />
          </span>
          <p className="font-medium text-zinc-900 dark:text-zinc-50">No client reviews yet.</p>
          <p className={cn(mutedTextClasses, 'max-w-sm')}>
            Pick a client and a period: the review is drafted from the notes of your meetings with them.
          </p>
          <Link to="/client-review/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            New review
          </Link>
        </div>
      ) : (
        <ul aria-label="Client reviews" className="flex flex-col gap-2">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <Link
                to={`/client-review/${encodeURIComponent(review.id)}`}
                className={cn(
                  cardClasses,
                  'flex items-center gap-3 transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:border-indigo-500/40 dark:hover:bg-indigo-500/5',
                )}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-900 dark:text-zinc-50">{review.client_name}</p>
                  <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{review.period_label}</p>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {review.sent_at
                      ? `Sent ${formatDate(review.sent_at, timeZone)}`
                      : `Updated ${formatDate(review.updated_at, timeZone)}`}
                  </p>
                </div>
                <StatusBadge status={review.status} />
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
