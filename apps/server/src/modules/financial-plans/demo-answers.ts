// The demo model's financial plan narrative: written from the plan's inputs and projected figures
// by plain rules, so the plan screen drafts a narrative offline and deterministically. A real model
// writes a far better one from the same JSON.
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import {
  NARRATIVE_PROMPT,
  PLAN_INPUTS_PROMPT,
  type PlanInputsReadingInput,
  type PlanNarrativeInput,
} from './prompts.js';

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

type Proposal = {
  field: 'current_assets' | 'annual_savings' | 'annual_income';
  value: number;
  label: string;
  seq: number;
};

/** A dollar amount as written: "$850,000", "$1,500.00". */
const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?/g;
/** How many times a year an amount is paid, from what follows it or the line's words. */
const PER_YEAR: Array<[RegExp, number]> = [
  [/(?:\/|\bper\b|\ba\b|\beach\b)\s*(?:month|mo)\b|\bmonthly\b/i, 12],
  [/(?:\/|\bper\b|\ba\b|\beach\b)\s*(?:week|wk)\b|\bweekly\b/i, 52],
  [/(?:\/|\bper\b|\ba\b|\beach\b)\s*quarter\b|\bquarterly\b/i, 4],
  [/(?:\/|\bper\b|\ba\b|\beach\b)\s*(?:biweekly|two weeks)\b|\bbiweekly\b/i, 26],
];
/** A holdings row: ticker, shares, then its value last: "VTI 120 shares $28,800". */
const HOLDING = /^([A-Z][A-Z0-9.]{0,5})\s+[\d,.]+\s+shares?\b.*?(\$\s?[\d,]+(?:\.\d{1,2})?)\s*$/;
/** Lines about money that is not a balance, a contribution or income: left alone. */
const NOT_A_FIGURE = /\b(?:change|gain|loss|fees?|dividends?|interest|withdrawals?|distributions?|tax)\b/i;

const dollars = (text: string) => Number(text.replace(/[$,\s]/g, ''));
const perYear = (line: string) => PER_YEAR.find(([re]) => re.test(line))?.[1] ?? 1;
const listed = new Intl.ListFormat('en-US', { type: 'conjunction' });

/**
 * The plan inputs a statement states, read line by line by plain rules: a contribution line gives
 * annual savings (a monthly one times 12), a salary or income line the annual income, a balance,
 * total or account value line the current assets, and, when there is no such line, the holdings
 * rows added up. A real model reads far more layouts than these.
 */
export function planInputsOf({ passages }: PlanInputsReadingInput): Proposal[] {
  const proposals: Proposal[] = [];
  const holdings: Array<{ ticker: string; value: number; seq: number }> = [];
  for (const { seq, content } of passages) {
    for (const raw of content.split(/\n+/)) {
      const line = raw.replace(/\s+/g, ' ').trim();
      const amounts = [...line.matchAll(AMOUNT)].map((m) => dollars(m[0]));
      if (amounts.length === 0 || NOT_A_FIGURE.test(line)) continue;
      const label = line.length > 120 ? `${line.slice(0, 119)}…` : line;
      const holding = HOLDING.exec(line);
      if (/contribut|deferral/i.test(line))
        proposals.push({ field: 'annual_savings', value: amounts[0]! * perYear(line), label, seq });
      else if (/\b(?:salary|income|wages)\b/i.test(line))
        proposals.push({ field: 'annual_income', value: amounts[0]! * perYear(line), label, seq });
      else if (holding) holdings.push({ ticker: holding[1]!, value: dollars(holding[2]!), seq });
      else if (/\b(?:balance|total|value|401\(k\)|ira|brokerage)\b/i.test(line))
        proposals.push({ field: 'current_assets', value: amounts.at(-1)!, label, seq });
    }
  }
  if (holdings.length > 0 && !proposals.some((p) => p.field === 'current_assets'))
    proposals.push({
      field: 'current_assets',
      value: Math.round(holdings.reduce((sum, h) => sum + h.value, 0) * 100) / 100,
      label: `Holdings ${listed.format(holdings.map((h) => h.ticker))}, added up`,
      seq: holdings[0]!.seq,
    });
  return proposals;
}

export const FINANCIAL_PLAN_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [PLAN_INPUTS_PROMPT.task]: jsonTask((input: PlanInputsReadingInput) =>
    Array.isArray(input?.passages) ? { proposals: planInputsOf(input) } : null,
  ),
  [NARRATIVE_PROMPT.task]: jsonTask((input: PlanNarrativeInput) =>
    input?.inputs && input.projection ? { narrative: narrativeOf(input) } : null,
  ),
};
