// Drawing a scanned PDF's pages for the model: the canvas is bounded whatever size the page claims,
// only the pages asked for are drawn, and what cannot be drawn answers not ok.
import { imageSize } from 'image-size';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { scannedPdfOf } from '../../testing/documents.js';
import { PAGE_EDGE_PX, renderScanPages } from './render.js';

/** A PDF of one page `width` × `height` points (PDF allows up to 14,400), drawn only. */
const pageOf = (width: number, height: number): Promise<Buffer> =>
  new Promise((resolve) => {
    const doc = new PDFDocument({ size: [width, height] });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.rect(0, 0, width / 2, height / 2).fill('#333333');
    doc.end();
  });

const sizeOf = (png: Uint8Array) => imageSize(png);

describe('drawing scanned pages', () => {
  it('draws the first pages asked for, each at most PAGE_EDGE_PX a side', async () => {
    const drawn = await renderScanPages({ bytes: await scannedPdfOf(4), pages: 2 });
    expect(drawn.ok && drawn.pageCount).toBe(4);
    expect(drawn.ok && drawn.images.map(sizeOf)).toEqual([
      { type: 'png', width: 1211, height: 1568 },
      { type: 'png', width: 1211, height: 1568 },
    ]);
  });

  it('keeps the canvas bounded for a page that claims to be huge or thin', async () => {
    for (const [w, h] of [
      [14_400, 14_400],
      [14_400, 20],
    ] as const) {
      const drawn = await renderScanPages({ bytes: await pageOf(w, h), pages: 5 });
      if (!drawn.ok) throw new Error('not drawn');
      const size = sizeOf(drawn.images[0]!);
      expect(Math.max(size.width, size.height)).toBe(PAGE_EDGE_PX);
    }
  });

  it('answers not ok for what is not a PDF', async () => {
    expect(await renderScanPages({ bytes: Buffer.from('%PDF-1.4 cut'), pages: 1 })).toEqual({ ok: false });
  });
});
