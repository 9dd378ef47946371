// The editor's draft: every field as the user typed it, turned into the PUT body when it reads as
// numbers. Only typing is checked here (a number where one is needed); the plan's rules (ages in
// order, limits, goal years) are the server's, and its 422 detail is shown on the field it names.
// A goal row is the exception: an empty one is ignored and an unfinished one is left out of the save
// (its problems shown on that row), so one row never keeps the rest of the plan from being saved.
import {
  type FINANCIAL_PLAN_LIMITS,
  type TFinancialPlan,
  type TFinancialPlanUpdate,
  ZPlanGoal,
} from '@knap/contracts';
import type { FieldErrors, PreparedDraft } from '../../lib/autosave';

/** The server's limit (FINANCIAL_PLAN_LIMITS.goals); typed against it so the two cannot drift. */
export const MAX_GOALS: (typeof FINANCIAL_PLAN_LIMITS)['goals'] = 20;
export const NARRATIVE_MAX: (typeof FINANCIAL_PLAN_LIMITS)['narrative'] = 20_000;
export const CLIENT_NAME_MAX: (typeof FINANCIAL_PLAN_LIMITS)['clientName'] = 120;

export interface GoalDraft {
  /** Keys rows while goals are added and removed. */
  key: string;
  name: string;
  amount: string;
  year: string;
}

export interface PlanDraft {
  client_name: string;
  client_age: string;
  partner_age: string;
  retirement_age: string;
  life_expectancy: string;
  annual_income: string;
  annual_savings: string;
  current_assets: string;
  expected_return_pct: string;
  inflation_pct: string;
  retirement_spending: string;
  goals: GoalDraft[];
  narrative: string;
}

export type NumberField = Exclude<keyof PlanDraft, 'client_name' | 'goals' | 'narrative'>;

/** Field errors by the path the server names them with: 'client_age', 'goals.1.year'. */
export type { FieldErrors };

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** A dollar amount as the draft shows it: "1,250,000". */
export const moneyText = (n: number) => grouped.format(n);

let goalKeys = 0;
export const newGoalKey = () => `goal-${++goalKeys}`;

export function draftOf(plan: TFinancialPlan): PlanDraft {
  const i = plan.inputs;
  return {
    client_name: i.client_name,
    client_age: String(i.client_age),
    partner_age: i.partner_age === null ? '' : String(i.partner_age),
    retirement_age: String(i.retirement_age),
    life_expectancy: String(i.life_expectancy),
    annual_income: moneyText(i.annual_income),
    annual_savings: moneyText(i.annual_savings),
    current_assets: moneyText(i.current_assets),
    expected_return_pct: String(i.expected_return_pct),
    inflation_pct: String(i.inflation_pct),
    retirement_spending: moneyText(i.retirement_spending),
    goals: i.goals.map((g) => ({
      key: newGoalKey(),
      name: g.name,
      amount: moneyText(g.amount),
      year: String(g.year),
    })),
    narrative: plan.narrative,
  };
}

/** '650,000', '$ 1,200.50', '5.5' → numbers; '' and words → null. */
export function readNumber(text: string): number | null {
  const clean = text.replace(/[$,%\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  return Number(clean);
}

export type ParsedDraft = PreparedDraft<TFinancialPlanUpdate> & {
  /** The draft row of each goal sent, by its place in the body (the server names goals by that). */
  goalRows?: number[];
};

/** A row added and not filled in (its year comes filled in). */
const isBlankGoal = (goal: GoalDraft) => goal.name.trim() === '' && goal.amount.trim() === '';

type Goal = TFinancialPlanUpdate['goals'][number];

/** The goal as the server takes it, or its problems by field path ('goals.2.year'). */
function parseGoal(goal: GoalDraft, i: number): PreparedDraft<Goal> {
  const errors: FieldErrors = {};
  const amount = readNumber(goal.amount);
  const year = readNumber(goal.year);
  if (amount === null) errors[`goals.${i}.amount`] = 'Enter the amount';
  if (year === null || !Number.isInteger(year)) errors[`goals.${i}.year`] = 'Enter a year, e.g. 2035';
  const parsed = ZPlanGoal.safeParse({ name: goal.name, amount: amount ?? 1, year: year ?? 2000 });
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[`goals.${i}.${String(issue.path[0])}`] ??= issue.message;
  return parsed.success && Object.keys(errors).length === 0
    ? { ok: true, body: parsed.data }
    : { ok: false, errors };
}

const AGE_FIELDS = new Set<NumberField>(['client_age', 'partner_age', 'retirement_age', 'life_expectancy']);

export function parseDraft(draft: PlanDraft): ParsedDraft {
  const errors: FieldErrors = {};
  const number = (field: NumberField): number => {
    const value = readNumber(draft[field]);
    if (value === null) errors[field] = AGE_FIELDS.has(field) ? 'Enter an age in years' : 'Enter a number';
    else if (AGE_FIELDS.has(field) && !Number.isInteger(value))
      errors[field] = 'Enter a whole number of years';
    return value ?? 0;
  };
  const goals: Goal[] = [];
  const goalRows: number[] = [];
  const leftOut: FieldErrors = {};
  draft.goals.forEach((row, i) => {
    if (isBlankGoal(row)) return;
    const parsed = parseGoal(row, i);
    if (parsed.ok) {
      goals.push(parsed.body);
      goalRows.push(i);
    } else Object.assign(leftOut, parsed.errors);
  });
  const body: TFinancialPlanUpdate = {
    client_name: draft.client_name,
    client_age: number('client_age'),
    partner_age: draft.partner_age.trim() === '' ? null : number('partner_age'),
    retirement_age: number('retirement_age'),
    life_expectancy: number('life_expectancy'),
    annual_income: number('annual_income'),
    annual_savings: number('annual_savings'),
    current_assets: number('current_assets'),
    expected_return_pct: number('expected_return_pct'),
    inflation_pct: number('inflation_pct'),
    retirement_spending: number('retirement_spending'),
    goals,
    narrative: draft.narrative,
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors: { ...errors, ...leftOut } };
  return { ok: true, body, errors: leftOut, goalRows };
}
