import { useId } from 'react';
import { bodyCellClasses, headCellClasses, tableFrameClasses } from '../../../components/ui/table';
import { ASSISTANT_COPY } from '../copy';
import { detailsJson, resultView } from '../tool-results';

export interface ToolResultCardProps {
  tool: string;
  /** The tool's human name. */
  label: string;
  input: unknown;
  output: unknown;
}

/**
 * A tool's result, readable: the main figure, label/value rows, tables where numbers compare, an
 * MCP tool's text and images (data: URLs only, so nothing is fetched), and the raw JSON behind
 * "Show details".
 */
export function ToolResultCard({ tool, label, input, output }: ToolResultCardProps) {
  const titleId = useId();
  const view = resultView(tool, input, output);
  return (
    <section
      aria-labelledby={titleId}
      className="my-2 max-w-xl rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={titleId} className="font-medium text-xs text-zinc-500 dark:text-zinc-400">
        {ASSISTANT_COPY.resultOf(label)}
      </h3>
      {view.headline ? (
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{view.headline.label}</span>
          <span className="font-semibold text-2xl text-zinc-900 tabular-nums dark:text-zinc-50">
            {view.headline.value}
          </span>
        </p>
      ) : null}
      {view.rows.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {view.rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{row.label}</dt>
              <dd className="whitespace-pre-wrap break-words text-zinc-900 tabular-nums dark:text-zinc-100">
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {view.note ? <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{view.note}</p> : null}
      {view.tables.map((table) => (
        <div key={table.caption} className={`mt-3 max-h-72 overflow-y-auto ${tableFrameClasses}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className={headCellClasses}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {table.rows.map((cells, index) => (
                // Rows are positions in a fixed result.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index}>
                  {cells.map((cell, column) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                      key={column}
                      className={`${bodyCellClasses} tabular-nums`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {table.hidden > 0 ? (
            <p className="px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400">
              {ASSISTANT_COPY.moreRows(table.hidden)}
            </p>
          ) : null}
        </div>
      ))}
      {view.text ? (
        <p className="mt-2 max-h-72 overflow-y-auto whitespace-pre-wrap break-words text-sm text-zinc-800 dark:text-zinc-200">
          {view.text}
        </p>
      ) : null}
      {view.images.map((image, index) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: images of a fixed result
          key={index}
          src={image.src}
          alt={ASSISTANT_COPY.imageOf(label, index + 1)}
          className="mt-2 max-h-80 max-w-full rounded-lg border border-zinc-200 object-contain dark:border-zinc-800"
        />
      ))}
      {view.skippedImages > 0 ? (
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{ASSISTANT_COPY.imageTooLarge}</p>
      ) : null}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer rounded text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-200">
          {ASSISTANT_COPY.showDetails}
        </summary>
        <pre className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-50 p-2 text-zinc-700 dark:bg-zinc-950 dark:text-zinc-300">
          {detailsJson(output)}
        </pre>
      </details>
    </section>
  );
}
