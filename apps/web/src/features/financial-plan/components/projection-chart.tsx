// The plan's projected assets, a bar per year: lighter before retirement, darker after, a dashed
// line at retirement, amber marks on goal years and red ones where the money fell short. The
// image has a one-sentence summary for screen readers; the figures are in the table beside it.
import type { TPlanProjection } from '@knap/contracts';
import { useRef } from 'react';
import { cardClasses, cardHeadingClasses } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { compactUsd, usd } from '../../../lib/format';
import { useElementWidth } from '../../../lib/use-element-width';

const PAD = { left: 52, right: 12, top: 28, bottom: 26 };
/** Drawn at the width it is shown, so its text stays 11px; this until it is measured. */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
/** Year labels at least this far apart, in px. */
const LABEL_GAP = 44;

/** The axis top: the largest value rounded up to 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value)!;
  return step * power;
}

export function chartSummary(projection: TPlanProjection, clientName: string): string {
  const first = projection.rows[0]!;
  const last = projection.rows.at(-1)!;
  const retirementAge = first.age + (projection.retirement_year - first.year);
  const ending =
    projection.depleted_at_age === null
      ? `${usd(last.assets)} left at age ${last.age}`
      : `running out at age ${projection.depleted_at_age}`;
  const goals = projection.goals.length;
  return (
    `Projected assets for ${clientName}, ${first.year} to ${last.year}: ${usd(first.assets)} today, ` +
    `${usd(projection.assets_at_retirement)} at retirement in ${projection.retirement_year} (age ${retirementAge}), ${ending}.` +
    (goals ? ` ${goals} ${goals === 1 ? 'goal' : 'goals'} marked.` : '')
  );
}

export interface ProjectionChartProps {
  projection: TPlanProjection;
  clientName: string;
}

export function ProjectionChart({ projection, clientName }: ProjectionChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const W = Math.max(MIN_WIDTH, Math.round(useElementWidth(frame) ?? DEFAULT_WIDTH));
  const H = W < 480 ? 220 : 260;
  const PLOT_W = W - PAD.left - PAD.right;
  const PLOT_H = H - PAD.top - PAD.bottom;
  const { rows } = projection;
  const max = niceMax(Math.max(0, ...rows.map((r) => r.assets)));
  const slot = PLOT_W / rows.length;
  const x = (i: number) => PAD.left + i * slot;
  const y = (value: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;
  const retireAt = rows.findIndex((r) => r.year === projection.retirement_year);
  const labelEvery = [1, 2, 5, 10, 20].find((n) => n * slot >= LABEL_GAP) ?? 25;
  const goalYears = new Map<number, string[]>();
  for (const goal of projection.goals)
    goalYears.set(goal.year, [...(goalYears.get(goal.year) ?? []), `${goal.name}: ${usd(goal.cost)}`]);

  return (
    <figure className={cn(cardClasses, 'flex flex-col gap-3')}>
      <figcaption className={cardHeadingClasses}>Projected assets</figcaption>
      <div ref={frame} className="w-full min-w-0">
        <svg
          role="img"
          aria-label={chartSummary(projection, clientName)}
          viewBox={`0 0 ${W} ${H}`}
          className="block h-auto w-full"
        >
          {[0, 0.25, 0.5, 0.75, 1].map((share) => (
            <g key={share}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(max * share)}
                y2={y(max * share)}
                className="stroke-zinc-200 dark:stroke-zinc-800"
              />
              <text
                x={PAD.left - 6}
                y={y(max * share) + 4}
                textAnchor="end"
                className="fill-zinc-500 text-[11px] dark:fill-zinc-400"
              >
                {compactUsd(max * share)}
              </text>
            </g>
          ))}
          {rows.map((row, i) => {
            const top = y(row.assets);
            const isRetired = retireAt >= 0 && i >= retireAt;
            return (
              <g key={row.year}>
                <rect
                  x={x(i) + slot * 0.12}
                  y={top}
                  width={slot * 0.76}
                  height={PAD.top + PLOT_H - top}
                  className={
                    isRetired
                      ? 'fill-indigo-600 dark:fill-indigo-400'
                      : 'fill-indigo-300 dark:fill-indigo-700'
                  }
                >
                  <title>{`${row.year} (age ${row.age}): ${usd(row.assets)}`}</title>
                </rect>
                {row.shortfall > 0 ? (
                  <rect
                    x={x(i) + slot * 0.12}
                    y={PAD.top + PLOT_H - 4}
                    width={slot * 0.76}
                    height={4}
                    className="fill-red-500"
                  >
                    <title>{`${row.year}: ${usd(row.shortfall)} short`}</title>
                  </rect>
                ) : null}
                {i % labelEvery === 0 || (i === rows.length - 1 && i % labelEvery >= labelEvery * 0.6) ? (
                  <text
                    x={x(i) + slot / 2}
                    y={H - 8}
                    textAnchor="middle"
                    className="fill-zinc-500 text-[11px] dark:fill-zinc-400"
                  >
                    {row.year}
                  </text>
                ) : null}
              </g>
            );
          })}
          {retireAt >= 0 ? (
            <g>
              <line
                x1={x(retireAt)}
                x2={x(retireAt)}
                y1={PAD.top - 10}
                y2={PAD.top + PLOT_H}
                strokeDasharray="4 3"
                className="stroke-zinc-700 dark:stroke-zinc-300"
              />
              <text
                x={x(retireAt) + 4}
                y={PAD.top - 14}
                textAnchor={retireAt > rows.length * 0.7 ? 'end' : 'start'}
                className="fill-zinc-700 font-medium text-[11px] dark:fill-zinc-300"
              >
                {`Retirement ${projection.retirement_year}`}
              </text>
            </g>
          ) : null}
          {[...goalYears].map(([year, labels]) => {
            const i = rows.findIndex((r) => r.year === year);
            if (i < 0) return null;
            const cx = x(i) + slot / 2;
            const cy = PAD.top + PLOT_H - 10;
            return (
              <path
                key={year}
                d={`M ${cx} ${cy - 6} L ${cx + 6} ${cy} L ${cx} ${cy + 6} L ${cx - 6} ${cy} Z`}
                className="fill-amber-400 stroke-amber-700 dark:fill-amber-300"
              >
                <title>{`${year}: ${labels.join(', ')}`}</title>
              </path>
            );
          })}
        </svg>
      </div>
      <ul
        aria-hidden="true"
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400"
      >
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-indigo-300 dark:bg-indigo-700" /> Before retirement
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-indigo-600 dark:bg-indigo-400" /> In retirement
        </li>
        {projection.goals.length > 0 ? (
          <li className="flex items-center gap-1.5">
            <span className="size-3 rotate-45 bg-amber-400" /> Goal
          </li>
        ) : null}
        {rows.some((r) => r.shortfall > 0) ? (
          <li className="flex items-center gap-1.5">
            <span className="h-1 w-3 bg-red-500" /> Short of money
          </li>
        ) : null}
      </ul>
    </figure>
  );
}
