// What the last send did, per recipient: sent from an account, waiting in the outbox (no account
// connected), held for the organization's review, or failed with the reason.
import type { TNewsletterRecipientResult, TNewsletterSendReport } from '@knap/contracts';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDate, plural } from '../../../lib/format';

type Outcome = 'sent' | 'outbox' | 'review' | 'failed';

const outcomeOf = (r: TNewsletterRecipientResult): Outcome =>
  r.delivered_to === 'gmail' || r.delivered_to === 'outlook'
    ? 'sent'
    : r.delivered_to === 'outbox'
      ? 'outbox'
      : r.delivered_to === 'review'
        ? 'review'
        : 'failed';

const SUMMARY: Record<Outcome, (n: number) => string> = {
  sent: (n) => `${plural(n, 'email')} sent`,
  outbox: (n) => `${plural(n, 'email')} in your outbox (no mail account connected)`,
  review: (n) => `${plural(n, 'email')} held for your organization's review`,
  failed: (n) => `${plural(n, 'email')} failed`,
};

function statusOf(r: TNewsletterRecipientResult): string {
  switch (outcomeOf(r)) {
    case 'sent':
      return `Sent from ${r.delivered_to === 'gmail' ? 'Gmail' : 'Outlook'}`;
    case 'outbox':
      return 'In your outbox';
    case 'review':
      return 'Waiting for review';
    default:
      return `Failed: ${r.error ?? 'not sent'}`;
  }
}

/** '2 emails in your outbox (…), 1 email failed'. */
export function sendSummary(results: TNewsletterRecipientResult[]): string {
  const counts = new Map<Outcome, number>();
  for (const r of results) counts.set(outcomeOf(r), (counts.get(outcomeOf(r)) ?? 0) + 1);
  return (['sent', 'outbox', 'review', 'failed'] as const)
    .filter((o) => counts.get(o))
    .map((o) => SUMMARY[o](counts.get(o)!))
    .join(', ');
}

export interface SendReportProps {
  report: TNewsletterSendReport;
  timeZone: string;
}

export function SendReport({ report, timeZone }: SendReportProps) {
  return (
    <section aria-labelledby="newsletter-last-send" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <h3 id="newsletter-last-send" className={cardHeadingClasses}>
        Last send
      </h3>
      <p className={mutedTextClasses}>
        {formatDate(report.sent_at, timeZone)}: {sendSummary(report.results)}.
      </p>
      <ul aria-label="Recipients of the last send" className="flex flex-col gap-1 text-sm">
        {report.results.map((r) => (
          <li key={r.email} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
            <span className="min-w-0 break-all text-zinc-900 dark:text-zinc-100">
              {r.name} <span className="text-zinc-500 dark:text-zinc-400">{r.email}</span>
            </span>
            <span
              className={
                outcomeOf(r) === 'failed'
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-zinc-600 dark:text-zinc-400'
              }
            >
              {statusOf(r)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
