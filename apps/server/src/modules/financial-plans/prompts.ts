// What the financial plans ask the model: the plan's narrative, from its inputs and projection.
import { taskPrompt } from '../../platform/llm/tasks.js';

/** The narrative task; the request is `PlanNarrativeInput` as JSON. */
export const NARRATIVE_PROMPT = taskPrompt('financial-plans.narrative', [
  'You write the narrative of a financial plan for a financial advisor.',
  "You are given the plan as JSON: the client, the inputs (ages in base_year, income, savings, assets, expected return and inflation in percent, spending in retirement in today's dollars)",
  "and the projection computed from them (assets at retirement and at life expectancy, the age the money runs out if it does, goals with their cost in that year's dollars and whether they are covered,",
  'the first required minimum distribution were all assets tax-deferred, and assets at each five-year step).',
  'Write for the client in plain, warm English, in Markdown with these "## " sections: Where things stand, Retirement, Goals, Next steps (3 to 5 "- " bullets).',
  'Use only the figures given, in whole dollars; do not invent numbers, products or returns, and do not promise outcomes.',
  'Answer with JSON only: {"narrative": "<the Markdown>"}.',
]);

/** What the narrative task is given (see financial-plans/service.ts `narrativeInput`). */
export interface PlanNarrativeInput {
  client_name: string;
  base_year: number;
  inputs: {
    client_age: number;
    partner_age: number | null;
    retirement_age: number;
    life_expectancy: number;
    annual_income: number;
    annual_savings: number;
    current_assets: number;
    expected_return_pct: number;
    inflation_pct: number;
    retirement_spending: number;
  };
  projection: {
    retirement_year: number;
    end_year: number;
    assets_at_retirement: number;
    assets_at_end: number;
    depleted_at_age: number | null;
    spending_at_retirement: number;
    without_goals: { assets_at_end: number; depleted_at_age: number | null };
    first_rmd: { age: number; year: number; amount: number } | null;
    goals: Array<{ name: string; year: number; amount: number; cost: number; funded: boolean }>;
  };
}

/** Reading plan inputs from a client's statement; the request is `PlanInputsReadingInput` as JSON. */
export const PLAN_INPUTS_PROMPT = taskPrompt('financial-plans.inputs-from-document', [
  "You read a client's financial statement for a financial advisor, to fill the inputs of a financial plan.",
  'You are given the document as JSON: its file name and its passages, each with its seq number, where it is (page or sheet) and its text.',
  'Propose the figures the statement states for these inputs: current_assets (account balances or the total value of the holdings, in dollars),',
  'annual_savings (contributions, as dollars a year: a monthly contribution times 12) and annual_income (salary or income, as dollars a year).',
  'Each proposal names the field, the value, a short label saying what the statement calls it, and the seq of the passage it is read from.',
  'Use only figures written in the passages; do not estimate, add up unrelated figures or invent anything. When the statement states none, propose nothing.',
  'Answer with JSON only: {"proposals": [{"field": "current_assets", "value": 850000, "label": "401(k) balance", "seq": 1}]}.',
]);

/** What the plan inputs task is given (see financial-plans/service.ts `proposePlanInputs`). */
export interface PlanInputsReadingInput {
  filename: string;
  passages: Array<{ seq: number; location: string; content: string }>;
}
