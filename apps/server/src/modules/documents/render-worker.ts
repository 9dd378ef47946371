// The scan renderer's worker (piscina's task file, renderer.ts): draws one scanned PDF's first pages
// in a worker thread, off the server's event loop. The bytes go in, the PNGs come out.
import { type RenderResult, type RenderTask, renderScanPages } from './render.js';

export default function render(task: RenderTask): Promise<RenderResult> {
  return renderScanPages(task);
}
