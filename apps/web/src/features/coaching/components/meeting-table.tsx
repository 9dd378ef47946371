// The meetings that pass the filters with their coaching metrics; a row opens to the model's advice
// and the next steps agreed in the meeting.
import type { TCoachingRow } from '@knap/contracts';
import { ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { mutedTextClasses } from '../../../components/ui/card';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useCurrentUser } from '../../auth/store';
import { StepLoadState } from '../../knaps/components/knap-step';
import { useKnapComponent } from '../../knaps/use-knap-component';
import { emptyText, type TMeetingTableData } from '../types';

const COLUMNS = ['Date', 'Meeting', 'Client', 'Talk ratio', 'Questions', 'Next steps', 'Topics missed'];

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

interface RowDetailsProps {
  row: TCoachingRow;
  advice: string | null | undefined;
  hasAdvice: boolean;
}

function RowDetails({ row, advice, hasAdvice }: RowDetailsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 py-1 sm:grid-cols-2">
      <section
        aria-label={`Coaching advice for ${row.title ?? 'this meeting'}`}
        className="flex flex-col gap-1"
      >
        <h3 className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">Coaching advice</h3>
        <p className="whitespace-pre-wrap text-sm">
          {advice ??
            (hasAdvice
              ? 'The model gave no advice for this meeting.'
              : 'Apply the filters to get coaching advice on each meeting.')}
        </p>
      </section>
      <section className="flex flex-col gap-1">
        <h3 className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">Next steps</h3>
        {row.next_steps.length ? (
          <ul className="list-disc pl-5 text-sm">
            {row.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        ) : (
          <p className={mutedTextClasses}>No next steps were agreed.</p>
        )}
      </section>
    </div>
  );
}

export function MeetingTable() {
  const state = useKnapComponent<TMeetingTableData>('meeting-table');
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (!state.data)
    return <StepLoadState state={state} loadingLabel="Loading meetings..." emptyText={emptyText({})} />;

  const { rows, enhanced_insights: insights, filters } = state.data;
  if (!rows.length) return <p className={mutedTextClasses}>{emptyText(filters)}</p>;
  const advice = new Map(insights?.advice.map((a) => [a.id, a.advice]));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-2">
      {insights ? null : (
        <p className={mutedTextClasses}>Apply the filters to get coaching advice on each meeting.</p>
      )}
      <div className={tableFrameClasses}>
        <table className="w-full min-w-[48rem] border-collapse">
          <caption className="sr-only">Meetings; open a row for its coaching advice and next steps</caption>
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((row) => {
              const isOpen = open.has(row.id);
              const detailsId = `coaching-details-${row.id}`;
              return (
                <Fragment key={row.id}>
                  {/* The whole row opens on a click; keyboard users have the title's button. */}
                  <tr
                    onClick={() => toggle(row.id)}
                    className={cn(
                      'cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
                      isOpen && 'bg-zinc-50 dark:bg-zinc-800/50',
                    )}
                  >
                    <td className={cn(bodyCellClasses, 'whitespace-nowrap')}>
                      {formatDate(row.date, timeZone, { withTime: false })}
                    </td>
                    <td className={bodyCellClasses}>
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? detailsId : undefined}
                        // The row's own click handler toggles; this keeps one toggle per click.
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle(row.id);
                        }}
                        className="inline-flex items-start gap-1 rounded text-left font-medium text-zinc-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-100"
                      >
                        <ChevronRight
                          aria-hidden="true"
                          className={cn('mt-0.5 size-4 shrink-0 transition-transform', isOpen && 'rotate-90')}
                        />
                        {row.title || 'Untitled meeting'}
                      </button>
                    </td>
                    <td className={bodyCellClasses}>{row.client ?? '—'}</td>
                    <td className={cn(bodyCellClasses, 'tabular-nums')}>{percent(row.talk_ratio)}</td>
                    <td className={cn(bodyCellClasses, 'tabular-nums')}>{row.questions_asked}</td>
                    <td className={cn(bodyCellClasses, 'tabular-nums')}>{row.next_steps.length}</td>
                    <td className={bodyCellClasses}>
                      {row.topics_missed.length ? row.topics_missed.join(', ') : 'None'}
                    </td>
                  </tr>
                  {isOpen ? (
                    <tr id={detailsId}>
                      <td
                        colSpan={COLUMNS.length}
                        className={cn(bodyCellClasses, 'bg-zinc-50/60 dark:bg-zinc-900/60')}
                      >
                        <RowDetails row={row} advice={advice.get(row.id)} hasAdvice={insights !== null} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
