// Financial plans (issue 13): a plan builder for one client — inputs, a deterministic year-by-year
// projection computed on the server, a narrative the model drafts and the advisor edits, and a PDF.
import { z } from 'zod';

/** Limits of one plan and of a user's plans. */
export const FINANCIAL_PLAN_LIMITS = {
  plans: 100,
  goals: 20,
  clientName: 120,
  goalName: 120,
  narrative: 20_000,
  /** Money amounts (assets, income, goals…), in dollars. */
  money: 10_000_000_000,
  minAge: 18,
  maxAge: 100,
  maxLifeExpectancy: 120,
} as const;
const L = FINANCIAL_PLAN_LIMITS;

/** The `detail` texts of financial plans. */
export const FINANCIAL_PLAN_DETAIL = {
  notFound: 'Financial plan not found',
  tooMany: `You have ${L.plans} plans: delete one to make another`,
  /** Goal `index` falls outside the years the plan covers. */
  goalOutsidePlan: (index: number, goal: { name: string; year: number }, first: number, last: number) =>
    `Invalid body.goals.${index}.year: "${goal.name}" is in ${goal.year}; the plan covers ${first} to ${last}`,
} as const;

const money = (what: string) =>
  z
    .number({ error: `Enter ${what} in dollars` })
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative`)
    .max(L.money, `${what[0]!.toUpperCase()}${what.slice(1)} is more than $10 billion`);
const age = (who: string, max: number = L.maxAge) =>
  z
    .number({ error: `Enter ${who} in whole years` })
    .int(`${who[0]!.toUpperCase()}${who.slice(1)} is a whole number of years`)
    .min(L.minAge, `${who[0]!.toUpperCase()}${who.slice(1)} must be between ${L.minAge} and ${max}`)
    .max(max, `${who[0]!.toUpperCase()}${who.slice(1)} must be between ${L.minAge} and ${max}`);
const percent = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${what} as a percentage` })
    .min(min, `${what} must be between ${min}% and ${max}%`)
    .max(max, `${what} must be between ${min}% and ${max}%`);

/** A goal paid from the plan's assets in one year; the amount is in today's dollars. */
export const ZPlanGoal = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the goal')
    .max(L.goalName, `Keep goal names under ${L.goalName} characters`),
  amount: money('the goal amount').refine((n) => n > 0, 'The goal amount must be more than $0'),
  year: z.number({ error: 'Enter the goal year' }).int('The goal year is a whole year').min(1900).max(2300),
});
export type TPlanGoal = z.infer<typeof ZPlanGoal>;

const planInputFields = {
  client_name: z
    .string()
    .trim()
    .min(1, "Enter the client's name")
    .max(L.clientName, `Keep the client's name under ${L.clientName} characters`),
  client_age: age("the client's age"),
  /** Null when the plan is for one person. */
  partner_age: age("the partner's age", L.maxLifeExpectancy).nullable(),
  retirement_age: age('the retirement age'),
  /** The client's age at the end of the plan. */
  life_expectancy: age('the life expectancy', L.maxLifeExpectancy),
  annual_income: money('the annual income'),
  /** Added to the assets at the end of each year until retirement. */
  annual_savings: money('the annual savings'),
  current_assets: money('the current assets'),
  expected_return_pct: percent('The expected return', -10, 20),
  inflation_pct: percent('Inflation', -5, 15),
  /** A year's spending in retirement, in today's dollars; it grows with inflation. */
  retirement_spending: money('the spending in retirement'),
  goals: z.array(ZPlanGoal).max(L.goals, `A plan has at most ${L.goals} goals`),
};

type AgeFields = { client_age: number; retirement_age: number; life_expectancy: number };
/** The rules between ages, on the field the user has to change. */
function checkAges(plan: AgeFields, ctx: z.RefinementCtx): void {
  if (plan.retirement_age < plan.client_age)
    ctx.addIssue({
      code: 'custom',
      path: ['retirement_age'],
      message: "The retirement age cannot be below the client's current age",
    });
  if (plan.life_expectancy <= Math.max(plan.client_age, plan.retirement_age))
    ctx.addIssue({
      code: 'custom',
      path: ['life_expectancy'],
      message: 'The life expectancy must be after retirement and after the current age',
    });
}

export const ZFinancialPlanInputs = z.object(planInputFields).superRefine(checkAges);
export type TFinancialPlanInputs = z.infer<typeof ZFinancialPlanInputs>;

/** PUT: the whole draft, as the editor autosaves it. */
export const ZFinancialPlanUpdate = z
  .object({
    ...planInputFields,
    narrative: z
      .string()
      .max(L.narrative, `Keep the narrative under ${L.narrative.toLocaleString('en-US')} characters`),
  })
  .superRefine(checkAges);
export type TFinancialPlanUpdate = z.infer<typeof ZFinancialPlanUpdate>;

/** POST: a new plan; what is left out starts from DEFAULT_PLAN_INPUTS. */
export const ZFinancialPlanCreate = z
  .object(planInputFields)
  .partial()
  .extend({
    client_name: planInputFields.client_name.default('New client'),
  });
export type TFinancialPlanCreate = z.input<typeof ZFinancialPlanCreate>;

