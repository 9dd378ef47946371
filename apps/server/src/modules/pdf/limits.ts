// What one PDF may hold. The contracts let a roadmap carry about a megabyte of text (270 pages, a
// second of a worker's time); the screens make far less. These caps refuse only what no screen
// makes, before any rendering, so one request cannot hold a worker for long.
import { PDF_DETAIL } from '@knap/contracts';
import type { PdfContent } from './content.js';

/**
 * Characters of text in one PDF. The largest roadmap advanced planning can make (every gap and
 * action at its longest) has about 157,000 (43 pages, 0.3 s to render); a client review with all
 * five sections full about 100,000; what advisors make is mostly under 20,000.
 */
export const PDF_MAX_TEXT_CHARS = 300_000;
/**
 * Table rows and chart bars in one PDF. A roadmap has at most 420 (its contract's 300 actions,
 * 100 gaps and 20 allocations); a financial plan about 30 rows and 20 bars.
 */
export const PDF_MAX_ROWS = 2000;
/** Blocks (headings, text, tables, charts) of a document: the workspace documents have at most 11. */
export const PDF_MAX_BLOCKS = 200;
/** Columns of one table: the documents have at most 6; at 12 a cell is already a word wide. */
export const PDF_MAX_COLUMNS = 12;
/**
 * Pages of one PDF, counted while it renders (text within the caps above can still lay out as
 * one short line a row). The largest a screen makes is about 45 pages.
 */
export const PDF_MAX_PAGES = 200;

/** Thrown by the page counter (layout.ts `openDoc`) to stop a render past PDF_MAX_PAGES. */
export class TooManyPages extends Error {}

/** Characters in every string of a value (the roadmap or the document spec as sent). */
function textChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + textChars(v), 0);
  if (value && typeof value === 'object') return textChars(Object.values(value));
  return 0;
}

/** Why the content is more than a PDF may hold, or null when it is within every cap. */
export function oversize(job: PdfContent): string | null {
  const chars = textChars(job.kind === 'roadmap' ? job.roadmap : job.spec);
  if (chars > PDF_MAX_TEXT_CHARS) return PDF_DETAIL.textTooLong(chars, PDF_MAX_TEXT_CHARS);
  if (job.kind === 'roadmap') {
    const { gaps, action_plan, recommendation } = job.roadmap;
    const rows = gaps.length + action_plan.length + recommendation.allocation.length;
    return rows > PDF_MAX_ROWS ? PDF_DETAIL.tooMany('table and chart rows', rows, PDF_MAX_ROWS) : null;
  }
  const { blocks } = job.spec;
  if (blocks.length > PDF_MAX_BLOCKS) return PDF_DETAIL.tooMany('sections', blocks.length, PDF_MAX_BLOCKS);
  const columns = Math.max(0, ...blocks.map((b) => (b.kind === 'table' ? b.columns.length : 0)));
  if (columns > PDF_MAX_COLUMNS) return PDF_DETAIL.tooMany('table columns', columns, PDF_MAX_COLUMNS);
  const rows = blocks.reduce(
    (sum, b) => sum + (b.kind === 'table' ? b.rows.length : b.kind === 'bars' ? b.series.length : 0),
    0,
  );
  return rows > PDF_MAX_ROWS ? PDF_DETAIL.tooMany('table and chart rows', rows, PDF_MAX_ROWS) : null;
}
