// /sent/:id: one email as it was sent or held. The body is plain text, shown as text: nothing in
// it is rendered as HTML or fetched.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { cardClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { SENT_COPY, SUPERVISION_LABELS, VIA_LABELS } from './copy';
import { useSentEmail } from './queries';
import { SentStatus } from './sent-status';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-32 shrink-0 text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export function SentEmailPage() {
  const { id = '' } = useParams();
  const email = useSentEmail(id);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/sent"
        className="inline-flex items-center gap-1.5 self-start rounded-md text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {SENT_COPY.back}
      </Link>
      {email.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={SENT_COPY.loading} />
        </div>
      ) : email.isError ? (
        <ErrorNotice message={email.error.message} onRetry={() => void email.refetch()} />
      ) : (
        <article className={cn(cardClasses, 'flex flex-col gap-4')}>
          <header className="flex flex-wrap items-start gap-2">
            <h1 className="min-w-0 flex-1 break-words font-semibold text-xl text-zinc-900 dark:text-zinc-50">
              {email.data.subject || SENT_COPY.noSubject}
            </h1>
            <SentStatus status={email.data.status} />
          </header>
          <dl className="flex flex-col gap-2 text-sm">
            <Field label={SENT_COPY.to}>{email.data.to}</Field>
            <Field label={SENT_COPY.when}>
              <time dateTime={email.data.created_at}>{formatDate(email.data.created_at, timeZone)}</time>
            </Field>
            {email.data.via ? <Field label={SENT_COPY.via}>{VIA_LABELS[email.data.via]}</Field> : null}
            {email.data.supervision ? (
              <Field label={SENT_COPY.supervision}>
                {SUPERVISION_LABELS[email.data.supervision]}
                {email.data.reviewer ? ` · ${SENT_COPY.reviewer(email.data.reviewer)}` : ''}
              </Field>
            ) : null}
            {email.data.comment ? (
              <Field label={SENT_COPY.reviewerComment}>{email.data.comment}</Field>
            ) : null}
            {email.data.attachment_names.length ? (
              <Field label={SENT_COPY.attachments}>{email.data.attachment_names.join(', ')}</Field>
            ) : null}
            {email.data.error ? <Field label={SENT_COPY.error}>{email.data.error}</Field> : null}
          </dl>
          <div className="whitespace-pre-wrap break-words border-zinc-200 border-t pt-4 text-sm text-zinc-800 leading-relaxed dark:border-zinc-800 dark:text-zinc-200">
            {email.data.body}
          </div>
        </article>
      )}
    </div>
  );
}
