import { MAX_PDF_BYTES } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { firstPagePng, formOf, pdfPageCount, pdfText, pngSize, sampleRoadmap } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

const upload = (file: { name: string; type?: string; content: Buffer }) =>
  formOf({}, { field: 'file', type: 'application/pdf', ...file });

describe(`PDF roadmaps and the PDF service (${testEngine()})`, () => {
  let t: TestApp;
  let user: SignedInUser;
  let call: ReturnType<typeof as>;
  /** A roadmap PDF the app generated, as downloaded. */
  let roadmapPdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock('2026-11-22T18:00:00.000Z') });
    user = await signUp(t);
    call = as(t, user);
  });
  afterAll(() => t.close());

  const download = async (id: string) => {
    const res = await call({ method: 'GET', url: `/api/pdf-service/${id}` });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('generates a roadmap PDF whose text, pages and first page are what was asked', async () => {
    const res = await call({ method: 'POST', url: '/api/pdf/generate', payload: sampleRoadmap() });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toEqual({
      id: expect.any(String),
      // Named for its client and the user's day (the fallback zone's), not 'portfolio_roadmap.pdf'.
      filename: 'Henderson — roadmap — 2026-11-22.pdf',
      size: expect.any(Number),
      created_at: '2026-11-22T18:00:00.000Z',
    });
    roadmapPdf = await download(info.id);
    expect(roadmapPdf.length).toBe(info.size);

    const text = pdfText(roadmapPdf);
    const pages = pdfPageCount(roadmapPdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const expected of [
      'Henderson Family Roadmap',
      'Prepared for Ann Henderson',
      // The user has no time zone set: the fallback (Los Angeles) day.
      'November 22, 2026',
      'Advisor: Dana Park, Park Wealth Partners',
      'Investable assets: $2,450,000',
      'Retire at 63',
      'Wealth transfer',
      'The revocable trust was never funded',
      'Retitle the brokerage account into the trust',
      'Meet the estate attorney about trust funding',
      'Past performance does not guarantee future results.',
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The allocation: each asset class with its share, beside its bar.
    expect(text).toMatch(/US equities\s+45%/);
    expect(text).toMatch(/Core bonds\s+35%/);
    // Categories without gaps are left out.
    expect(text).not.toContain('Charitable giving');

    const png = firstPagePng(roadmapPdf);
    // US Letter at 72 dpi is 612 × 792 pixels.
    expect(pngSize(png)).toEqual({ width: 612, height: 792 });
    expect(png.length).toBeGreaterThan(5000);
  });

  it('makes the same roadmap once however often it is asked, and a changed one anew', async () => {
    const roadmap = sampleRoadmap({ title: 'Asked for twice' });
    const generate = (payload: object) => call({ method: 'POST', url: '/api/pdf/generate', payload });
    const pdfs = async () => (await call({ method: 'GET', url: '/api/pdf-service' })).json();
    const audited = () =>
      t.db.db.selectFrom('audit_log').select('seq').where('action', '=', 'pdf.generated').execute();
    const before = { pdfs: (await pdfs()).length, audited: (await audited()).length };

    // A double click: two requests at once, then a third after them.
    const [a, b] = await Promise.all([generate(roadmap), generate(roadmap)]);
    const c = await generate(roadmap);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(await pdfs()).toHaveLength(before.pdfs + 1);
    expect(await audited()).toHaveLength(before.audited + 1);

    const changed = await generate({ ...roadmap, title: 'Asked for twice, then changed' });
    expect(changed.json().id).not.toBe(a.json().id);
    expect(await pdfs()).toHaveLength(before.pdfs + 2);

    // Deleted, it is made again when asked for.
    expect((await call({ method: 'DELETE', url: `/api/pdf-service/${a.json().id}` })).statusCode).toBe(200);
    expect((await generate(roadmap)).json().id).toBe(a.json().id);
    expect(await pdfs()).toHaveLength(before.pdfs + 2);
  });

  it('flows a long action plan onto more pages, with every row and every page numbered', async () => {
    const action_plan = Array.from({ length: 80 }, (_, i) => ({
      action: `Step ${i + 1}: review the beneficiary designations on account ${i + 1} and confirm them in writing`,
      owner: i % 2 ? 'Advisor' : 'Client',
      due: '2027-03-01',
      priority: 'Medium',
    }));
    const res = await call({
      method: 'POST',
      url: '/api/pdf/generate',
      payload: sampleRoadmap({ action_plan }),
    });
    expect(res.statusCode).toBe(200);
    const pdf = await download(res.json().id);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(pdfPageCount(roadmapPdf) + 1);
    const text = pdfText(pdf);
    for (const n of [1, 40, 80]) expect(text).toContain(`Step ${n}:`);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
  });

  it('refuses a roadmap that does not add up, with the field named', async () => {
    const bad = sampleRoadmap();
    bad.recommendation.allocation[0]!.percent = 80;
    const res = await call({ method: 'POST', url: '/api/pdf/generate', payload: bad });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Invalid body.recommendation.allocation: percentages must add up to 100');
    const unknownCategory = { ...sampleRoadmap(), gaps: [{ category: 'taxes', gap: 'x', action: 'y' }] };
    const res2 = await call({ method: 'POST', url: '/api/pdf/generate', payload: unknownCategory });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().detail).toMatch(/^Invalid body\.gaps\.0\.category/);
  });

  it('accepts an uploaded PDF, then lists, downloads and deletes it', async () => {
    const uploader = await signUp(t);
    const mine = as(t, uploader);
    const res = await mine({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: upload({ name: 'Plan “Q4”.pdf', content: roadmapPdf }),
    });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ filename: 'Plan “Q4”.pdf', size: roadmapPdf.length });

    const list = await mine({ method: 'GET', url: '/api/pdf-service' });
    expect(list.json()).toEqual([info]);

    const file = await mine({ method: 'GET', url: `/api/pdf-service/${info.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Plan _Q4_.pdf"; filename*=UTF-8''Plan%20%E2%80%9CQ4%E2%80%9D.pdf`,
    );
    expect(file.rawPayload.equals(roadmapPdf)).toBe(true);

    expect((await mine({ method: 'DELETE', url: `/api/pdf-service/${info.id}` })).json()).toEqual({
      success: true,
    });
    expect((await mine({ method: 'GET', url: '/api/pdf-service' })).json()).toEqual([]);
    const gone = await mine({ method: 'GET', url: `/api/pdf-service/${info.id}` });
    expect([gone.statusCode, gone.json()]).toEqual([404, { detail: 'PDF not found' }]);
  });

  it("answers 404 for another user's PDF, and leaves it alone", async () => {
    const owner = await signUp(t);
    const res = await as(
      t,
      owner,
    )({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: upload({ name: 'a.pdf', content: roadmapPdf }),
    });
    const { id } = res.json();
    for (const method of ['GET', 'DELETE'] as const) {
      const other = await call({ method, url: `/api/pdf-service/${id}` });
      expect([other.statusCode, other.json()]).toEqual([404, { detail: 'PDF not found' }]);
    }
    expect((await call({ method: 'GET', url: '/api/pdf-service' })).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await as(t, owner)({ method: 'GET', url: `/api/pdf-service/${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/pdf-service' })).statusCode).toBe(401);
  });

  it.each([
    {
      what: 'a text file renamed .pdf',
      content: () => Buffer.from('Quarterly notes, not a PDF at all.\n'),
      status: 415,
      detail: 'The file is not a PDF',
    },
    {
      what: 'a PDF cut short',
      content: () => roadmapPdf.subarray(0, roadmapPdf.length / 2),
      status: 422,
      detail: 'The PDF is incomplete or damaged (it has no end-of-file marker)',
    },
    {
      what: 'a PDF over 10 MB',
      content: () =>
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_PDF_BYTES), Buffer.from('\n%%EOF\n')]),
      status: 413,
      detail: 'The PDF is larger than 10 MB',
    },
  ])('refuses $what, and stores nothing', async ({ content, status, detail }) => {
    const before = await t.db.db.selectFrom('pdfs').select('id').execute();
    const res = await call({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: upload({ name: 'report.pdf', content: content() }),
    });
    expect([res.statusCode, res.json()]).toEqual([status, { detail }]);
    expect(await t.db.db.selectFrom('pdfs').select('id').execute()).toEqual(before);
  });

  it('refuses an upload that is not a multipart form with one file field', async () => {
    const json = await call({ method: 'POST', url: '/api/pdf-service/upload', payload: { file: 'x' } });
    expect([json.statusCode, json.json()]).toEqual([415, { detail: 'Send the form as multipart/form-data' }]);
    const empty = await call({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: formOf({ note: 'no file' }),
    });
    expect([empty.statusCode, empty.json()]).toEqual([
      422,
      { detail: "Send the PDF as the form's file field" },
    ]);
    const elsewhere = await call({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: formOf({}, { field: 'document', name: 'a.pdf', type: 'application/pdf', content: roadmapPdf }),
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      422,
      { detail: "Unexpected file in field 'document'; send it as 'file'" },
    ]);
  });

  it('keeps the bytes exactly on this engine (blob or bytea)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from([0, 255, 128, 10, 13]),
      Buffer.from('\n%%EOF'),
    ]);
    const res = await call({
      method: 'POST',
      url: '/api/pdf-service/upload',
      payload: upload({ name: 'b.pdf', content: bytes }),
    });
    const row = await t.db.db
      .selectFrom('pdfs')
      .select('content')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(row.content)).toBe(true);
    expect(row.content.equals(bytes)).toBe(true);
  });
});
