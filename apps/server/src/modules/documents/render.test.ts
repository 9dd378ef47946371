// Drawing for the model: a scanned PDF's pages with the canvas bounded whatever size the page
// claims, only the pages asked for; a large image fitted, keeping JPEG as JPEG; a GIF as PNG; and
// what cannot be drawn answers not ok.
import { imageSize } from 'image-size';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { imageOf, scannedPdfOf } from '../../testing/documents.js';
import { type DrawnImage, PAGE_EDGE_PX, renderForModel } from './render.js';

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

const sizeOf = (image: DrawnImage) => imageSize(image.data);

describe('drawing scanned pages', () => {
  it('draws the first pages asked for, each at most PAGE_EDGE_PX a side', async () => {
    const drawn = await renderForModel({ kind: 'scan', bytes: await scannedPdfOf(4), pages: 2 });
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
      const drawn = await renderForModel({ kind: 'scan', bytes: await pageOf(w, h), pages: 5 });
      if (!drawn.ok) throw new Error('not drawn');
      const size = sizeOf(drawn.images[0]!);
      expect(Math.max(size.width, size.height)).toBe(PAGE_EDGE_PX);
    }
  });

  it('fits a large image to PAGE_EDGE_PX, JPEG as JPEG and anything else as PNG', async () => {
    const photo = await renderForModel({
      kind: 'image',
      bytes: await imageOf(4000, 3000, 'jpeg'),
      mediaType: 'image/jpeg',
    });
    if (!photo.ok) throw new Error('not drawn');
    expect(photo.images[0]!.mediaType).toBe('image/jpeg');
    expect(sizeOf(photo.images[0]!)).toEqual({ type: 'jpg', width: 1568, height: 1176 });
    const tall = await renderForModel({
      kind: 'image',
      bytes: await imageOf(500, 2000, 'webp'),
      mediaType: 'image/webp',
    });
    if (!tall.ok) throw new Error('not drawn');
    expect(sizeOf(tall.images[0]!)).toEqual({ type: 'png', width: 392, height: 1568 });
  });

  it('answers not ok for what cannot be drawn', async () => {
    expect(await renderForModel({ kind: 'scan', bytes: Buffer.from('%PDF-1.4 cut'), pages: 1 })).toEqual({
      ok: false,
    });
    expect(
      await renderForModel({
        kind: 'image',
        bytes: Buffer.from('\x89PNG\r\n\x1a\n'),
        mediaType: 'image/png',
      }),
    ).toEqual({ ok: false });
  });
});
