// The projection's headline figures, the goals with their cost in their year, and every year's
// figures in a table (the chart's data, for keyboard and screen reader users and for checking).
import type { TFinancialPlanInputs, TPlanProjection } from '@knap/contracts';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { usd } from '../../../lib/format';

interface Figure {
  label: string;
  value: string;
  note?: string;
  isWarning?: boolean;
}

function figuresOf(inputs: TFinancialPlanInputs, p: TPlanProjection): Figure[] {
  const figures: Figure[] = [
    {
      label: 'Assets at retirement',
      value: usd(p.assets_at_retirement),
      note: `In ${p.retirement_year}, at ${inputs.retirement_age}`,
    },
    p.depleted_at_age === null
      ? {
          label: `Left at ${inputs.life_expectancy}`,
          value: usd(p.assets_at_end),
          note: `In ${p.end_year}`,
        }
      : {
          label: 'Money runs out',
          value: `Age ${p.depleted_at_age}`,
          note: `Before the plan ends at ${inputs.life_expectancy}`,
          isWarning: true,
        },
    {
      label: 'First year of retirement spending',
      value: usd(p.spending_at_retirement),
      note: `${usd(inputs.retirement_spending)} in today's dollars`,
    },
  ];
  if (p.first_rmd)
    figures.push({
      label: `First RMD (age ${p.first_rmd.age})`,
      value: usd(p.first_rmd.amount),
      note: `In ${p.first_rmd.year}, were all assets tax-deferred`,
    });
  return figures;
}

export interface ProjectionFiguresProps {
  inputs: TFinancialPlanInputs;
  projection: TPlanProjection;
}

export function ProjectionFigures({ inputs, projection }: ProjectionFiguresProps) {
  const hasGoals = projection.goals.length > 0;
  return (
    <div className="@container flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-3 @md:grid-cols-2 @4xl:grid-cols-4">
        {figuresOf(inputs, projection).map((f) => (
          <div key={f.label} className={cn(cardClasses, 'flex flex-col gap-1')}>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{f.label}</dt>
            <dd
              className={cn(
                'font-semibold text-xl tabular-nums',
                f.isWarning ? 'text-red-600 dark:text-red-400' : 'text-zinc-900 dark:text-zinc-50',
              )}
            >
              {f.value}
            </dd>
            {f.note ? <dd className="text-xs text-zinc-500 dark:text-zinc-400">{f.note}</dd> : null}
          </div>
        ))}
      </dl>
      {hasGoals ? (
        <p className={mutedTextClasses}>
          {projection.without_goals.depleted_at_age === null
            ? `Without the goals, ${usd(projection.without_goals.assets_at_end)} would be left at ${inputs.life_expectancy}.`
            : `Even without the goals, the money would run out at age ${projection.without_goals.depleted_at_age}.`}
        </p>
      ) : null}
      {hasGoals ? (
        <div className={tableFrameClasses}>
          <table className="w-full min-w-[30rem] border-collapse">
            <caption className="sr-only">Goals</caption>
            <TableHead columns={['Goal', 'Year', 'Age', "Today's dollars", 'Cost that year', 'Covered']} />
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {projection.goals.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: goals may repeat a name and year
                <tr key={i}>
                  <td className={bodyCellClasses}>{g.name}</td>
                  <td className={cn(bodyCellClasses, 'tabular-nums')}>{g.year}</td>
                  <td className={cn(bodyCellClasses, 'tabular-nums')}>{g.age}</td>
                  <td className={cn(bodyCellClasses, 'tabular-nums')}>{usd(g.amount)}</td>
                  <td className={cn(bodyCellClasses, 'tabular-nums')}>{usd(g.cost)}</td>
                  <td className={cn(bodyCellClasses, g.funded ? '' : 'text-red-600 dark:text-red-400')}>
                    {g.funded ? 'Yes' : 'Not fully'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-zinc-700 dark:text-zinc-300">
          Year-by-year figures
        </summary>
        <div className={cn(tableFrameClasses, 'mt-2 max-h-96 overflow-y-auto')}>
          <table className="w-full min-w-[36rem] border-collapse">
            <caption className="sr-only">Projected assets by year</caption>
            <TableHead
              columns={['Year', 'Age', 'Assets at start', 'Saved', 'Spending', 'Goals', 'Short']}
              cellClassName="sticky top-0 bg-zinc-50 dark:bg-zinc-900"
            />
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {projection.rows.map((row) => (
                <tr key={row.year}>
                  <th scope="row" className={cn(bodyCellClasses, 'text-left font-normal tabular-nums')}>
                    {row.year}
                  </th>
                  <td className={cn(bodyCellClasses, 'tabular-nums')}>
                    {row.age}
                    {row.partner_age === null ? '' : ` / ${row.partner_age}`}
                  </td>
                  {[row.assets, row.saved, row.spending, row.goals].map((value, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <td key={i} className={cn(bodyCellClasses, 'tabular-nums')}>
                      {usd(value)}
                    </td>
                  ))}
                  <td
                    className={cn(
                      bodyCellClasses,
                      'tabular-nums',
                      row.shortfall > 0 ? 'text-red-600 dark:text-red-400' : '',
                    )}
                  >
                    {row.shortfall > 0 ? usd(row.shortfall) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
