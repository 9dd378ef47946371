// Reads an attached document's text into passages, each with where it is (page, sheet, rows), with
// kept libraries: unpdf (pdf.js) for PDF, mammoth for DOCX, exceljs for XLSX, papaparse for CSV;
// an image has no text: image-size reads its width and height from its header (nothing decodes it).
// It runs in a worker thread (extract-worker.ts), so only plain data goes in and out, and every cap
// is checked before or while reading: pages, cells, what a ZIP unpacks to, the text it yields.
import { DOCUMENT_DETAIL, type DocumentKind } from '@knap/contracts';
import ExcelJS from 'exceljs';
import { imageSize } from 'image-size';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import Papa from 'papaparse';
import { getDocumentProxy } from 'unpdf';
import type { DocumentLimits } from '../../config.js';

export interface ExtractTask {
  kind: DocumentKind;
  bytes: Uint8Array;
  limits: Omit<DocumentLimits, 'kinds' | 'maxBytes'>;
}

export interface ExtractedPassage {
  page: number | null;
  sheet: string | null;
  location: string;
  content: string;
}

export type ExtractResult =
  | { ok: true; pages: number; hasText: boolean; passages: ExtractedPassage[] }
  | { ok: false; status: 413 | 422; detail: string };

/** A passage is about this many characters: a few paragraphs, enough to quote, small enough that
 * the eight best of a 200-page filing fit in any model's context with the question. */
export const PASSAGE_CHARS = 1200;

/** Thrown while reading to refuse the document; the worker answers it as a result. */
class Refused extends Error {
  constructor(
    readonly status: 413 | 422,
    detail: string,
  ) {
    super(detail);
  }
}

export async function extractDocument(task: ExtractTask): Promise<ExtractResult> {
  try {
    const read = await READERS[task.kind](task);
    const textChars = read.passages.reduce((sum, p) => sum + p.content.length, 0);
    if (textChars > task.limits.maxUnpackedBytes)
      throw new Refused(413, DOCUMENT_DETAIL.tooMuchText(task.limits.maxUnpackedBytes));
    return { ok: true, ...read };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, status: err.status, detail: err.message };
    // The libraries throw on what is not the file its name says, or is cut or damaged.
    return { ok: false, status: 422, detail: DOCUMENT_DETAIL.damaged(task.kind) };
  }
}

type Read = { pages: number; hasText: boolean; passages: ExtractedPassage[] };

const READERS: Record<DocumentKind, (task: ExtractTask) => Promise<Read>> = {
  pdf: readPdf,
  docx: readDocx,
  xlsx: readXlsx,
  csv: async (task) => readRows(parseCsv(decodeText(task.bytes), task.limits.maxCells), null, 1),
  txt: async (task) => readPlain(decodeText(task.bytes)),
  png: readImage,
  jpeg: readImage,
  webp: readImage,
  gif: readImage,
};

/** image-size's name of each image kind: the header must be the kind the name says. */
const IMAGE_TYPES: Partial<Record<DocumentKind, string>> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
};

/** An image: no passages; refused when its header is not its kind's or it has too many pixels. */
async function readImage(task: ExtractTask): Promise<Read> {
  const size = imageSize(task.bytes);
  if (size.type !== IMAGE_TYPES[task.kind] || !(size.width > 0 && size.height > 0))
    throw new Refused(422, DOCUMENT_DETAIL.damaged(task.kind));
  if (size.width * size.height > task.limits.maxImagePixels)
    throw new Refused(
      413,
      DOCUMENT_DETAIL.tooManyPixels(size.width, size.height, task.limits.maxImagePixels),
    );
  return { pages: 1, hasText: false, passages: [] };
}

/** Text a database can store: no NUL (PostgreSQL refuses it), no lone surrogate halves. */
const storable = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new Refused(422, DOCUMENT_DETAIL.damaged('txt'));
  }
}

/**
 * Groups units (paragraphs, lines, rows) into passages of about PASSAGE_CHARS; a unit longer than
 * that is cut at a space. Each passage is handed its first and last unit's index.
 */
function groupUnits(
  units: string[],
  make: (text: string, first: number, last: number) => ExtractedPassage,
): ExtractedPassage[] {
  const out: ExtractedPassage[] = [];
  let text = '';
  let first = 0;
  const flush = (last: number) => {
    if (text.trim()) out.push(make(text.trim(), first, last));
    text = '';
  };
  units.forEach((unit, i) => {
    if (text && text.length + unit.length > PASSAGE_CHARS) flush(i - 1);
    if (!text) first = i;
    let rest = unit;
    while (rest.length > PASSAGE_CHARS) {
      const cut = rest.lastIndexOf(' ', PASSAGE_CHARS);
      const at = cut > PASSAGE_CHARS / 2 ? cut : PASSAGE_CHARS;
      text += rest.slice(0, at);
      flush(i);
      first = i;
      rest = rest.slice(at).trimStart();
    }
    text += text ? `\n${rest}` : rest;
  });
  flush(units.length - 1);
  return out;
}

const paragraphsOf = (text: string) =>
  storable(text)
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);

