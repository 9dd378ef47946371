// A tool's result as people read it: figures as money and percentages, the main figure first, a
// small table where numbers compare (a year-by-year schedule, CRM records as rows), an MCP tool's
// text and images. Built-in finance tools have a view of their own; any other result gets the
// generic one made from its keys. The raw JSON stays one click away on the card.
import { figure, money, percent } from '../../lib/format';
import { argumentLabel } from './tool-labels';

export interface ResultRow {
  key: string;
  label: string;
  value: string;
}

export interface ResultTable {
  caption: string;
  columns: string[];
  rows: string[][];
  /** Rows left out of the card (they are in the details). */
  hidden: number;
}

export interface ResultImage {
  src: string;
  mediaType: string;
}

export interface ResultView {
  headline?: ResultRow;
  rows: ResultRow[];
  tables: ResultTable[];
  text?: string;
  images: ResultImage[];
  /** Images not drawn: not a kind a browser draws safely, or too large. */
  skippedImages: number;
  note?: string;
}

/** Rows a table shows on the card; the rest are in the details. */
export const TABLE_ROWS_SHOWN = 12;
/** Columns a table of records shows. */
const TABLE_COLUMNS_SHOWN = 6;
/** The largest image drawn, in base64 characters (about 1.5 MB of image). */
export const IMAGE_MAX_BASE64 = 2_000_000;
const DRAWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const MONEY_KEY =
  /(value|balance|payment|amount|rmd|paid|interest|contributions?|contributed|growth|principal|spending|savings|price|cost|income|assets|aum)$/i;
const PERCENT_KEY = /(pct|percent|rate)$/i;
const ID_KEY = /(^|_)id$|[a-z]Id$/;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** One value as text, by what its key says it is: '$1,200.00', '6.5%', '20', 'Yes'. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || ID_KEY.test(key)) return String(value);
    if (PERCENT_KEY.test(key)) return percent(value);
    if (MONEY_KEY.test(key)) return money(value);
    return figure(value);
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const row = (key: string, value: unknown, label = argumentLabel(key)): ResultRow => ({
  key,
  label,
  value: formatValue(key, value),
});

/** The scalar entries of an object as rows, leaving out `skip`. */
function scalarRows(value: Json, skip: readonly string[] = []): ResultRow[] {
  return Object.entries(value)
    .filter(([key, v]) => !skip.includes(key) && isScalar(v))
    .map(([key, v]) => row(key, v));
}

/** An array of records as a table: the columns of the first record's scalar fields. */
function tableOf(caption: string, records: unknown[]): ResultTable | null {
  const objects = records.filter(isRecord);
  if (objects.length === 0 || objects.length !== records.length) return null;
  const keys = Object.keys(objects[0]!)
    .filter((key) => objects.some((o) => isScalar(o[key])))
    .slice(0, TABLE_COLUMNS_SHOWN);
  if (keys.length === 0) return null;
  return {
    caption,
    columns: keys.map((key) => argumentLabel(key)),
    rows: objects
      .slice(0, TABLE_ROWS_SHOWN)
      .map((o) => keys.map((key) => (isScalar(o[key]) ? formatValue(key, o[key]) : '…'))),
    hidden: Math.max(0, objects.length - TABLE_ROWS_SHOWN),
  };
}

const emptyView = (): ResultView => ({ rows: [], tables: [], images: [], skippedImages: 0 });

/** Any result: its scalar fields as rows, its lists of records as tables, bare text as text. */
function genericView(output: unknown): ResultView {
  const view = emptyView();
  if (typeof output === 'string') return { ...view, text: output };
  if (Array.isArray(output)) {
    const table = tableOf('Results', output);
    return table ? { ...view, tables: [table] } : { ...view, text: output.map(String).join('\n') };
  }
  if (!isRecord(output)) return { ...view, text: formatValue('', output) };
  view.rows = scalarRows(output);
  for (const [key, value] of Object.entries(output)) {
    if (!Array.isArray(value)) continue;
    const table = tableOf(argumentLabel(key), value);
    if (table) view.tables.push(table);
    else if (value.every(isScalar)) view.rows.push(row(key, value.map(String).join(', ')));
  }
  return view;
}

