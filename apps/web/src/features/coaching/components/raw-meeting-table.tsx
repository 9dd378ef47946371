// Every field of every meeting row as the server computed it, for advisors who want the numbers.
import type { TCoachingRow } from '@knap/contracts';
import { mutedTextClasses } from '../../../components/ui/card';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../../components/ui/table';
import { StepLoadState } from '../../knaps/components/knap-step';
import { useKnapComponent } from '../../knaps/use-knap-component';
import { emptyText, type TMeetingRawTableData } from '../types';

const FIELDS: ReadonlyArray<keyof TCoachingRow> = [
  'id',
  'title',
  'date',
  'client',
  'advisor',
  'total_words',
  'advisor_words',
  'talk_ratio',
  'questions_asked',
  'next_steps',
  'topics_missed',
];

const raw = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function RawMeetingTable() {
  // Read again each time it is shown: the filters may have changed since.
  const state = useKnapComponent<TMeetingRawTableData>('meeting-raw-table', { live: true });
  if (!state.data)
    return <StepLoadState state={state} loadingLabel="Loading raw data..." emptyText={emptyText({})} />;
  const { rows, filters } = state.data;
  if (!rows.length) return <p className={mutedTextClasses}>{emptyText(filters)}</p>;
  return (
    <div className={tableFrameClasses}>
      <table className="w-full border-collapse font-mono">
        <caption className="sr-only">Raw meeting data</caption>
        <TableHead columns={FIELDS} cellClassName="normal-case" />
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={row.id}>
              {FIELDS.map((field) => (
                <td key={field} className={`${bodyCellClasses} text-xs`}>
                  {raw(row[field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
