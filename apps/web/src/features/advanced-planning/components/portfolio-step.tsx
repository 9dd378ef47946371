// Step 5: the recommended allocation as a table with bars, why, and the disclosure that goes with
// every recommendation (not the advisor's to edit away).

import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { bodyCellClasses, headCellClasses, tableFrameClasses } from '../../../components/ui/table';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { useKnapComponent } from '../../knaps/use-knap-component';
import type { TPortfolioData } from '../types';

export function PortfolioStep() {
  const state = useKnapComponent<TPortfolioData>('portfolio-recommendation');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading the portfolio..."
        emptyText="Finish the action plan first."
      />
    );
  const { allocation, rationale } = state.data.enhanced_insights;
  return (
    <>
      <div className={tableFrameClasses}>
        <table className="w-full min-w-[24rem] border-collapse">
          <caption className="sr-only">Recommended allocation</caption>
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={headCellClasses}>
                Asset class
              </th>
              <th scope="col" className={`${headCellClasses} text-right`}>
                Share
              </th>
              <th scope="col" className={`${headCellClasses} w-1/2`}>
                <span className="sr-only">Share as a bar</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {allocation.map((row) => (
              <tr key={row.asset_class}>
                <th scope="row" className={`${bodyCellClasses} text-left font-medium`}>
                  {row.asset_class}
                </th>
                <td className={`${bodyCellClasses} text-right tabular-nums`}>{row.percent}%</td>
                <td className={bodyCellClasses}>
                  <div aria-hidden="true" className="h-2.5 w-full rounded-full bg-zinc-100 dark:bg-zinc-800">
                    <div
                      className="h-full rounded-full bg-indigo-500 dark:bg-indigo-400"
                      style={{ width: `${Math.min(100, Math.max(0, row.percent))}%` }}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="portfolio-rationale" className="flex flex-col gap-2">
        <h2 id="portfolio-rationale" className={cardHeadingClasses}>
          Rationale
        </h2>
        <p className="whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200">{rationale}</p>
      </section>
      <section aria-labelledby="portfolio-disclosure" className={cardClasses}>
        <h2 id="portfolio-disclosure" className="mb-1 font-semibold text-sm text-zinc-900 dark:text-zinc-50">
          Disclosure
        </h2>
        <p className={mutedTextClasses}>{state.data.disclosure}</p>
      </section>
      <StepAction
        label="Draft client email"
        progressLabel="Drafting the client email..."
        isProcessing={state.isProcessing}
        error={state.error}
        onClick={() => void state.process(state.data)}
      />
    </>
  );
}
