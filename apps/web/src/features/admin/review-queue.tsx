// The review queue (supervision): client email held until an admin of the author's organization
// approves it (then it is sent) or returns it with a comment. Decided ones are listed for the record.
import type { TEmailReview } from '@knap/contracts';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { TextAreaField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import type { ReviewStatus } from './api';
import { useDecideReview, useEmailReviews } from './queries';
import { StatusFilter, StatusList } from './status-list';

const VIEWS: Array<{ status: ReviewStatus; label: string }> = [
  { status: 'pending', label: 'Waiting' },
  { status: 'approved', label: 'Approved' },
  { status: 'returned', label: 'Returned' },
];

const SENT_VIA = {
  gmail: 'sent from Gmail',
  outlook: 'sent from Outlook',
  outbox: 'kept in the outbox',
} as const;

function ReviewCard({ review, timeZone }: { review: TEmailReview; timeZone: string }) {
  const decide = useDecideReview();
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = `review-${review.id}`;

  const submit = (approve: boolean) => {
    if (!approve && !comment.trim()) {
      setError('Say what the author should change');
      return;
    }
    setError(null);
    decide.mutate(
      { id: review.id, approve, ...(approve ? {} : { comment: comment.trim() }) },
      {
        onSuccess: (decided) =>
          toast.success(
            decided.status === 'approved'
              ? `Approved: the email to ${decided.to} was ${SENT_VIA[decided.delivered_to ?? 'outbox']}`
              : `Returned to ${decided.author_name || decided.author_email}`,
          ),
      },
    );
  };

  return (
    <li aria-labelledby={headingId} className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
          {review.subject}
        </h3>
        <span className={mutedTextClasses}>{formatDate(review.created_at, timeZone)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">From</dt>
        <dd className="min-w-0 break-words">
          {review.author_name ? `${review.author_name} <${review.author_email}>` : review.author_email}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">To</dt>
        <dd className="min-w-0 break-words">{review.to}</dd>
      </dl>
      {/* Plain text, as it will be sent: never rendered as HTML. */}
      <p className="max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-3 text-sm text-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-200">
        {review.body}
      </p>
      {review.attachment_filename ? (
        <p className={cn(mutedTextClasses, 'flex items-center gap-1.5')}>
          <Paperclip aria-hidden="true" className="size-4" />
          {review.attachment_filename}
        </p>
      ) : null}

      {review.status === 'pending' ? (
        <div className="flex flex-col gap-3">
          {returning ? (
            <TextAreaField
              label="Comment for the author"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={2000}
              rows={3}
              error={error}
              autoFocus
            />
          ) : null}
          {decide.error ? <ErrorNotice message={decide.error.message} /> : null}
          <div className="flex flex-wrap gap-2">
            {returning ? (
              <>
                <Button variant="danger" onClick={() => submit(false)} disabled={decide.isPending}>
                  Return to author
                </Button>
                <Button variant="ghost" onClick={() => setReturning(false)} disabled={decide.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button onClick={() => submit(true)} disabled={decide.isPending}>
                  {decide.isPending ? <Spinner label="Sending" /> : null}
                  Approve and send
                </Button>
                <Button variant="secondary" onClick={() => setReturning(true)} disabled={decide.isPending}>
                  Return…
                </Button>
              </>
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {review.status === 'approved'
            ? `Approved by ${review.reviewer} and ${SENT_VIA[review.delivered_to ?? 'outbox']}`
            : `Returned by ${review.reviewer}: ${review.comment}`}
          {review.decided_at ? ` · ${formatDate(review.decided_at, timeZone)}` : ''}
        </p>
      )}
    </li>
  );
}

/** The admin's review queue tab. */
export function ReviewQueue() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const reviews = useEmailReviews(status);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  return (
    <section aria-label="Review queue" className="flex flex-col gap-4">
      <p className={mutedTextClasses}>
        When your organization requires review (Retention tab), client email drafted in the studio or by the
        assistant waits here until an admin approves it.
      </p>
      <StatusFilter views={VIEWS} status={status} onChange={setStatus} />
      <StatusList
        query={reviews}
        loadingLabel="Loading the review queue"
        emptyText={status === 'pending' ? 'No email is waiting for review.' : `No ${status} email yet.`}
        noun="email"
      >
        {(review) => <ReviewCard key={review.id} review={review} timeZone={timeZone} />}
      </StatusList>
    </section>
  );
}
