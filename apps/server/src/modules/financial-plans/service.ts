// Financial plans (issue 13): a user's plans for their clients. Owner only (another user's plan
// answers 404). The inputs are stored; the projection is computed from them on every read, so it
// always matches them. The model drafts the narrative, which the advisor then edits; the PDF goes
// into the user's PDFs.
import {
  DEFAULT_PLAN_INPUTS,
  DETAIL,
  FINANCIAL_PLAN_DETAIL,
  FINANCIAL_PLAN_LIMITS,
  type TFinancialPlan,
  type TFinancialPlanInputs,
  type TFinancialPlanSummary,
  type TFinancialPlanUpdate,
  type TPdfInfo,
  type TPlanInputProposals,
  type ZFinancialPlanCreate,
  ZFinancialPlanInputs,
  ZPlanInputsReading,
  ZPlanNarrativeDraft,
} from '@knap/contracts';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.js';
import type { FinancialPlansTable, UserRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { modelMeter } from '../credits/service.js';
import { documentText } from '../documents/service.js';
import { askModel, type Log } from '../knaps/model.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import type { PdfDocumentSpec } from '../pdf/content.js';
import { generateDocumentPdf } from '../pdf/service.js';
import { fiveYearSteps, planYears, projectPlan } from './projection.js';
import { NARRATIVE_PROMPT, PLAN_INPUTS_PROMPT, type PlanNarrativeInput } from './prompts.js';
import * as repo from './repo.js';

type PlanRow = Pick<
  FinancialPlansTable,
  'id' | 'inputs' | 'narrative_drafted_at' | 'inputs_changed_at' | 'base_year' | 'created_at' | 'updated_at'
> & { narrative: string };

const thisYear = (deps: AppDeps) => deps.clock.now().getUTCFullYear();

const inputsOf = (row: Pick<PlanRow, 'inputs'>) =>
  parseStored(ZFinancialPlanInputs, row.inputs, 'financial_plans.inputs');

function toPlan(row: PlanRow): TFinancialPlan {
  const inputs = inputsOf(row);
  return {
    id: row.id,
    inputs,
    narrative: row.narrative,
    narrative_drafted_at: row.narrative_drafted_at,
    narrative_stale:
      row.narrative_drafted_at !== null &&
      row.inputs_changed_at !== null &&
      row.inputs_changed_at > row.narrative_drafted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    projection: projectPlan(inputs, row.base_year),
  };
}

/** Goals have to fall in the years the plan covers, or they would silently never be paid. */
function checkGoalYears(inputs: TFinancialPlanInputs, baseYear: number): void {
  const { first, last } = planYears(inputs, baseYear);
  inputs.goals.forEach((goal, i) => {
    if (goal.year < first || goal.year > last)
      throw new HttpError(422, FINANCIAL_PLAN_DETAIL.goalOutsidePlan(i, goal, first, last));
  });
}

async function ownedRow(deps: AppDeps, userId: string, id: string) {
  const row = await repo.findPlan(deps.db.db, userId, id);
  if (!row) throw notFound(FINANCIAL_PLAN_DETAIL.notFound);
  return row;
}

export async function listPlans(deps: AppDeps, userId: string): Promise<TFinancialPlanSummary[]> {
  const rows = await repo.listPlans(deps.db.db, userId, FINANCIAL_PLAN_LIMITS.plans);
  return rows.map((row) => {
    const inputs = inputsOf(row);
    return {
      id: row.id,
      client_name: row.client_name,
      client_age: inputs.client_age,
      retirement_age: inputs.retirement_age,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

export async function getPlan(deps: AppDeps, userId: string, id: string): Promise<TFinancialPlan> {
  return toPlan(await ownedRow(deps, userId, id));
}

export async function createPlan(
  deps: AppDeps,
  userId: string,
  body: z.output<typeof ZFinancialPlanCreate>,
): Promise<TFinancialPlan> {
  if ((await repo.countPlans(deps.db.db, userId)) >= FINANCIAL_PLAN_LIMITS.plans)
    throw new HttpError(422, FINANCIAL_PLAN_DETAIL.tooMany);
  // The ages only make sense together, so they are checked once the defaults fill the gaps.
  const parsed = ZFinancialPlanInputs.safeParse({ ...DEFAULT_PLAN_INPUTS, ...body });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(422, DETAIL.invalid(`body.${issue.path.join('.')}`, issue.message));
  }
  const inputs = parsed.data;
  const baseYear = thisYear(deps);
  checkGoalYears(inputs, baseYear);
  const now = deps.clock.now().toISOString();
  const row = {
    id: newId(),
    user_id: userId,
    client_name: inputs.client_name,
    inputs: JSON.stringify(inputs),
    narrative: '',
    narrative_drafted_at: null,
    inputs_changed_at: now,
    base_year: baseYear,
    created_at: now,
    updated_at: now,
  };
  await repo.insertPlan(deps.db.db, row);
  return toPlan(row);
}

/**
 * Saves the whole draft; the ages are then as of this year. When the inputs (or that year) differ
 * from the stored ones, `inputs_changed_at` moves, so a narrative drafted before reads as stale;
 * editing only the narrative does not.
 */
export async function updatePlan(
  deps: AppDeps,
  userId: string,
  id: string,
  body: TFinancialPlanUpdate,
): Promise<TFinancialPlan> {
  const { narrative, ...inputs } = body;
  const baseYear = thisYear(deps);
  const stored = await ownedRow(deps, userId, id);
  checkGoalYears(inputs, baseYear);
  const now = deps.clock.now().toISOString();
  const storedInputs = JSON.stringify(inputsOf(stored));
  const json = JSON.stringify(inputs);
  const inputsChanged = json !== storedInputs || baseYear !== stored.base_year;
  await repo.updatePlan(deps.db.db, userId, id, {
    client_name: inputs.client_name,
    inputs: json,
    narrative,
    base_year: baseYear,
    updated_at: now,
    ...(inputsChanged ? { inputs_changed_at: now } : {}),
  });
  return getPlan(deps, userId, id);
}

export async function deletePlan(deps: AppDeps, userId: string, id: string) {
  await refuseIfHeld(deps, userId, 'plans');
  if (!(await repo.deletePlan(deps.db.db, userId, id))) throw notFound(FINANCIAL_PLAN_DETAIL.notFound);
  return { success: true };
}

/** What the model is given: the inputs and the projected figures, not the year-by-year rows. */
export function narrativeInput(plan: TFinancialPlan): PlanNarrativeInput & {
  projection: { five_year_steps: Array<{ year: number; age: number; assets: number }> };
} {
  const { client_name, goals: _goals, ...inputs } = plan.inputs;
  const { rows: _rows, ...projection } = plan.projection;
  return {
    client_name,
    base_year: plan.projection.base_year,
    inputs,
    projection: {
      ...projection,
      five_year_steps: fiveYearSteps(plan.projection).map(({ year, age, assets }) => ({ year, age, assets })),
    },
  };
}

/** The model drafts the narrative from the saved plan; it replaces the narrative there. */
export async function draftNarrative(
  deps: AppDeps,
  log: Log,
  userId: string,
  id: string,
): Promise<TFinancialPlan> {
  const plan = await getPlan(deps, userId, id);
  const { narrative } = await askModel(
    deps,
    log,
    {
      meter: modelMeter(userId, 'financial plan narrative'),
      prompt: NARRATIVE_PROMPT,
      input: narrativeInput(plan),
    },
    ZPlanNarrativeDraft,
  );
  const now = deps.clock.now().toISOString();
  if (
    !(await repo.updatePlan(deps.db.db, userId, id, {
      narrative,
      narrative_drafted_at: now,
      updated_at: now,
    }))
  )
    throw notFound(FINANCIAL_PLAN_DETAIL.notFound);
  return getPlan(deps, userId, id);
}

/** A statement's first passages the model reads for plan inputs (~70k characters): its summary pages. */
export const PLAN_INPUT_PASSAGES = 60;

/**
 * "Use in financial plan" (issue 26): the plan inputs the user's document states (balances,
 * contributions, income), each with the passage it came from, for the advisor to confirm one by
 * one. 404 when the document is not theirs; the read is audited and the model call metered. A
 * document without text (a scan) proposes nothing without asking the model. Proposals citing a
 * passage the document does not have are dropped, so every citation opens a real place, and so are
 * repeats of one figure from one passage.
 */
export async function proposePlanInputs(
  deps: AppDeps,
  log: Log,
  userId: string,
  documentId: string,
): Promise<TPlanInputProposals> {
  const doc = await documentText(deps, { userId, documentId, as: 'plan' });
  const passages = doc.passages_text.slice(0, PLAN_INPUT_PASSAGES);
  const answer = { document_id: doc.id, filename: doc.filename, proposals: [] };
  if (passages.length === 0) return answer;
  const { proposals } = await askModel(
    deps,
    log,
    {
      meter: modelMeter(userId, 'financial plan inputs from a document'),
      prompt: PLAN_INPUTS_PROMPT,
      input: {
        filename: doc.filename,
        passages: passages.map(({ seq, location, content }) => ({ seq, location, content })),
      },
    },
    ZPlanInputsReading,
  );
  const locationOf = new Map(passages.map((p) => [p.seq, p.location]));
  const seen = new Set<string>();
  return {
    ...answer,
    proposals: proposals.flatMap((p) => {
      const location = locationOf.get(p.seq);
      const key = `${p.field}:${p.seq}:${p.value}`;
      if (location === undefined || seen.has(key)) return [];
      seen.add(key);
      return [{ ...p, location }];
    }),
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const pct = (n: number) => `${Number(n.toFixed(2))}%`;

/** The plan as a document: inputs, projected assets by five-year step, the narrative, the goals. */
export function planDocument(plan: TFinancialPlan): PdfDocumentSpec {
  const { inputs: i, projection: p } = plan;
  const slug = i.client_name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  const lasts =
    p.depleted_at_age === null
      ? `**${usd.format(p.assets_at_end)}** left at ${i.life_expectancy} (${p.end_year})`
      : `the money runs out at age **${p.depleted_at_age}**`;
  return {
    title: `Financial plan for ${i.client_name}`,
    subtitle: `Ages as of ${p.base_year} · retirement at ${i.retirement_age} in ${p.retirement_year}`,
    filename: slug ? `financial_plan_${slug}.pdf` : 'financial_plan.pdf',
    blocks: [
      { kind: 'heading', text: 'Inputs' },
      {
        kind: 'table',
        columns: ['Input', 'Value'],
        rows: [
          ['Client', i.client_name],
          ["Client's age", String(i.client_age)],
          ...(i.partner_age === null ? [] : [["Partner's age", String(i.partner_age)]]),
          ['Retirement age', String(i.retirement_age)],
          ['Life expectancy', String(i.life_expectancy)],
          ['Annual income', usd.format(i.annual_income)],
          ['Annual savings', usd.format(i.annual_savings)],
          ['Investable assets today', usd.format(i.current_assets)],
          ['Expected return', `${pct(i.expected_return_pct)} a year`],
          ['Inflation', `${pct(i.inflation_pct)} a year`],
          ["Spending in retirement (today's dollars)", `${usd.format(i.retirement_spending)} a year`],
        ],
      },
      { kind: 'heading', text: 'Projected assets' },
      {
        kind: 'markdown',
        text: [
          `- Assets at retirement (${p.retirement_year}): **${usd.format(p.assets_at_retirement)}**`,
          `- At life expectancy: ${lasts}`,
          `- First year of retirement spending: ${usd.format(p.spending_at_retirement)}`,
          ...(p.first_rmd
            ? [
                `- First required minimum distribution (age ${p.first_rmd.age}, ${p.first_rmd.year}), were all assets tax-deferred: ${usd.format(p.first_rmd.amount)}`,
              ]
            : []),
        ].join('\n'),
      },
      {
        kind: 'bars',
        title: 'Assets at the start of the year, every five years',
        series: fiveYearSteps(p).map((row) => ({ label: `${row.year} (age ${row.age})`, value: row.assets })),
        format: 'usd',
      },
      { kind: 'heading', text: 'Narrative' },
      { kind: 'markdown', text: plan.narrative.trim() || 'No narrative has been written for this plan yet.' },
      { kind: 'heading', text: 'Goals' },
      p.goals.length === 0
        ? { kind: 'markdown', text: 'No goals are set in this plan.' }
        : {
            kind: 'table',
            columns: ['Goal', 'Year', 'Age', "Today's dollars", 'Cost that year', 'Covered'],
            rows: p.goals.map((g) => [
              g.name,
              String(g.year),
              String(g.age),
              usd.format(g.amount),
              usd.format(g.cost),
              g.funded ? 'Yes' : 'Not fully',
            ]),
          },
      { kind: 'heading', text: 'About these projections' },
      {
        kind: 'markdown',
        text:
          'Projections are hypothetical: they assume the same return and inflation every year, savings added at the end ' +
          'of each year until retirement, and spending and goals paid at the start of their year. Actual results will differ. ' +
          'This is not a guarantee of future results.',
      },
    ],
  };
}

export async function exportPlanPdf(deps: AppDeps, user: UserRow, id: string): Promise<TPdfInfo> {
  return generateDocumentPdf(deps, user, planDocument(await getPlan(deps, user.id, id)));
}
