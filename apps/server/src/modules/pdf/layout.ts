// The pieces every PDF we make is built from (pdfkit): a buffered document, a cover band, headings,
// paragraphs, tables whose rows never split across pages, horizontal bar charts, and the page
// footers. The roadmap (render.ts) and the general documents (document.ts) share them.
import { PRODUCT_NAME } from '@knap/contracts';
import PDFDocument from 'pdfkit';
import { PDF_MAX_PAGES, TooManyPages } from './limits.js';

export type Doc = PDFKit.PDFDocument;

export const NAVY = '#1d3557';
export const ACCENT = '#2a9d8f';
export const INK = '#1f2933';
export const MUTED = '#6b7280';
const STRIPE = '#f1f5f9';
const TRACK = '#e5e7eb';
export const MARGIN = 60;
export const BOLD = 'Helvetica-Bold';
export const REGULAR = 'Helvetica';

/**
 * A LETTER document whose pages stay in memory (so footers can say "of N"), and its bytes at the
 * end. A page past PDF_MAX_PAGES throws TooManyPages out of whatever drawing call added it.
 */
export function openDoc(info: { title: string; author: string; createdAt: Date }): {
  doc: Doc;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Creator: PRODUCT_NAME, CreationDate: info.createdAt },
  });
  doc.on('pageAdded', () => {
    if (doc.bufferedPageRange().count > PDF_MAX_PAGES) throw new TooManyPages();
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** The navy band across the top of the first page: product, title and the lines under it. */
export function coverBand(doc: Doc, title: string, lines: string[]): void {
  const width = doc.page.width;
  doc.rect(0, 0, width, 300).fill(NAVY);
  doc.rect(0, 300, width, 6).fill(ACCENT);
  doc.fillColor('#ffffff').font(BOLD).fontSize(12).text(PRODUCT_NAME.toUpperCase(), MARGIN, 70);
  // The band holds three lines of title; a longer one ends in an ellipsis.
  doc
    .font(BOLD)
    .fontSize(32)
    .text(title, MARGIN, 110, { width: contentWidth(doc), height: 115, ellipsis: true });
  lines.forEach((line, i) => {
    doc
      .font(REGULAR)
      .fontSize(i === 0 ? 16 : 12)
      .text(line, { width: contentWidth(doc) });
  });
}

export function heading(doc: Doc, text: string): void {
  // A heading never ends a page: it keeps room for a few lines of what follows.
  ensureSpace(doc, 90);
  if (doc.y > doc.page.margins.top) doc.moveDown(1);
  doc.x = MARGIN;
  doc.fillColor(NAVY).font(BOLD).fontSize(16).text(text);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  doc.y = y + 10;
  doc.fillColor(INK).font(REGULAR).fontSize(11);
}

export function paragraph(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc), ...options });
}

const CELL_PAD = 5;

/** A table with a navy header row; `shares` split the width. A row never splits across pages. */
export function table(doc: Doc, columns: Array<{ title: string; share: number }>, rows: string[][]): void {
  const widths = columns.map((c) => c.share * contentWidth(doc));
  const measure = (cells: string[], font: string) => {
    doc.font(font).fontSize(10);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - CELL_PAD * 2 }));
    return Math.max(...heights) + CELL_PAD * 2;
  };
  const draw = (cells: string[], font: string, fill: string | null, color: string) => {
    const height = measure(cells, font);
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, contentWidth(doc), height).fill(fill);
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.fillColor(color).text(text, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - CELL_PAD * 2 });
      x += widths[i]!;
    });
    doc.y = y + height;
  };
  const header = () =>
    draw(
      columns.map((c) => c.title),
      BOLD,
      NAVY,
      '#ffffff',
    );
  header();
  rows.forEach((cells, index) => {
    // The header repeats on the next page.
    if (doc.y + measure(cells, REGULAR) > pageBottom(doc)) {
      doc.addPage();
      header();
    }
    draw(cells, REGULAR, index % 2 === 0 ? STRIPE : null, INK);
  });
  doc.x = MARGIN;
  doc.fillColor(INK).fontSize(11);
}

/** Horizontal bars: each row's label, a bar of `value / max` of the track, and its value as text. */
export function bars(
  doc: Doc,
  rows: Array<{ label: string; value: number; text: string }>,
  max: number,
): void {
  const labelWidth = 150;
  const valueWidth = 80;
  const barX = MARGIN + labelWidth + 10;
  const barMax = contentWidth(doc) - labelWidth - valueWidth - 18;
  const rowHeight = 22;
  for (const { label, value, text } of rows) {
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    doc.fillColor(INK).font(REGULAR).fontSize(10);
    doc.text(label, MARGIN, y + 3, { width: labelWidth, height: rowHeight - 4, ellipsis: true });
    doc.rect(barX, y + 2, barMax, rowHeight - 8).fill(TRACK);
    if (value > 0 && max > 0)
      doc.rect(barX, y + 2, (barMax * Math.min(value, max)) / max, rowHeight - 8).fill(ACCENT);
    doc.fillColor(INK).text(text, barX + barMax + 8, y + 3, { width: valueWidth });
    doc.y = y + rowHeight;
  }
  doc.x = MARGIN;
}

/** Small grey print, one paragraph each. */
export function disclosures(doc: Doc, items: string[]): void {
  if (items.length === 0) return;
  heading(doc, 'Important disclosures');
  doc.fillColor(MUTED).fontSize(9);
  for (const text of items) {
    paragraph(doc, text);
    doc.moveDown(0.5);
  }
}

/** "Product · title" and "Page i of N" on every page. */
export function pageNumbers(doc: Doc, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; with the margin kept, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc.fillColor(MUTED).font(REGULAR).fontSize(8);
    doc.text(`${PRODUCT_NAME} · ${title}`, MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
    doc.text(`Page ${i + 1} of ${count}`, MARGIN + contentWidth(doc) / 2, y, {
      width: contentWidth(doc) / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
