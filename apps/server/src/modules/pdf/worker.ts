// The PDF worker (piscina's task file, renderer.ts): renders one job in a worker thread, off the
// server's event loop, and hands the bytes back by transfer. Only plain data crosses: the job in,
// the bytes (or why there are none) out.
import { move } from 'piscina';
import type { RenderJob, RenderResult } from './content.js';
import { renderDocument } from './document.js';
import { TooManyPages } from './limits.js';
import { renderRoadmap } from './render.js';

/** Renders in this thread: the worker's body, and the benchmark's on-the-event-loop contrast. */
export async function renderJob(job: RenderJob): Promise<RenderResult> {
  const createdAt = new Date(job.createdAt);
  try {
    return job.kind === 'roadmap'
      ? await renderRoadmap(job.roadmap, job.date, createdAt)
      : await renderDocument(job.spec, { author: job.author, date: job.date, createdAt });
  } catch (err) {
    if (err instanceof TooManyPages) return 'too-many-pages';
    throw err;
  }
}

/** What the pool answers with: piscina hands the moved bytes over as the Uint8Array itself. */
export default async function render(job: RenderJob): Promise<ReturnType<typeof move> | 'too-many-pages'> {
  const out = await renderJob(job);
  if (typeof out === 'string') return out;
  // A transfer hands over the whole ArrayBuffer: bytes that share one (Node's pool for small
  // Buffers) are copied into their own first.
  const own = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : new Uint8Array(out);
  return move(own);
}
