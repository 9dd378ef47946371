// The look of a data table: the scrolling frame, the header cells and the body cells.
import { cn } from '../../lib/cn';

export const tableFrameClasses = 'overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800';
export const headCellClasses =
  'whitespace-nowrap px-3 py-2 text-left font-medium text-xs text-zinc-500 uppercase tracking-wide dark:text-zinc-400';
export const bodyCellClasses = 'px-3 py-2 align-top text-sm text-zinc-800 dark:text-zinc-200';

export interface TableHeadProps {
  columns: readonly string[];
  /** Added to every header cell. */
  cellClassName?: string;
}

/** A table's head: one row of column names. */
export function TableHead({ columns, cellClassName }: TableHeadProps) {
  return (
    <thead className="bg-zinc-50 dark:bg-zinc-900">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={cn(headCellClasses, cellClassName)}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