/** Text without pages (a DOCX, a text file): passages named by their order, 'part 3'. */
function readPlain(text: string): Read {
  const passages = groupUnits(paragraphsOf(text), (content) => ({
    page: null,
    sheet: null,
    location: '',
    content,
  })).map((p: ExtractedPassage, i: number) => ({ ...p, location: `part ${i + 1}` }));
  return { pages: 1, hasText: passages.length > 0, passages };
}

async function readPdf(task: ExtractTask): Promise<Read> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(task.bytes), { isEvalSupported: false, verbosity: 0 });
  } catch (err) {
    if ((err as { name?: string }).name === 'PasswordException')
      throw new Refused(422, DOCUMENT_DETAIL.encrypted);
    throw err;
  }
  try {
    if (pdf.numPages > task.limits.maxPages)
      throw new Refused(413, DOCUMENT_DETAIL.tooManyPages(pdf.numPages, task.limits.maxPages));
    const passages: ExtractedPassage[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      // Checked page by page, so a PDF whose streams inflate to masses of text stops early.
      chars += text.length;
      if (chars > task.limits.maxUnpackedBytes)
        throw new Refused(413, DOCUMENT_DETAIL.tooMuchText(task.limits.maxUnpackedBytes));
      // A page's lines: pdf.js marks line ends, and a blank line (or a short line) ends a paragraph.
      const lines = storable(text)
        .split('\n')
        .map((l: string) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      passages.push(
        ...groupUnits(lines, (c) => ({ page: n, sheet: null, location: `page ${n}`, content: c })),
      );
    }
    return { pages: pdf.numPages, hasText: passages.length > 0, passages };
  } finally {
    await pdf.destroy();
  }
}

/**
 * Refuses a ZIP (DOCX, XLSX) that unpacks to more than `max` bytes before any library unpacks it:
 * the sizes its directory declares first, then the bytes each entry really inflates to, counted as
 * they stream and stopped at the cap (a bomb's directory may lie).
 */
interface ZipStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): ZipStream;
  on(event: 'error', listener: (err: Error) => void): ZipStream;
  on(event: 'end', listener: () => void): ZipStream;
  pause(): ZipStream;
  resume(): ZipStream;
}

async function checkZip(bytes: Uint8Array, max: number): Promise<void> {
  const refused = () => new Refused(413, DOCUMENT_DETAIL.unzipsTooLarge(max));
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  const declared = entries.reduce(
    (sum, f) =>
      sum + ((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0),
    0,
  );
  if (declared > max) throw refused();
  let total = 0;
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      // JSZip's own streaming reader (its typings leave it out): inflates chunk by chunk.
      const stream = (entry as unknown as { internalStream(type: 'uint8array'): ZipStream }).internalStream(
        'uint8array',
      );
      stream
        .on('data', (chunk: Uint8Array) => {
          total += chunk.length;
          if (total > max) {
            stream.pause();
            reject(refused());
          }
        })
        .on('error', reject)
        .on('end', () => resolve())
        .resume();
    });
  }
}

async function readDocx(task: ExtractTask): Promise<Read> {
  await checkZip(task.bytes, task.limits.maxUnpackedBytes);
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(task.bytes) });
  return readPlain(value);
}

/** A sheet's rows as text lines, `Row 4: VTI | 120 | $30,000.00`, with their row numbers. */
type SheetRows = Array<{ row: number; text: string }>;

function readRows(rows: SheetRows, sheet: { name: string; number: number } | null, pages: number): Read {
  const passages = groupUnits(
    rows.map((r) => r.text),
    (content, first, last) => {
      const span = first === last ? `row ${rows[first]!.row}` : `rows ${rows[first]!.row}–${rows[last]!.row}`;
      return {
        page: sheet?.number ?? null,
        sheet: sheet?.name ?? null,
        location: sheet ? `sheet ${sheet.name}, ${span}` : span,
        content,
      };
    },
  );
  return { pages, hasText: passages.length > 0, passages };
}

function parseCsv(text: string, maxCells: number): SheetRows {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const cells = data.reduce((sum, row) => sum + row.length, 0);
  if (cells > maxCells) throw new Refused(413, DOCUMENT_DETAIL.tooManyCells(maxCells));
  return data.map((cells, i) => ({ row: i + 1, text: `Row ${i + 1}: ${storable(cells.join(' | '))}` }));
}

async function readXlsx(task: ExtractTask): Promise<Read> {
  await checkZip(task.bytes, task.limits.maxUnpackedBytes);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(task.bytes) as unknown as ArrayBuffer);
  const passages: ExtractedPassage[] = [];
  let cells = 0;
  workbook.worksheets.forEach((sheet, index) => {
    const rows: SheetRows = [];
    sheet.eachRow((row, rowNumber) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell) => {
        cells += 1;
        values.push(cell.text);
      });
      if (cells > task.limits.maxCells)
        throw new Refused(413, DOCUMENT_DETAIL.tooManyCells(task.limits.maxCells));
      const text = storable(values.join(' | ')).trim();
      if (text) rows.push({ row: rowNumber, text: `Row ${rowNumber}: ${text}` });
    });
    passages.push(...readRows(rows, { name: sheet.name, number: index + 1 }, 1).passages);
  });
  return { pages: workbook.worksheets.length, hasText: passages.length > 0, passages };
}
