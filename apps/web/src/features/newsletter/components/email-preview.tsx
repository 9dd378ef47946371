// The newsletter as a client will read it: the email's header lines and the body rendered from
// Markdown (safely: no raw HTML), with one client's first name put in.
import { personalize } from '@knap/contracts';
import { Markdown } from '../../../components/ui/markdown';
import { cn } from '../../../lib/cn';

export interface EmailPreviewProps {
  from: string;
  subject: string;
  body: string;
  /** The first name put in for {{first_name}}; null shows the fallback. */
  firstName: string | null;
  /** The name is made up (no client to show it for), and the preview says so. */
  isSample?: boolean;
  className?: string;
}

export function EmailPreview({
  from,
  subject,
  body,
  firstName,
  isSample = false,
  className,
}: EmailPreviewProps) {
  const row = 'grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2';
  return (
    <article
      aria-label="Email preview"
      className={cn(
        'overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950',
        className,
      )}
    >
      <dl className="flex flex-col gap-1 border-zinc-200 border-b bg-zinc-50 px-4 py-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className={row}>
          <dt className="text-zinc-500 dark:text-zinc-400">From</dt>
          <dd className="truncate text-zinc-800 dark:text-zinc-200">{from}</dd>
        </div>
        <div className={row}>
          <dt className="text-zinc-500 dark:text-zinc-400">To</dt>
          <dd className="truncate text-zinc-800 dark:text-zinc-200">
            Each client, in their own email
            {firstName
              ? isSample
                ? ` (a sample, shown for the made-up name ${firstName})`
                : ` (shown for ${firstName})`
              : ''}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-zinc-500 dark:text-zinc-400">Subject</dt>
          <dd className="break-words font-medium text-zinc-900 dark:text-zinc-50">
            {personalize(subject, firstName)}
          </dd>
        </div>
      </dl>
      <div className="break-words px-4 py-4 text-sm text-zinc-800 leading-relaxed sm:px-6 dark:text-zinc-200">
        {body.trim() ? (
          <Markdown content={personalize(body, firstName)} />
        ) : (
          <p className="text-zinc-500 dark:text-zinc-400">Nothing written yet.</p>
        )}
      </div>
    </article>
  );
}
