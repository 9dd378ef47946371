import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import {
  docxOf,
  documentLimits as limits,
  pdfOf,
  scannedPdfOf,
  uploadDocument,
  withDeclaredSize,
  xlsxOf,
} from '../../testing/documents.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../testing/users.js';
import { passagesForQuestion, SEARCH_READ_EVERY_MS } from './service.js';

/** The `document.read` entries Library searches recorded for a document. */
async function searchReadsOf(t: TestApp, documentId: string) {
  const rows = await t.db.db
    .selectFrom('audit_log')
    .select(['user_id', 'details'])
    .where('target', '=', documentId)
    .where('action', '=', 'document.read')
    .orderBy('seq')
    .execute();
  return rows
    .map((r) => ({ user_id: r.user_id, details: JSON.parse(String(r.details)) as { as: string } }))
    .filter((r) => r.details.as === 'library search');
}

/** The locations and first words of a document's passages, as the document view gets them. */
async function passagesOf(call: ReturnType<typeof as>, id: string) {
  const res = await call({ method: 'GET', url: `/api/documents/${id}/text` });
  expect(res.statusCode).toBe(200);
  return res.json().passages_text as Array<{
    page: number | null;
    sheet: string | null;
    location: string;
    content: string;
  }>;
}

describe(`client documents (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let other: ReturnType<typeof as>;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { documents: limits() } });
    const user = await signUp(t);
    call = as(t, user);
    other = as(t, await signUp(t));
    userId = await userIdOf(t, user.email);
  });
  afterAll(() => t.close());

  it('reads a PDF page by page, keeping each passage’s page', async () => {
    const pdf = await pdfOf([
      'Quarterly statement for Ann Henderson.',
      'Asset allocation: 60% equities, 35% bonds, 5% cash.',
      'Contributions this quarter: 6,500 to the 401(k).',
    ]);
    const res = await uploadDocument(call, 'Q3 statement.pdf', pdf, 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filename: 'Q3 statement.pdf',
      kind: 'pdf',
      size: pdf.length,
      pages: 3,
      passages: 3,
      has_text: true,
    });
    const passages = await passagesOf(call, res.json().id);
    expect(passages.map((p) => [p.page, p.location, p.content])).toEqual([
      [1, 'page 1', 'Quarterly statement for Ann Henderson.'],
      [2, 'page 2', 'Asset allocation: 60% equities, 35% bonds, 5% cash.'],
      [3, 'page 3', 'Contributions this quarter: 6,500 to the 401(k).'],
    ]);
  });

  it('says plainly that a PDF without a text layer has no text', async () => {
    const res = await uploadDocument(call, 'scan.pdf', await scannedPdfOf(2), 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'pdf', pages: 2, passages: 0, has_text: false });
  });

  it('reads a DOCX into its paragraphs, a workbook by sheet and rows, a CSV and a text file', async () => {
    const docx = await uploadDocument(
      call,
      'IPS.docx',
      await docxOf(['Investment policy statement', 'Target allocation is 60/40 with a 5% band.']),
    );
    expect(docx.statusCode).toBe(200);
    expect(docx.json()).toMatchObject({ kind: 'docx', passages: 1, has_text: true });
    expect(await passagesOf(call, docx.json().id)).toEqual([
      {
        seq: 0,
        page: null,
        sheet: null,
        location: 'part 1',
        content: 'Investment policy statement\nTarget allocation is 60/40 with a 5% band.',
      },
    ]);

    const xlsx = await uploadDocument(
      call,
      'holdings.xlsx',
      await xlsxOf({
        Summary: [['Household', 'Henderson']],
        Holdings: [
          ['Ticker', 'Shares', 'Value'],
          ['VTI', 120, 30000],
          ['BND', 300, 21900],
        ],
      }),
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.json()).toMatchObject({ kind: 'xlsx', pages: 2, passages: 2 });
    expect(
      (await passagesOf(call, xlsx.json().id)).map((p) => [p.page, p.sheet, p.location, p.content]),
    ).toEqual([
      [1, 'Summary', 'sheet Summary, row 1', 'Row 1: Household | Henderson'],
      [
        2,
        'Holdings',
        'sheet Holdings, rows 1–3',
        'Row 1: Ticker | Shares | Value\nRow 2: VTI | 120 | 30000\nRow 3: BND | 300 | 21900',
      ],
    ]);

    const csv = await uploadDocument(
      call,
      'trades.csv',
      Buffer.from('\uFEFFdate,ticker,amount\n2026-10-01,VTI,"1,000"\n'),
    );
    expect(csv.statusCode).toBe(200);
    expect((await passagesOf(call, csv.json().id)).map((p) => [p.location, p.content])).toEqual([
      ['rows 1–2', 'Row 1: date | ticker | amount\nRow 2: 2026-10-01 | VTI | 1,000'],
    ]);

    const txt = await uploadDocument(call, 'notes.txt', Buffer.from('First paragraph.\n\nSecond paragraph.'));
    expect(txt.statusCode).toBe(200);
    expect((await passagesOf(call, txt.json().id)).map((p) => p.content)).toEqual([
      'First paragraph.\nSecond paragraph.',
    ]);
  });

  it('keeps the file encrypted under DATA_DIR, gives it back to its owner only, and deletes it', async () => {
    const pdf = await pdfOf(['Confidential: account 12345678 at Fidelity.']);
    const { id } = (await uploadDocument(call, 'secret.pdf', pdf, 'application/pdf')).json();
    const folder = path.join(t.config.dataDir, 'documents', userId);
    const stored = readFileSync(path.join(folder, id));
    expect(stored.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(stored.length).toBeGreaterThan(pdf.length);

    const file = await call({ method: 'GET', url: `/api/documents/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // Another user: every route answers 404, and their list does not show it.
    for (const [method, url] of [
      ['GET', `/api/documents/${id}`],
      ['GET', `/api/documents/${id}/text`],
      ['GET', `/api/documents/${id}/file`],
      ['DELETE', `/api/documents/${id}`],
    ] as const) {
      const res = await other({ method, url });
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Document not found' }]);
    }
    expect((await other({ method: 'GET', url: '/api/documents' })).json()).toEqual([]);
    expect(
      (await call({ method: 'GET', url: '/api/documents' })).json().map((d: { id: string }) => d.id),
    ).toContain(id);

    const deleted = await call({ method: 'DELETE', url: `/api/documents/${id}` });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    expect(readdirSync(folder)).not.toContain(id);
    expect((await call({ method: 'GET', url: `/api/documents/${id}` })).statusCode).toBe(404);
    const passagesLeft = await t.db.db
      .selectFrom('document_passages')
      .select('id')
      .where('document_id', '=', id)
      .execute();
    expect(passagesLeft).toEqual([]);

    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['document.uploaded', 'document.read', 'document.deleted']);
  });

  it('files a document under a client, and the Library lists it there with search', async () => {
    const { id } = (
      await uploadDocument(call, 'Henderson IPS.txt', Buffer.from('Investment policy statement.'))
    ).json();
    const filed = await call({
      method: 'PATCH',
      url: `/api/documents/${id}`,
      payload: { client: ' Ann Henderson ' },
    });
    expect([filed.statusCode, filed.json().client]).toEqual([200, 'Ann Henderson']);

    const library = await call({
      method: 'GET',
      url: `/api/studio/library?${new URLSearchParams({ kind: 'document', client: 'Ann Henderson', q: 'ips' })}`,
    });
    expect(library.statusCode).toBe(200);
    expect(library.json().items).toEqual([
      expect.objectContaining({
        id,
        kind: 'document',
        title: 'Henderson IPS.txt',
        client: 'Ann Henderson',
        summary: 'TXT',
        open_path: `/documents/${id}`,
        download_path: `/api/documents/${id}/file`,
        deletable: true,
      }),
    ]);
    expect(library.json().clients).toContain('Ann Henderson');

    const empty = await call({ method: 'PATCH', url: `/api/documents/${id}`, payload: { client: '  ' } });
    expect(empty.statusCode).toBe(422);
    const theirs = await other({
      method: 'PATCH',
      url: `/api/documents/${id}`,
      payload: { client: 'Mallory' },
    });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { detail: 'Document not found' }]);
    const unfiled = await call({ method: 'PATCH', url: `/api/documents/${id}`, payload: { client: null } });
    expect(unfiled.json().client).toBeNull();
  });

  it('is found by a Library search for words inside it, with the passage, by its owner only', async () => {
    const filler = 'General remarks about the fund and the usual statements about risk. '.repeat(3);
    const { id } = (
      await uploadDocument(
        call,
        'Annual letter.pdf',
        await pdfOf([
          'Dear client, this letter reviews your year.',
          `${filler}Your municipal bond ladder matures in 2031 and yields 3.4% tax-free. ${filler}`,
          'Sincerely, your advisor at Reyes Wealth.',
        ]),
        'application/pdf',
      )
    ).json();
    const search = async (as: typeof call, q: string) =>
      (
        await as({
          method: 'GET',
          url: `/api/studio/library?${new URLSearchParams({ kind: 'document', q })}`,
        })
      ).json().items as Array<{
        id: string;
        open_path: string;
        match?: { location: string; snippet: string };
      }>;

    for (const q of ['bond ladder', 'Municipal LADD', 'the ladder']) {
      const [found, ...more] = await search(call, q);
      expect(more).toEqual([]);
      expect(found).toMatchObject({
        id,
        open_path: `/documents/${id}?at=1`,
        match: {
          location: 'page 2',
          snippet: expect.stringContaining('municipal bond ladder matures in 2031'),
        },
      });
      // The snippet is the words around the match, cut at spaces, not the whole page.
      expect(found!.match!.snippet).toMatch(/^….{20,260}…$/);
    }
    // Every word must be in one passage; the words of two pages are not a match.
    expect(await search(call, 'ladder sincerely')).toEqual([]);
    expect(await search(call, 'annuity')).toEqual([]);
    // The title still finds it, without a passage.
    const [byName] = await search(call, 'annual letter');
    expect(byName).toMatchObject({ id, open_path: `/documents/${id}` });
    expect(byName!.match).toBeUndefined();
    // Another user's search never reaches these passages.
    expect(await search(other, 'bond ladder')).toEqual([]);
    // The words shown are a read, recorded once for the four searches that showed them (the title
    // match showed none), and not for the other user.
    expect(await searchReadsOf(t, id)).toEqual([
      { user_id: userId, details: { as: 'library search', passages: 1 } },
    ]);
  });

  it('finds the right passage of a 200-page document for a question', async () => {
    const pages = Array.from(
      { length: 200 },
      (_, i) =>
        `Page ${i + 1} of the annual filing. Revenue, operating costs and general remarks about the fund's year, ` +
        'with the usual statements about risk and past performance.',
    );
    pages[136] = 'The municipal bond ladder matures in 2031 and yields 3.4% tax-free.';
    const res = await uploadDocument(call, 'filing.pdf', await pdfOf(pages), 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pages: 200, passages: 200 });
    const found = await passagesForQuestion(t.app.deps, {
      userId,
      documentIds: [res.json().id],
      question: 'When does the bond ladder mature?',
    });
    expect(found.passages[0]).toMatchObject({ page: 137, location: 'page 137', filename: 'filing.pdf' });
    expect(found.passages[0]!.content).toContain('matures in 2031');
    // A question none of whose words the document holds gets its opening passages.
    const opening = await passagesForQuestion(t.app.deps, {
      userId,
      documentIds: [res.json().id],
      question: 'Summarize it',
    });
    expect(opening.passages.map((p) => p.location)).toEqual(
      Array.from({ length: 8 }, (_, i) => `page ${i + 1}`),
    );
    // Another user's search of the same id finds nothing.
    const theirs = await passagesForQuestion(t.app.deps, {
      userId: 'someone-else',
      documentIds: [res.json().id],
      question: 'bond ladder',
    });
    expect(theirs.passages).toEqual([]);
  });
});

