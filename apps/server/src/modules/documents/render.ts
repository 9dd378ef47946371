// Draws attached documents for a model that takes images, with @napi-rs/canvas: the first pages of
// a scanned PDF (one without a text layer) through unpdf's renderPageAsImage (pdf.js), and an image
// too large for the providers (or a GIF, which may be animated) redrawn smaller as PNG or JPEG. It
// runs in a worker thread (render-worker.ts); the caller bounds its time, PAGE_EDGE_PX its canvas.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';

export type RenderTask =
  /** A scanned PDF: its first `pages` pages. */
  | { kind: 'scan'; bytes: Uint8Array; pages: number }
  /** An attached image (its signature and pixels checked on upload), redrawn to fit. */
  | { kind: 'image'; bytes: Uint8Array; mediaType: string };

export interface DrawnImage {
  mediaType: 'image/png' | 'image/jpeg';
  data: Uint8Array;
}

/** What was drawn; `pageCount` is a scan's pages (null for an image). */
export type RenderResult = { ok: true; pageCount: number | null; images: DrawnImage[] } | { ok: false };

/**
 * A drawing's longest side, in pixels: what Anthropic takes without scaling it down (1,568), and
 * enough for OpenAI's high detail. A letter page is then 1,211 × 1,568, a 7.6 MB canvas.
 */
export const PAGE_EDGE_PX = 1568;

/** Photos are redrawn as JPEG at this quality; anything else as PNG (screenshots stay sharp). */
const JPEG_QUALITY = 85;

export async function renderForModel(task: RenderTask): Promise<RenderResult> {
  try {
    return task.kind === 'scan' ? await renderScan(task) : await fitImage(task);
  } catch {
    return { ok: false };
  }
}

async function renderScan(task: { bytes: Uint8Array; pages: number }): Promise<RenderResult> {
  const pdf = await getDocumentProxy(new Uint8Array(task.bytes), { isEvalSupported: false, verbosity: 0 });
  try {
    const images: DrawnImage[] = [];
    for (let n = 1; n <= Math.min(task.pages, pdf.numPages); n += 1) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      page.cleanup();
      // However large (or thin) the page says it is, the canvas is at most PAGE_EDGE_PX a side.
      const scale = PAGE_EDGE_PX / Math.max(width, height, 1);
      const png = await renderPageAsImage(pdf, n, { canvasImport: () => import('@napi-rs/canvas'), scale });
      images.push({ mediaType: 'image/png', data: new Uint8Array(png) });
    }
    return { ok: true, pageCount: pdf.numPages, images };
  } finally {
    await pdf.destroy();
  }
}

/** The image at most PAGE_EDGE_PX a side (a GIF's first frame), as JPEG if it was one, else PNG. */
async function fitImage(task: { bytes: Uint8Array; mediaType: string }): Promise<RenderResult> {
  const image = await loadImage(Buffer.from(task.bytes));
  const scale = Math.min(1, PAGE_EDGE_PX / Math.max(image.width, image.height, 1));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  const drawn: DrawnImage =
    task.mediaType === 'image/jpeg'
      ? { mediaType: 'image/jpeg', data: new Uint8Array(await canvas.encode('jpeg', JPEG_QUALITY)) }
      : { mediaType: 'image/png', data: new Uint8Array(await canvas.encode('png')) };
  return { ok: true, pageCount: null, images: [drawn] };
}
