// The renderer's worker (piscina's task file, extractor.ts createDocumentRenderer): draws one scanned
// PDF's first pages, or fits one image, in a worker thread, off the server's event loop. The bytes
// go in, the PNG or JPEG drawings come out.
import { type RenderResult, type RenderTask, renderForModel } from './render.js';

export default function render(task: RenderTask): Promise<RenderResult> {
  return renderForModel(task);
}
