// Seed helpers for PDFs and email: a roadmap, multipart forms, and reading a PDF back with poppler
// (pdftotext, pdfinfo, pdftoppm; `npm test` installs poppler-utils when missing).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TRoadmap } from '@knap/contracts';
import type { PdfRenderer } from '../modules/pdf/renderer.js';
import { renderJob } from '../modules/pdf/worker.js';

export const sampleRoadmap = (overrides: Partial<TRoadmap> = {}): TRoadmap => ({
  title: 'Henderson Family Roadmap',
  client: {
    name: 'Ann Henderson',
    household: 'Ann and Bob Henderson',
    ages: [58, 60],
    income: 320_000,
    assets: 2_450_000,
    goals: ['Retire at 63', 'Fund two grandchildren’s college'],
    risk_tolerance: 'Moderate',
  },
  gaps: [
    {
      category: 'wealthTransfer',
      gap: 'The revocable trust was never funded',
      action: 'Retitle the brokerage account into the trust',
    },
    {
      category: 'wealthProtection',
      gap: 'No umbrella liability policy',
      action: 'Quote a $2M umbrella policy',
    },
  ],
  action_plan: [
    {
      action: 'Meet the estate attorney about trust funding',
      owner: 'Ann',
      due: '2026-12-15',
      priority: 'High',
    },
    {
      action: 'Open a 529 plan for each grandchild',
      owner: 'Advisor',
      due: '2027-01-31',
      priority: 'Medium',
    },
  ],
  recommendation: {
    allocation: [
      { asset_class: 'US equities', percent: 45 },
      { asset_class: 'International equities', percent: 15 },
      { asset_class: 'Core bonds', percent: 35 },
      { asset_class: 'Cash', percent: 5 },
    ],
    rationale: 'A moderate mix that keeps three years of spending outside equities.',
  },
  disclosures: ['Past performance does not guarantee future results.'],
  advisor: { name: 'Dana Park', firm: 'Park Wealth Partners' },
  ...overrides,
});

/** A multipart form of text fields and, optionally, one file. */
export function formOf(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; content: Buffer },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  return form;
}

/** Runs a poppler tool with the PDF on stdin ('-' in `args`) and answers its stdout. */
const poppler = (tool: string, args: string[], pdf: Buffer) =>
  execFileSync(tool, args, { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString();

export const pdfText = (pdf: Buffer): string => poppler('pdftotext', ['-layout', '-', '-'], pdf);

export function pdfPageCount(pdf: Buffer): number {
  return Number(/^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', ['-'], pdf))?.[1]);
}

/** Page 1 rendered to PNG at 72 dpi (one pixel per point): the PNG's bytes. */
export function firstPagePng(pdf: Buffer): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'knap-pdf-'));
  try {
    poppler(
      'pdftoppm',
      ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', '-', path.join(dir, 'page')],
      pdf,
    );
    return readFileSync(path.join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Renders on the event loop, as the server did before the worker pool: the benchmark's contrast. */
export function inlinePdfRenderer(): PdfRenderer {
  let completed = 0;
  return {
    async render(job) {
      const out = await renderJob(job);
      completed += 1;
      return out;
    },
    stats: () => ({ threads: 0, completed, inFlight: 0 }),
    close: async () => {},
  };
}
