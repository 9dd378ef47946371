// Draws the first pages of a scanned PDF (one without a text layer) as PNG images, for a model that
// takes images: unpdf's renderPageAsImage (pdf.js) onto @napi-rs/canvas. It runs in a worker thread
// (render-worker.ts); the caller bounds its time, the page size bounds its canvas.
import { getDocumentProxy, renderPageAsImage } from 'unpdf';

export interface RenderTask {
  bytes: Uint8Array;
  /** The pages drawn, from the first. */
  pages: number;
}

export type RenderResult = { ok: true; pageCount: number; images: Uint8Array[] } | { ok: false };

/**
 * A page's longest side, in pixels: what Anthropic takes without scaling it down (1,568), and
 * enough for OpenAI's high detail. A letter page is then 1,211 × 1,568, a 7.6 MB canvas.
 */
export const PAGE_EDGE_PX = 1568;

export async function renderScanPages(task: RenderTask): Promise<RenderResult> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(task.bytes), { isEvalSupported: false, verbosity: 0 });
    try {
      const images: Uint8Array[] = [];
      for (let n = 1; n <= Math.min(task.pages, pdf.numPages); n += 1) {
        const page = await pdf.getPage(n);
        const { width, height } = page.getViewport({ scale: 1 });
        page.cleanup();
        // However large (or thin) the page says it is, the canvas is at most PAGE_EDGE_PX a side.
        const scale = PAGE_EDGE_PX / Math.max(width, height, 1);
        const png = await renderPageAsImage(pdf, n, { canvasImport: () => import('@napi-rs/canvas'), scale });
        images.push(new Uint8Array(png));
      }
      return { ok: true, pageCount: pdf.numPages, images };
    } finally {
      await pdf.destroy();
    }
  } catch {
    return { ok: false };
  }
}
