// PDF roadmaps and the PDF service (SPEC §1 PDF generation, §7 Email and PDF).
import { z } from 'zod';
import { MAX_PDF_BYTES, ROADMAP_GAP_CATEGORIES, type RoadmapGapCategory } from './constants.js';

const count = (n: number) => n.toLocaleString('en-US');

/** The `detail` texts of PDFs: uploads, and what a PDF may hold (the server's caps are given). */
export const PDF_DETAIL = {
  notFound: 'PDF not found',
  tooLarge: `The PDF is larger than ${MAX_PDF_BYTES / 1024 / 1024} MB`,
  busy: 'Too many PDFs are being made right now: try again in a few seconds',
  noFile: "Send the PDF as the form's file field",
  notAPdf: 'The file is not a PDF',
  incomplete: 'The PDF is incomplete or damaged (it has no end-of-file marker)',
  tooManyPages: (max: number) => `The PDF would be longer than ${max} pages`,
  textTooLong: (chars: number, max: number) =>
    `The PDF's text is too long: ${count(chars)} characters, at most ${count(max)}`,
  tooMany: (what: 'sections' | 'table columns' | 'table and chart rows', n: number, max: number) =>
    `The PDF has too many ${what}: ${count(n)}, at most ${count(max)}`,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const money = z.number().nonnegative().max(1e12);

export const ZRoadmapClient = z.object({
  name: text(200),
  household: text(300).optional(),
  ages: z.array(z.number().int().min(0).max(130)).max(10).optional(),
  income: money.optional(),
  assets: money.optional(),
  goals: z.array(text(500)).max(30),
  risk_tolerance: text(100),
});

export const ZRoadmapGap = z.object({
  category: z.enum(Object.keys(ROADMAP_GAP_CATEGORIES) as [RoadmapGapCategory, ...RoadmapGapCategory[]]),
  gap: text(2000),
  action: text(2000),
});

export const ZRoadmapAction = z.object({
  action: text(1000),
  owner: text(200),
  due: text(100),
  priority: text(50),
});

export const ZRoadmapAllocation = z.object({
  asset_class: text(100),
  percent: z.number().min(0).max(100),
});

export const ZRoadmap = z.object({
  title: text(200).optional(),
  client: ZRoadmapClient,
  gaps: z.array(ZRoadmapGap).max(100),
  action_plan: z.array(ZRoadmapAction).max(300),
  recommendation: z.object({
    allocation: z
      .array(ZRoadmapAllocation)
      .min(1)
      .max(20)
      // Rounded shares (33.3 × 3) may miss 100 by a little; more than that is a mistake.
      .refine((rows) => Math.abs(rows.reduce((sum, r) => sum + r.percent, 0) - 100) <= 0.5, {
        message: 'percentages must add up to 100',
      }),
    rationale: text(5000),
  }),
  disclosures: z.array(text(5000)).max(30),
  advisor: z.object({ name: text(200), firm: text(200).optional() }).optional(),
});
export type TRoadmap = z.infer<typeof ZRoadmap>;

/** A stored PDF, without its bytes. */
export const ZPdfInfo = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type TPdfInfo = z.infer<typeof ZPdfInfo>;

/**
 * A roadmap's file name from its client and day, so a library of them reads: 'Henderson — roadmap —
 * 2026-11-25.pdf' (the family name of the household's people: 'Ann Henderson and Tom Henderson
 * household', 'Henderson household', 'Ann and Tom Henderson' and 'Ann Henderson' all give 'Henderson'); 'Roadmap —
 * 2026-11-25.pdf' when no client is named.
 */
export function roadmapFilename(clientName: string | undefined, day: string): string {
  const label = (clientName ?? '')
    .replace(/\bhousehold$/i, '')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .trim();
  const people = label
    .split(/\s*(?:,|&|\band\b)\s*/i)
    .map((person) => person.trim().split(/\s+/))
    .filter((words) => words[0]);
  // 'Ann and Tom Henderson': a first name alone borrows the family name the others give.
  const named = people.some((words) => words.length > 1) ? people.filter((w) => w.length > 1) : people;
  const families = [...new Set(named.map((words) => words.at(-1)!))];
  const who = families.length ? `${families.join(' and ').slice(0, 120)} — roadmap` : 'Roadmap';
  return `${who} — ${day}.pdf`;
}
