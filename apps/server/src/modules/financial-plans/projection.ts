// A plan's year-by-year projection, from its inputs alone (deterministic): assets grow at the
// expected return; savings are added at the end of each year until retirement; from retirement the
// year's spending (today's amount grown with inflation) leaves at the start of the year, and so does
// each goal in its year. It follows finance.ts `retirementProjection` step for step — without goals
// the two agree to the cent — and adds goals, a row per year and the shortfall once money runs out.
import type { TFinancialPlanInputs, TPlanProjection, TProjectedGoal, TProjectionRow } from '@knap/contracts';
import { futureValue, requiredMinimumDistribution, retirementProjection } from '../tools/finance.js';

/** The age RMDs start at (SECURE 2.0), as `requiredMinimumDistribution` applies it. */
const RMD_START_AGE = 73;

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Today's amount in the dollars of `years` from now, growing with inflation once a year. */
export const inflated = (amount: number, inflationPct: number, years: number): number =>
  futureValue({ presentValue: amount, annualRatePct: inflationPct, years, compoundsPerYear: 1 }).futureValue;

/** The first and last calendar years in which a goal can be paid. */
export function planYears(inputs: TFinancialPlanInputs, baseYear: number): { first: number; last: number } {
  return { first: baseYear, last: baseYear + (inputs.life_expectancy - inputs.client_age) - 1 };
}

export function projectPlan(inputs: TFinancialPlanInputs, baseYear: number): TPlanProjection {
  const { client_age: startAge, retirement_age: retireAge, life_expectancy: endAge } = inputs;
  const growth = 1 + inputs.expected_return_pct / 100;
  const inflation = 1 + inputs.inflation_pct / 100;
  const yearOfAge = (age: number) => baseYear + (age - startAge);

  const goals: TProjectedGoal[] = inputs.goals.map((goal) => ({
    ...goal,
    age: startAge + (goal.year - baseYear),
    cost: inflated(goal.amount, inputs.inflation_pct, Math.max(0, goal.year - baseYear)),
    funded: true,
  }));
  const goalCostIn = (year: number) => goals.reduce((sum, g) => (g.year === year ? sum + g.cost : sum), 0);

  const rows: TProjectionRow[] = [];
  let assets = inputs.current_assets;
  // As retirementProjection does: inflated to the retirement year once, then a year at a time.
  let spending = inputs.retirement_spending * inflation ** (retireAge - startAge);
  let depletedAtAge: number | null = null;
  for (let age = startAge; age < endAge; age++) {
    const year = yearOfAge(age);
    const isRetired = age >= retireAge;
    const spent = isRetired ? spending : 0;
    const goalCost = goalCostIn(year);
    const left = assets - (spent + goalCost);
    const shortfall = left < 0 ? -left : 0;
    const saved = isRetired ? 0 : inputs.annual_savings;
    rows.push({
      year,
      age,
      partner_age: inputs.partner_age === null ? null : inputs.partner_age + (age - startAge),
      assets: round2(assets),
      saved: round2(saved),
      spending: round2(spent),
      goals: round2(goalCost),
      shortfall: round2(shortfall),
    });
    if (shortfall > 0) for (const goal of goals) if (goal.year === year) goal.funded = false;
    assets = Math.max(0, left) * growth + saved;
    if (isRetired) {
      spending *= inflation;
      if (assets <= 0 && depletedAtAge === null) depletedAtAge = age + 1;
      assets = Math.max(0, assets);
    }
  }
  rows.push({
    year: yearOfAge(endAge),
    age: endAge,
    partner_age: inputs.partner_age === null ? null : inputs.partner_age + (endAge - startAge),
    assets: round2(assets),
    saved: 0,
    spending: 0,
    goals: 0,
    shortfall: 0,
  });
  // Goals outside the plan's years are never paid.
  const { first, last } = planYears(inputs, baseYear);
  for (const goal of goals) if (goal.year < first || goal.year > last) goal.funded = false;

  const withoutGoals = retirementProjection({
    currentAge: startAge,
    retirementAge: retireAge,
    currentSavings: inputs.current_assets,
    annualContribution: inputs.annual_savings,
    preRetirementReturnPct: inputs.expected_return_pct,
    postRetirementReturnPct: inputs.expected_return_pct,
    annualSpending: inputs.retirement_spending,
    inflationPct: inputs.inflation_pct,
    horizonAge: endAge,
  });

  const rmdAge = Math.max(RMD_START_AGE, startAge);
  const rmdRow = rmdAge < endAge ? rows[rmdAge - startAge]! : null;
  const rmd = rmdRow
    ? requiredMinimumDistribution({ age: rmdAge, priorYearEndBalance: rmdRow.assets })
    : null;

  return {
    base_year: baseYear,
    retirement_year: yearOfAge(retireAge),
    end_year: yearOfAge(endAge),
    rows,
    assets_at_retirement: rows[retireAge - startAge]!.assets,
    assets_at_end: rows.at(-1)!.assets,
    depleted_at_age: depletedAtAge,
    spending_at_retirement: inflated(inputs.retirement_spending, inputs.inflation_pct, retireAge - startAge),
    without_goals: {
      assets_at_retirement: withoutGoals.balanceAtRetirement,
      assets_at_end: withoutGoals.balanceAtHorizon,
      depleted_at_age: withoutGoals.depletedAtAge,
    },
    first_rmd:
      rmdRow && rmd?.distributionPeriod
        ? {
            age: rmdAge,
            year: rmdRow.year,
            distribution_period: rmd.distributionPeriod,
            amount: rmd.rmd,
          }
        : null,
    goals,
  };
}

/** Every fifth year from today, and the end of the plan: the steps the PDF's bars show. */
export function fiveYearSteps(projection: TPlanProjection): TProjectionRow[] {
  const start = projection.rows[0]!.age;
  return projection.rows.filter((row, i, all) => (row.age - start) % 5 === 0 || i === all.length - 1);
}
