// A general document as a PDF: a cover band with the title and subtitle, then blocks in order —
// headings, markdown text, tables and bar charts — with numbered pages. Client reviews, financial
// plans and newsletters are exported through it; the roadmap keeps its own layout (render.ts).

import type { PdfBlock, PdfDocumentSpec } from './content.js';
import {
  ACCENT,
  BOLD,
  bars,
  contentWidth,
  coverBand,
  type Doc,
  ensureSpace,
  heading,
  INK,
  MARGIN,
  openDoc,
  pageNumbers,
  REGULAR,
  table,
} from './layout.js';

const FORMATS = {
  usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  percent: { format: (n: number) => `${Number(n.toFixed(1))}%` },
  number: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
};

/** Renders the document; `date` is the day it was prepared, as the cover shows it. */
export function renderDocument(
  spec: PdfDocumentSpec,
  meta: { author: string; date: string; createdAt: Date },
): Promise<Buffer> {
  const { doc, done } = openDoc({
    title: spec.subtitle ? `${spec.title} — ${spec.subtitle}` : spec.title,
    author: meta.author,
    createdAt: meta.createdAt,
  });
  coverBand(doc, spec.title, spec.subtitle ? [spec.subtitle] : []);
  doc.fillColor(INK).font(REGULAR).fontSize(12).text(meta.date, MARGIN, 340);
  doc.moveDown(0.5).text(`Prepared by ${meta.author}`, { width: contentWidth(doc) });
  doc.y = 400;
  for (const block of spec.blocks) renderBlock(doc, block);
  pageNumbers(doc, spec.title);
  doc.end();
  return done;
}

function renderBlock(doc: Doc, block: PdfBlock): void {
  switch (block.kind) {
    case 'heading':
      heading(doc, block.text);
      return;
    case 'markdown':
      markdown(doc, block.text);
      return;
    case 'table': {
      if (block.columns.length === 0) return;
      const share = 1 / block.columns.length;
      ensureSpace(doc, 40);
      table(
        doc,
        block.columns.map((title) => ({ title, share })),
        block.rows.map((row) => block.columns.map((_, i) => row[i] ?? '')),
      );
      doc.moveDown(0.5);
      return;
    }
    case 'bars': {
      const format = FORMATS[block.format ?? 'number'];
      if (block.title) {
        ensureSpace(doc, 50);
        doc.moveDown(0.4).fillColor(ACCENT).font(BOLD).fontSize(12).text(block.title, MARGIN);
        doc.moveDown(0.3);
      }
      bars(
        doc,
        block.series.map((s) => ({ label: s.label, value: s.value, text: format.format(s.value) })),
        Math.max(0, ...block.series.map((s) => s.value)),
      );
      doc.moveDown(0.5);
      return;
    }
  }
}

/** Text with **bold** runs, as pdfkit's continued segments. */
function richText(doc: Doc, text: string, options: { indent?: number; bullet?: string } = {}): void {
  const x = MARGIN + (options.indent ?? 0);
  const width = contentWidth(doc) - (options.indent ?? 0);
  const parts = text.split(/(\*\*[^*]+\*\*)/).filter(Boolean);
  if (options.bullet) {
    ensureSpace(doc, 16);
    doc.font(REGULAR).text(options.bullet, x - 14, doc.y, { width: 14, continued: false, lineBreak: false });
    doc.y -= doc.currentLineHeight();
  }
  doc.fillColor(INK).fontSize(11);
  if (parts.length === 0) return;
  parts.forEach((part, i) => {
    const bold = part.startsWith('**') && part.endsWith('**');
    doc.font(bold ? BOLD : REGULAR);
    const chunk = bold ? part.slice(2, -2) : part;
    const last = i === parts.length - 1;
    if (i === 0) doc.text(chunk, x, doc.y, { width, continued: !last });
    else doc.text(chunk, { continued: !last });
  });
  doc.font(REGULAR);
}

function markdown(doc: Doc, text: string): void {
  doc.fillColor(INK).font(REGULAR).fontSize(11);
  let paragraphLines: string[] = [];
  const flush = () => {
    if (paragraphLines.length === 0) return;
    ensureSpace(doc, 30);
    richText(doc, paragraphLines.join(' '));
    doc.moveDown(0.5);
    paragraphLines = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const sub = /^#{1,6}\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^(\d+)[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (sub) {
      flush();
      ensureSpace(doc, 50);
      doc.moveDown(0.3).fillColor(ACCENT).font(BOLD).fontSize(12).text(sub[1]!, MARGIN);
      doc.moveDown(0.2).fillColor(INK).font(REGULAR).fontSize(11);
    } else if (bullet) {
      flush();
      richText(doc, bullet[1]!, { indent: 16, bullet: '•' });
      doc.moveDown(0.2);
    } else if (numbered) {
      flush();
      richText(doc, numbered[2]!, { indent: 16, bullet: `${numbered[1]}.` });
      doc.moveDown(0.2);
    } else paragraphLines.push(line);
  }
  flush();
  doc.fillColor(INK).fontSize(11);
  doc.x = MARGIN;
}