/** An MCP tool's result: its text as written, its images drawn from data: URLs (never fetched). */
function mcpView(output: { text: string; images: unknown[]; structuredContent?: unknown }): ResultView {
  const view = output.structuredContent ? genericView(output.structuredContent) : emptyView();
  view.text = output.text.trim() || undefined;
  for (const image of output.images) {
    const { mediaType, data } = (isRecord(image) ? image : {}) as { mediaType?: unknown; data?: unknown };
    if (
      typeof mediaType === 'string' &&
      typeof data === 'string' &&
      DRAWN_IMAGE_TYPES.has(mediaType) &&
      data.length <= IMAGE_MAX_BASE64 &&
      /^[A-Za-z0-9+/=\s]*$/.test(data)
    )
      view.images.push({ mediaType, src: `data:${mediaType};base64,${data.replace(/\s/g, '')}` });
    else view.skippedImages += 1;
  }
  return view;
}

const isMcpOutput = (output: unknown): output is { text: string; images: unknown[] } =>
  isRecord(output) && typeof output.text === 'string' && Array.isArray(output.images);

/** The built-in finance tools, each with its main figure first and its inputs beside the result. */
function financeView(tool: string, input: Json, output: Json): ResultView | null {
  const view = emptyView();
  switch (tool) {
    case 'future_value': {
      view.headline = row('futureValue', output.futureValue);
      const yearly = typeof input.annualContribution === 'number' ? input.annualContribution : 0;
      view.rows = [
        row('presentValue', input.presentValue),
        ...(yearly ? [{ key: 'monthly', label: 'Monthly contribution', value: money(yearly / 12) }] : []),
        row('annualRatePct', input.annualRatePct),
        row('years', input.years, 'Years'),
        row('totalContributions', output.totalContributions),
        row('growth', output.growth),
      ];
      if (Array.isArray(output.schedule)) {
        const table = tableOf('Year by year', output.schedule);
        if (table) view.tables.push(table);
      }
      return view;
    }
    case 'loan_payment':
      view.headline = { ...row('payment', output.payment), label: 'Monthly payment' };
      view.rows = [
        row('principal', input.principal),
        row('annualRatePct', input.annualRatePct),
        row('years', input.years, 'Years'),
        row('totalPaid', output.totalPaid),
        row('totalInterest', output.totalInterest),
      ];
      return view;
    case 'required_minimum_distribution':
      view.headline = row('rmd', output.rmd);
      view.rows = [
        row('age', input.age),
        row('priorYearEndBalance', input.priorYearEndBalance),
        row('distributionPeriod', output.distributionPeriod),
      ];
      if (typeof output.note === 'string') view.note = output.note;
      return view;
    case 'retirement_projection':
      view.headline = row('balanceAtRetirement', output.balanceAtRetirement);
      view.rows = [...scalarRows(output, ['balanceAtRetirement']), ...scalarRows(input)];
      return view;
    default:
      return null;
  }
}

/** How a tool's result reads on its card. */
export function resultView(tool: string, input: unknown, output: unknown): ResultView {
  if (isMcpOutput(output)) return mcpView(output);
  if (isRecord(output)) {
    const custom = financeView(tool, isRecord(input) ? input : {}, output);
    if (custom) return custom;
  }
  return genericView(output);
}

/** The raw result for the details, with image data shortened (it is drawn above, not read). */
export function detailsJson(output: unknown): string {
  return JSON.stringify(
    output,
    (key, value) =>
      key === 'data' && typeof value === 'string' && value.length > 80
        ? `${value.slice(0, 40)}… (${value.length} characters)`
        : value,
    2,
  );
}