describe(`document limits (${testEngine()})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        documents: limits({
          maxBytes: 200 * 1024,
          kinds: ['pdf', 'docx', 'xlsx', 'csv'],
          maxPages: 3,
          maxCells: 50,
          maxUnpackedBytes: 1024 * 1024,
        }),
      },
    });
    call = as(t, await signUp(t));
  });
  afterAll(() => t.close());

  it('states its limits', async () => {
    const res = await call({ method: 'GET', url: '/api/documents/limits' });
    expect(res.json()).toEqual({
      max_bytes: 200 * 1024,
      max_pages: 3,
      max_cells: 50,
      kinds: ['pdf', 'docx', 'xlsx', 'csv'],
    });
  });

  it('refuses what is too big, of another kind, damaged or a bomb with a 4xx, and keeps nothing', async () => {
    const cases: Array<[string, Buffer, number, string]> = [
      ['big.csv', Buffer.alloc(300 * 1024, 'a'), 413, 'The file is larger than 0.2 MB'],
      ['notes.txt', Buffer.from('hello'), 415, 'This kind of file cannot be read: send PDF, DOCX, XLSX, CSV'],
      ['photo.exe', Buffer.from('MZ'), 415, 'This kind of file cannot be read: send PDF, DOCX, XLSX, CSV'],
      ['fake.pdf', Buffer.from('not a pdf at all'), 422, 'The PDF file is damaged or not what its name says'],
      [
        'cut.pdf',
        (await pdfOf(['a'])).subarray(0, 200),
        422,
        'The PDF file is damaged or not what its name says',
      ],
      ['empty.csv', Buffer.alloc(0), 422, 'The file is empty'],
      [
        'long.pdf',
        await pdfOf(['1', '2', '3', '4', '5']),
        413,
        'The document has 5 pages; at most 3 can be read',
      ],
      [
        'wide.xlsx',
        await xlsxOf({ Data: Array.from({ length: 11 }, (_, r) => [r, r, r, r, r]) }),
        413,
        'The spreadsheet has more than 50 cells',
      ],
      [
        'wide.csv',
        Buffer.from(Array.from({ length: 11 }, () => '1,2,3,4,5').join('\n')),
        413,
        'The spreadsheet has more than 50 cells',
      ],
      [
        // 8 MB of spaces in document.xml zip to a few KB: a bomb against a 1 MB cap.
        'bomb.docx',
        await docxOf(['Hello'], `<w:p><w:r><w:t>${' '.repeat(8 * 1024 * 1024)}</w:t></w:r></w:p>`),
        413,
        'The file unpacks to more than 1 MB, so it is refused (a compressed bomb?)',
      ],
      [
        // The same bomb whose directory says each part unpacks to 100 bytes: the bytes that really
        // come out are counted.
        'lying.docx',
        withDeclaredSize(
          await docxOf(['Hello'], `<w:p><w:r><w:t>${' '.repeat(8 * 1024 * 1024)}</w:t></w:r></w:p>`),
          'word/document.xml',
          100,
        ),
        413,
        'The file unpacks to more than 1 MB, so it is refused (a compressed bomb?)',
      ],
    ];
    for (const [name, content, status, detail] of cases) {
      const res = await uploadDocument(call, name, content);
      expect([name, res.statusCode, res.json()]).toEqual([name, status, { detail }]);
    }
    expect(await t.db.db.selectFrom('documents').select('id').execute()).toEqual([]);
    expect(await t.db.db.selectFrom('document_passages').select('id').execute()).toEqual([]);
  });
});

describe(`a Library search's reads of documents over time (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-26T09:00:00.000Z');
  let t: TestApp;
  afterAll(() => t?.close());

  it('records a document shown again once its window has passed', async () => {
    t = await createTestApp({ clock, config: { documents: limits() } });
    const call = as(t, await signUp(t));
    const { id } = (
      await uploadDocument(call, 'Note.txt', Buffer.from('The trust owns the lake house.'))
    ).json();
    const search = () =>
      call({ method: 'GET', url: `/api/studio/library?${new URLSearchParams({ q: 'lake house' })}` });
    await search();
    clock.advance(SEARCH_READ_EVERY_MS - 1000);
    await search();
    expect(await searchReadsOf(t, id)).toHaveLength(1);
    clock.advance(2000);
    expect((await search()).json().items).toHaveLength(1);
    expect(await searchReadsOf(t, id)).toHaveLength(2);
  });
});