/** Where a new plan starts: a 45-year-old retiring at 65, with nothing entered yet. */
export const DEFAULT_PLAN_INPUTS: Omit<TFinancialPlanInputs, 'client_name'> = {
  client_age: 45,
  partner_age: null,
  retirement_age: 65,
  life_expectancy: 95,
  annual_income: 0,
  annual_savings: 0,
  current_assets: 0,
  expected_return_pct: 5,
  inflation_pct: 2.5,
  retirement_spending: 0,
  goals: [],
};

/** One year of the projection; the last row is the end of the plan (no flows, assets left). */
export const ZProjectionRow = z.object({
  year: z.number().int(),
  age: z.number().int(),
  partner_age: z.number().int().nullable(),
  /** Assets at the start of the year. */
  assets: z.number(),
  /** Saved at the end of the year (before retirement). */
  saved: z.number(),
  /** Spent at the start of the year (from retirement), in that year's dollars. */
  spending: z.number(),
  /** Goals paid at the start of the year, in that year's dollars. */
  goals: z.number(),
  /** What the assets could not pay this year. */
  shortfall: z.number(),
});
export type TProjectionRow = z.infer<typeof ZProjectionRow>;

export const ZProjectedGoal = ZPlanGoal.extend({
  age: z.number().int(),
  /** The amount in that year's dollars (inflated from today's). */
  cost: z.number(),
  /** Whether the assets covered it in full. */
  funded: z.boolean(),
});
export type TProjectedGoal = z.infer<typeof ZProjectedGoal>;

export const ZPlanProjection = z.object({
  base_year: z.number().int(),
  retirement_year: z.number().int(),
  end_year: z.number().int(),
  rows: z.array(ZProjectionRow),
  assets_at_retirement: z.number(),
  /** Assets left at life expectancy. */
  assets_at_end: z.number(),
  /** The first age at which nothing is left to spend in retirement, or null when it lasts. */
  depleted_at_age: z.number().int().nullable(),
  /** The first retirement year's spending, in that year's dollars. */
  spending_at_retirement: z.number(),
  /** The same plan without its goals, to show what they cost. */
  without_goals: z.object({
    assets_at_retirement: z.number(),
    assets_at_end: z.number(),
    depleted_at_age: z.number().int().nullable(),
  }),
  /** The first required minimum distribution within the plan, were all assets tax-deferred. */
  first_rmd: z
    .object({
      age: z.number().int(),
      year: z.number().int(),
      distribution_period: z.number(),
      amount: z.number(),
    })
    .nullable(),
  goals: z.array(ZProjectedGoal),
});
export type TPlanProjection = z.infer<typeof ZPlanProjection>;

export const ZFinancialPlan = z.object({
  id: z.string(),
  inputs: z.object(planInputFields),
  narrative: z.string(),
  narrative_drafted_at: z.string().nullable(),
  /** The inputs changed after the model drafted the narrative: it may quote older figures. */
  narrative_stale: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  projection: ZPlanProjection,
});
export type TFinancialPlan = z.infer<typeof ZFinancialPlan>;

export const ZFinancialPlanSummary = z.object({
  id: z.string(),
  client_name: z.string(),
  client_age: z.number().int(),
  retirement_age: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFinancialPlanSummary = z.infer<typeof ZFinancialPlanSummary>;

/** What the model answers when it drafts a plan's narrative. */
export const ZPlanNarrativeDraft = z.object({ narrative: z.string().trim().min(1).max(L.narrative) });
export type TPlanNarrativeDraft = z.infer<typeof ZPlanNarrativeDraft>;

/** The plan inputs a client's statement can fill ("Use in financial plan", issue 26). */
export const PLAN_INPUTS_FROM_DOCUMENTS = ['current_assets', 'annual_savings', 'annual_income'] as const;
export type PlanInputFromDocument = (typeof PLAN_INPUTS_FROM_DOCUMENTS)[number];

/** One plan input read from a statement, with the passage it came from, for the advisor to confirm. */
export const ZPlanInputProposal = z.object({
  field: z.enum(PLAN_INPUTS_FROM_DOCUMENTS),
  /** In dollars (a year's worth for savings and income). */
  value: z.number().min(0).max(L.money),
  /** What the statement calls it: "401(k) balance", "Contributions of $1,500 a month". */
  label: z.string(),
  /** The passage it came from (the document view opens at it) and where that is: 'page 2'. */
  seq: z.number().int(),
  location: z.string(),
});
export type TPlanInputProposal = z.infer<typeof ZPlanInputProposal>;

/** What a statement proposes for a plan's inputs; empty when it holds no such figures. */
export const ZPlanInputProposals = z.object({
  document_id: z.string(),
  filename: z.string(),
  proposals: z.array(ZPlanInputProposal),
});
export type TPlanInputProposals = z.infer<typeof ZPlanInputProposals>;

/** What the model answers when it reads plan inputs from a statement's passages. */
export const ZPlanInputsReading = z.object({
  proposals: z
    .array(
      z.object({
        field: z.enum(PLAN_INPUTS_FROM_DOCUMENTS),
        value: z.number().min(0).max(L.money),
        label: z.string().trim().min(1).max(200),
        seq: z.number().int(),
      }),
    )
    .max(50),
});
