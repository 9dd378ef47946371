// Fixtures for attached documents, made by the libraries that write each kind: PDFs with pdfkit
// (with a text layer, and drawn only, as a scan is), a DOCX zipped with JSZip (mammoth reads it),
// workbooks with exceljs, images drawn on @napi-rs/canvas; and uploading them through the real API.

import { DOCUMENT_KINDS } from '@knap/contracts';
import { createCanvas } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import type { Config } from '../config.js';
import { formOf } from './pdf.js';
import type { as } from './users.js';

/** The documents' configuration of a test: every kind, the server's caps, one reader. */
export const documentLimits = (overrides: Partial<Config['documents']> = {}): Config['documents'] => ({
  maxBytes: 20 * 1024 * 1024,
  kinds: [...DOCUMENT_KINDS],
  maxPages: 500,
  maxCells: 200_000,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  scanPages: 5,
  workers: 1,
  ...overrides,
});

const pdfBytes = (draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });

/** A PDF with one page per text, each page's text on its text layer. */
export const pdfOf = (pages: string[]): Promise<Buffer> =>
  pdfBytes((doc) => {
    for (const text of pages) doc.addPage().fontSize(11).text(text);
  });

/** A PDF of `pages` pages drawn without any text, as a scanned statement is. */
export const scannedPdfOf = (pages: number): Promise<Buffer> =>
  pdfBytes((doc) => {
    for (let i = 0; i < pages; i += 1) doc.addPage().rect(72, 72, 300, 120).fill('#888888');
  });

/** A minimal DOCX of `paragraphs` (the three parts Word needs), and what `document.xml` is padded with. */
export async function docxOf(paragraphs: string[], padding = ''): Promise<Buffer> {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map((p) => `<w:p><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`).join('') +
      `${padding}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The ZIP with the uncompressed size of the entry `name`, in its local header and its central
 * directory, written as `size`: a bomb whose directory lies about what it unpacks to.
 */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const named = (at: number, lengthAt: number, nameAt: number) =>
    out.toString('utf8', at + nameAt, at + nameAt + out.readUInt16LE(at + lengthAt)) === name;
  for (let at = 0; at < out.length - 46; at += 1) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50 && named(at, 26, 30)) out.writeUInt32LE(size, at + 22);
    else if (signature === 0x02014b50 && named(at, 28, 46)) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** A workbook with one sheet per entry, its rows as given. */
export async function xlsxOf(sheets: Record<string, Array<Array<string | number>>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An image of `width` × `height` pixels, a screenshot's kind of drawing, encoded as `format`. */
export async function imageOf(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#4f46e5';
  ctx.fillRect(Math.floor(width / 4), Math.floor(height / 4), Math.ceil(width / 2), Math.ceil(height / 2));
  return format === 'png' ? canvas.encode('png') : canvas.encode(format, 80);
}

/** Uploads a file as the user; answers the response. */
export const uploadDocument = (
  call: ReturnType<typeof as>,
  name: string,
  content: Buffer,
  type = 'application/octet-stream',
) =>
  call({
    method: 'POST',
    url: '/api/documents',
    payload: formOf({}, { field: 'file', name, type, content }),
  });
