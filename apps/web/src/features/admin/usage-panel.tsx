// The organization's usage by week, drawn as bar charts: chats started, assistant replies, tool
// calls and credits spent. Each chart is an image with a summary for screen readers, and the
// figures are in a table below.
import type { TFeedbackSummary, TUsageWeek } from '@knap/contracts';
import { useState } from 'react';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { useUsage } from './queries';

type Metric = Exclude<keyof TUsageWeek, 'week_start'>;
const METRICS: Array<{ key: Metric; label: string }> = [
  { key: 'chats', label: 'Chats started' },
  { key: 'completions', label: 'Assistant replies' },
  { key: 'tool_calls', label: 'Tool calls' },
  { key: 'credits', label: 'Credits spent' },
];
const RANGES = [4, 12, 26, 52] as const;

/** 'Nov 16' for a YYYY-MM-DD week start. */
const weekLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const W = 320;
const H = 120;
const PAD = 4;

export function UsageChart({ weeks, metric, label }: { weeks: TUsageWeek[]; metric: Metric; label: string }) {
  const values = weeks.map((w) => w[metric]);
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const slot = (W - PAD * 2) / Math.max(1, weeks.length);
  const last = weeks.at(-1);
  const summary = `${label}: ${formatCount(total)} over ${weeks.length} weeks, ${
    last ? `${formatCount(last[metric])} in the week of ${weekLabel(last.week_start)}` : 'none'
  }, at most ${formatCount(Math.max(0, ...values))} in a week.`;
  return (
    <figure className={cn(cardClasses, 'flex flex-col gap-2')}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className={cardHeadingClasses}>{label}</span>
        <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{formatCount(total)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${W} ${H}`}
        className="h-28 w-full"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {weeks.map((w, i) => {
          const h = (w[metric] / max) * (H - PAD * 2);
          return (
            <rect
              key={w.week_start}
              x={PAD + i * slot + slot * 0.15}
              y={H - h}
              width={slot * 0.7}
              height={h}
              rx={2}
              className="fill-indigo-500 dark:fill-indigo-400"
            >
              <title>{`${weekLabel(w.week_start)}: ${formatCount(w[metric])}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        <span>{weeks[0] ? weekLabel(weeks[0].week_start) : ''}</span>
        <span>{last ? weekLabel(last.week_start) : ''}</span>
      </div>
    </figure>
  );
}

/** 'Nov 16, 2026' for an ISO time. */
const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/** The members' thumbs up and down on replies over the period, and their newest notes. */
export function FeedbackSummary({ feedback }: { feedback: TFeedbackSummary }) {
  return (
    <section aria-labelledby="usage-feedback" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <h3 id="usage-feedback" className={cardHeadingClasses}>
        Feedback on replies
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <span className="tabular-nums">{formatCount(feedback.up)}</span> thumbs up,{' '}
        <span className="tabular-nums">{formatCount(feedback.down)}</span> thumbs down
      </p>
      {feedback.notes.length === 0 ? (
        <p className={mutedTextClasses}>No notes yet.</p>
      ) : (
        <ul aria-label="Recent notes" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {feedback.notes.map((n) => (
            <li key={`${n.member}-${n.updated_at}-${n.note}`} className="flex flex-col gap-0.5 py-2 text-sm">
              <span className="text-zinc-900 dark:text-zinc-100">{n.note}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                {n.rating === 'up' ? 'Thumbs up' : 'Thumbs down'} · {n.member} · {dayLabel(n.updated_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function UsagePanel() {
  const [weeks, setWeeks] = useState<number>(12);
  const usage = useUsage(weeks);
  return (
    <section aria-label="Usage" className="flex flex-col gap-4">
      <SelectField
        label="Period"
        value={String(weeks)}
        options={RANGES.map((n) => ({ value: String(n), label: `Last ${n} weeks` }))}
        onChange={(e) => setWeeks(Number(e.target.value))}
        className="max-w-xs"
      />
      {usage.isPending ? (
        <Spinner label="Loading usage" showLabel />
      ) : usage.isError ? (
        <ErrorNotice message={usage.error.message} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <p className={mutedTextClasses}>
            Weeks start on Monday (UTC). Everyone in your organization is counted.
          </p>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {METRICS.map((m) => (
              <UsageChart key={m.key} weeks={usage.data.weeks} metric={m.key} label={m.label} />
            ))}
          </div>
          <FeedbackSummary feedback={usage.data.feedback} />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-zinc-700 dark:text-zinc-300">
              Figures by week
            </summary>
            <div className={cn(tableFrameClasses, 'mt-2')}>
              <table className="w-full min-w-[32rem] border-collapse">
                <TableHead columns={['Week of', ...METRICS.map((m) => m.label)]} />
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {[...usage.data.weeks].reverse().map((w) => (
                    <tr key={w.week_start}>
                      <td className={bodyCellClasses}>{weekLabel(w.week_start)}</td>
                      {METRICS.map((m) => (
                        <td key={m.key} className={cn(bodyCellClasses, 'tabular-nums')}>
                          {formatCount(w[m.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
