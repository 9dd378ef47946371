// Prospecting: rows from a source (a connected CRM's contacts, the deal flow, or a CSV) -> criteria
// the model suggests from them and the user edits -> every row scored against the criteria in chunks,
// the best ranked, and an outreach email drafted for each of them with an address.
import {
  INTEGRATION_NAMES,
  KNAP_DETAIL,
  PROSPECT_SOURCES,
  type ProspectSource,
  type TDataSelectionInput,
  type TProspectCriteria,
  type TProspectRow,
  ZDataSelectionData,
  ZProspectCriteria,
  ZProspectDrafts,
  ZProspectScores,
  type ZReviewFormData,
} from '@knap/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { connectedScopes } from '../connections/oauth/service.js';
import * as crm from '../connections/systems/crm.js';
import { searchDeals } from '../connections/systems/sevanta.js';
import * as wealthbox from '../connections/systems/wealthbox.js';
import { answerInChunks, askModel, type KnapContext } from './model.js';
import { CRITERIA_PROMPT, PROSPECT_DRAFT_PROMPT, SCORE_PROMPT } from './prompts.js';
import { type CsvProspects, prospectsFromCsv } from './prospect-csv.js';

const SOURCE_LABELS: Record<ProspectSource, string> = {
  wealthbox: `${INTEGRATION_NAMES.wealthbox} contacts`,
  salesforce: `${INTEGRATION_NAMES.salesforce} contacts`,
  zoho: `${INTEGRATION_NAMES.zoho} contacts`,
  copper: `${INTEGRATION_NAMES.copper} contacts`,
  sevanta: `${INTEGRATION_NAMES.sevanta} deal flow`,
  csv: 'A CSV file',
};

/** data-selection as shown: every source (connected or not) and the rows loaded last time. */
export async function dataSelection(deps: AppDeps, user: UserRow, stored: Record<string, unknown> | null) {
  const { scopes } = await connectedScopes(deps, user.id);
  return {
    sources: PROSPECT_SOURCES.map((id) => ({
      id,
      label: SOURCE_LABELS[id],
      available: id === 'csv' || scopes.includes(id),
    })),
    selection: stored?.selection ?? null,
    rows: stored?.rows ?? [],
  };
}

/** The rows of a CSV file, or of a connected source that match `query` (its first page when empty). */
async function prospectsFrom(
  deps: AppDeps,
  userId: string,
  input: TDataSelectionInput,
): Promise<CsvProspects> {
  if (input.source === 'csv') return prospectsFromCsv(Buffer.from(input.csv_base64 ?? '', 'base64'));
  return {
    rows: await searchSource(deps, { userId, source: input.source, query: input.query }),
    skipped: [],
  };
}

async function searchSource(
  deps: AppDeps,
  { userId, source, query }: { userId: string; source: Exclude<ProspectSource, 'csv'>; query: string },
): Promise<TProspectRow[]> {
  const { scopes } = await connectedScopes(deps, userId);
  if (!scopes.includes(source)) throw new HttpError(409, KNAP_DETAIL.connectFirst(INTEGRATION_NAMES[source]));
  if (source === 'sevanta')
    return (await searchDeals(deps, userId, query)).map((d) => ({
      id: `sevanta:${d.id}`,
      name: d.company,
      email: null,
      company: d.company,
      title: null,
      // Labeled like a CSV's columns, so the sector reads as what it is.
      details: [
        d.sector && `sector: ${d.sector}`,
        d.stage && `stage: ${d.stage}`,
        d.status && `status: ${d.status}`,
        d.owner && `owner: ${d.owner}`,
      ]
        .filter(Boolean)
        .join('; '),
    }));
  if (source === 'wealthbox')
    return (await wealthbox.searchContacts(deps, userId, query)).map((c) => ({
      id: `wealthbox:${c.id}`,
      name: c.name,
      email: c.email,
      company: null,
      title: null,
      details: '',
    }));
  return (await crm.searchContacts(deps, userId, source, query)).map((c) => ({
    id: `${source}:${c.id}`,
    name: c.name,
    email: c.email,
    company: c.company,
    title: c.title,
    details: c.phone ? `phone ${c.phone}` : '',
  }));
}

/** The model sees at most this many rows when it suggests criteria. */
const SAMPLE_ROWS = 50;

/** data-selection -> review-form: the rows loaded from the source, and criteria suggested from them. */
export async function loadProspects(ctx: KnapContext, input: TDataSelectionInput) {
  const { rows, skipped } = await prospectsFrom(ctx.deps, ctx.user.id, input);
  if (rows.length === 0) throw new HttpError(422, KNAP_DETAIL.noRows);
  const criteria = await askModel(
    ctx.deps,
    ctx.log,
    {
      meter: ctx.meter,
      prompt: CRITERIA_PROMPT,
      input: { row_count: rows.length, rows: rows.slice(0, SAMPLE_ROWS) },
    },
    ZProspectCriteria,
  );
  const current = ZDataSelectionData.parse({
    ...(await dataSelection(ctx.deps, ctx.user, null)),
    selection: { source: input.source, query: input.query, row_count: rows.length, skipped_lines: skipped },
    rows,
  });
  return {
    current,
    next: {
      row_count: rows.length,
      skipped_lines: skipped,
      enhanced_insights: { ...criteria, max_prospects: Math.min(criteria.max_prospects, rows.length) },
    },
  };
}

/** review-form -> preview-edit: every row scored in chunks, the best ranked, drafts for them. */
export async function rankProspects(ctx: KnapContext, input: z.infer<typeof ZReviewFormData>) {
  const { rows } = await ctx.stored('data-selection', ZDataSelectionData);
  if (rows.length === 0) throw new HttpError(409, KNAP_DETAIL.finishStepFirst('data-selection'));
  const criteria: TProspectCriteria = input.enhanced_insights;
  const scores = await answerInChunks(rows, async (chunk) => {
    const task = {
      meter: ctx.meter,
      prompt: SCORE_PROMPT,
      input: { criteria, rows: chunk },
    };
    return (await askModel(ctx.deps, ctx.log, task, ZProspectScores)).scores;
  });
  const prospects = rows
    .map((row, n) => ({
      ...row,
      fit_score: Math.round(scores[n]?.fit_score ?? 0),
      reason: scores[n]?.reason ?? 'The model gave no score for this row.',
    }))
    .filter((p) => p.fit_score >= criteria.min_fit_score)
    // Best first; the source's order breaks ties, so a re-run ranks the same way.
    .sort((a, b) => b.fit_score - a.fit_score)
    .slice(0, criteria.max_prospects);
  const reachable = prospects.filter((p) => p.email);
  const drafts = await answerInChunks(reachable, async (chunk) => {
    const input = {
      advisor: ctx.user.name,
      tone: criteria.tone,
      ideal_client: criteria.ideal_client,
      prospects: chunk.map(({ id, name, company, title, reason }) => ({ id, name, company, title, reason })),
    };
    return (
      await askModel(
        ctx.deps,
        ctx.log,
        { meter: ctx.meter, prompt: PROSPECT_DRAFT_PROMPT, input },
        ZProspectDrafts,
      )
    ).drafts;
  });
  return {
    current: input,
    next: { criteria, prospects, enhanced_insights: { drafts: drafts.filter((d) => d !== null) } },
  };
}
