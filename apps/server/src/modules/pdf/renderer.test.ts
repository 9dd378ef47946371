import { DETAIL, PDF_DETAIL, type TRoadmap } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf } from '../../platform/auth.js';
import { pdfPageCount, pdfText, sampleRoadmap } from '../../testing/pdf.js';
import { createTestApp, type TestApp, type TestConfig, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import type { PdfDocumentSpec } from './content.js';
import {
  PDF_MAX_BLOCKS,
  PDF_MAX_COLUMNS,
  PDF_MAX_PAGES,
  PDF_MAX_ROWS,
  PDF_MAX_TEXT_CHARS,
} from './limits.js';
import { generateDocumentPdf } from './service.js';

/** `n` characters of words. */
const words = (n: number) => 'planning '.repeat(Math.ceil(n / 9)).slice(0, n);

/** A roadmap with `gaps` gaps of 4,000 characters each (2,000 gap, 2,000 action). */
const longRoadmap = (gaps: number): TRoadmap =>
  sampleRoadmap({
    gaps: Array.from({ length: gaps }, () => ({
      category: 'wealthTransfer',
      gap: words(2000),
      action: words(2000),
    })),
  });

/** The app with a route that exports a document spec sent as the body, as the workspace modules do. */
const withDocumentRoute = (config?: TestConfig) =>
  createTestApp({
    ...(config ? { config } : {}),
    routes: (app) =>
      app.post('/test/document-pdf', { preHandler: app.requireUser }, (req) =>
        generateDocumentPdf(app.deps, authOf(req).user, req.body as PdfDocumentSpec),
      ),
  });

const spec = (blocks: PdfDocumentSpec['blocks']): PdfDocumentSpec => ({
  title: 'Annual review',
  filename: 'review.pdf',
  blocks,
});

describe(`PDF rendering in the worker pool (${testEngine()})`, () => {
  let t: TestApp;
  let user: SignedInUser;
  let call: ReturnType<typeof as>;
  const storedPdfs = async () => (await t.db.db.selectFrom('pdfs').select('id').execute()).length;

  beforeAll(async () => {
    t = await withDocumentRoute();
    user = await signUp(t);
    call = as(t, user);
  });
  afterAll(() => t.close());

  it('renders in a worker thread, not on the event loop', async () => {
    const before = t.app.deps.pdf.stats();
    const res = await call({ method: 'POST', url: '/api/pdf/generate', payload: sampleRoadmap() });
    expect(res.statusCode).toBe(200);
    const after = t.app.deps.pdf.stats();
    expect(after.completed).toBe(before.completed + 1);
    expect(after.threads).toBeGreaterThanOrEqual(1);
    expect(after.inFlight).toBe(0);
  });

  it.each([
    {
      what: 'a roadmap with too much text',
      url: '/api/pdf/generate',
      payload: () => longRoadmap(100),
      detail: /^The PDF's text is too long: 40\d,\d{3} characters, at most 300,000$/,
    },
    {
      what: 'a document with too many sections',
      url: '/test/document-pdf',
      payload: () =>
        spec(Array.from({ length: PDF_MAX_BLOCKS + 1 }, () => ({ kind: 'heading' as const, text: 'Goals' }))),
      detail: `The PDF has too many sections: 201, at most ${PDF_MAX_BLOCKS}`,
    },
    {
      what: 'a document with too many table rows and bars',
      url: '/test/document-pdf',
      payload: () =>
        spec([
          { kind: 'table', columns: ['Year'], rows: Array.from({ length: 1500 }, (_, i) => [String(i)]) },
          {
            kind: 'bars',
            series: Array.from({ length: 501 }, (_, i) => ({ label: `Age ${i}`, value: i })),
          },
        ]),
      detail: `The PDF has too many table and chart rows: 2,001, at most 2,000`,
    },
    {
      what: 'a table with too many columns',
      url: '/test/document-pdf',
      payload: () =>
        spec([
          {
            kind: 'table',
            columns: Array.from({ length: PDF_MAX_COLUMNS + 1 }, (_, i) => `Column ${i}`),
            rows: [],
          },
        ]),
      detail: `The PDF has too many table columns: 13, at most ${PDF_MAX_COLUMNS}`,
    },
  ])('refuses $what with 413 before any rendering, and stores nothing', async ({ url, payload, detail }) => {
    const before = { pdfs: await storedPdfs(), renders: t.app.deps.pdf.stats().completed };
    const res = await call({ method: 'POST', url, payload: payload() });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(detail);
    expect(t.app.deps.pdf.stats().completed).toBe(before.renders);
    expect(await storedPdfs()).toBe(before.pdfs);
  });

  it('stops a PDF that grows past the page cap, and stores nothing', async () => {
    // Within the text and row caps, but one short bullet a line: over a thousand pages.
    const bullets = Array.from({ length: 40_000 }, () => '- a').join('\n');
    expect(bullets.length).toBeLessThan(PDF_MAX_TEXT_CHARS);
    const before = await storedPdfs();
    const res = await call({
      method: 'POST',
      url: '/test/document-pdf',
      payload: spec([{ kind: 'markdown', text: bullets }]),
    });
    expect([res.statusCode, res.json()]).toEqual([413, { detail: PDF_DETAIL.tooManyPages(PDF_MAX_PAGES) }]);
    expect(await storedPdfs()).toBe(before);
  });

  it('renders a document at the caps, every row and page of it', async () => {
    const rows = Array.from({ length: PDF_MAX_ROWS }, (_, i) => [`Row ${i + 1}`, 'x']);
    const res = await call({
      method: 'POST',
      url: '/test/document-pdf',
      payload: spec([{ kind: 'table', columns: ['Row', 'Value'], rows }]),
    });
    expect(res.statusCode).toBe(200);
    const pdf = (await call({ method: 'GET', url: `/api/pdf-service/${res.json().id}` })).rawPayload;
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    for (const n of [1, 1000, PDF_MAX_ROWS]) expect(text).toContain(`Row ${n} `);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('answers a render that fails in the worker with 500, stores nothing, and renders the next', async () => {
    // A bar of infinite value: pdfkit throws on the NaN width while drawing, inside the worker.
    // (JSON.parse reads 1e999 as Infinity.)
    const broken = JSON.stringify(spec([{ kind: 'bars', series: [{ label: 'Assets', value: 0 }] }])).replace(
      '"value":0',
      '"value":1e999',
    );
    const before = await storedPdfs();
    const res = await call({
      method: 'POST',
      url: '/test/document-pdf',
      headers: { 'content-type': 'application/json' },
      payload: broken,
    });
    expect([res.statusCode, res.json()]).toEqual([500, { detail: DETAIL.internal }]);
    expect(await storedPdfs()).toBe(before);

    // A roadmap not made before (the same one again would answer the stored PDF).
    const fresh = { ...sampleRoadmap(), title: 'After a failed render' };
    const next = await call({ method: 'POST', url: '/api/pdf/generate', payload: fresh });
    expect(next.statusCode).toBe(200);
    expect(await storedPdfs()).toBe(before + 1);
  });

  it('answers 503 with Retry-After when the worker and the queue are full, then renders again', async () => {
    // One worker and one place in the queue: of four at once, two are taken and two refused.
    const small = await withDocumentRoute({ pdf: { workers: 1, queueMax: 1 } });
    try {
      const mine = as(small, await signUp(small));
      // Each a different roadmap: the same one asked twice is one PDF (pdf.test.ts).
      let made = 0;
      const generate = () =>
        mine({
          method: 'POST',
          url: '/api/pdf/generate',
          payload: { ...longRoadmap(60), title: `Roadmap ${++made}` },
        });
      const answers = await Promise.all([generate(), generate(), generate(), generate()]);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 503, 503]);
      for (const r of busy) {
        expect(r.json()).toEqual({ detail: PDF_DETAIL.busy });
        expect(r.headers['retry-after']).toBe('5');
      }
      const stored = await small.db.db.selectFrom('pdfs').select('id').execute();
      expect(stored).toHaveLength(2);

      expect((await generate()).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("stops the pool's workers when the app closes", async () => {
    const other = await createTestApp();
    const res = await as(
      other,
      await signUp(other),
    )({
      method: 'POST',
      url: '/api/pdf/generate',
      payload: sampleRoadmap(),
    });
    expect(res.statusCode).toBe(200);
    expect(other.app.deps.pdf.stats().threads).toBeGreaterThanOrEqual(1);
    await other.close();
    expect(other.app.deps.pdf.stats().threads).toBe(0);
  });
});
