// The demo model's financial plan narrative: written from the plan's inputs and projected figures
// by plain rules, so the plan screen drafts a narrative offline and deterministically. A real model
// writes a far better one from the same JSON.
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import { NARRATIVE_PROMPT, type PlanNarrativeInput } from './prompts.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const pct = (n: number) => `${Number(n.toFixed(2))}%`;

function narrativeOf({ client_name: client, base_year, inputs: i, projection: p }: PlanNarrativeInput) {
  const partner = i.partner_age === null ? '' : ` (partner ${i.partner_age})`;
  const savingsRate = i.annual_income > 0 ? (i.annual_savings / i.annual_income) * 100 : null;
  const today = [
    `${client} is ${i.client_age}${partner} in ${base_year}, with ${usd.format(i.current_assets)} in investable assets`,
    i.annual_income > 0
      ? `, an income of ${usd.format(i.annual_income)} a year and savings of ${usd.format(i.annual_savings)} a year` +
        (savingsRate === null ? '' : ` (${Math.round(savingsRate)}% of income)`)
      : `, saving ${usd.format(i.annual_savings)} a year`,
    '.',
  ].join('');

  const lasts =
    p.depleted_at_age === null
      ? `The assets last through age ${i.life_expectancy} (${p.end_year}), leaving **${usd.format(p.assets_at_end)}**.`
      : `At this pace the money runs out at age **${p.depleted_at_age}**, before the plan's end at ${i.life_expectancy}.`;
  const retirement = [
    `Retiring at ${i.retirement_age} in ${p.retirement_year}, the assets are projected to reach **${usd.format(p.assets_at_retirement)}**, ` +
      `assuming a return of ${pct(i.expected_return_pct)} a year.`,
    `Spending of ${usd.format(i.retirement_spending)} a year in today's dollars becomes ${usd.format(p.spending_at_retirement)} ` +
      `in ${p.retirement_year} at ${pct(i.inflation_pct)} inflation.`,
    lasts,
  ].join(' ');

  const goals =
    p.goals.length === 0
      ? ['No goals are set yet.']
      : [
          ...p.goals.map(
            (g) =>
              `- **${g.name}** in ${g.year}: ${usd.format(g.cost)} then (${usd.format(g.amount)} today) — ` +
              (g.funded ? 'covered by the plan.' : 'not fully covered.'),
          ),
          '',
          p.without_goals.depleted_at_age === null
            ? `Without these goals, ${usd.format(p.without_goals.assets_at_end)} would be left at ${i.life_expectancy}.`
            : `Even without these goals, the money would run out at age ${p.without_goals.depleted_at_age}.`,
        ];

  const steps: string[] = [];
  if (p.depleted_at_age !== null)
    steps.push('Close the gap: save more, retire a little later or plan to spend less in retirement.');
  if (p.goals.some((g) => !g.funded)) steps.push('Decide which goals come first, or move their dates.');
  if (savingsRate !== null && savingsRate < 15) steps.push('Raise savings toward 15% of income.');
  if (p.first_rmd)
    steps.push(
      `Plan for required minimum distributions from ${p.first_rmd.year} (age ${p.first_rmd.age}) on tax-deferred accounts: about ${usd.format(p.first_rmd.amount)} in the first year if all assets were tax-deferred.`,
    );
  steps.push('Review the plan every year, and whenever income, family or goals change.');

  return [
    '## Where things stand',
    today,
    '',
    '## Retirement',
    retirement,
    '',
    '## Goals',
    ...goals,
    '',
    '## Next steps',
    ...steps.map((s) => `- ${s}`),
  ].join('\n');
}

export const FINANCIAL_PLAN_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [NARRATIVE_PROMPT.task]: jsonTask((input: PlanNarrativeInput) =>
    input?.inputs && input.projection ? { narrative: narrativeOf(input) } : null,
  ),
};
