// The document readers, one pool per app (deps.documentReader): a 200-page PDF is seconds of pdf.js
// and a large workbook as long in exceljs, which on the event loop would hold every other request.
import type { FastifyBaseLogger } from 'fastify';
import { createWorkerPool, type WorkerPool } from '../../platform/worker-pool.js';
import type { ExtractResult, ExtractTask } from './extract.js';
import type { RenderResult, RenderTask } from './render.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Reads attached documents into passages, in worker threads. */
    documentReader: WorkerPool<ExtractTask, ExtractResult>;
    /** Draws scanned PDFs' first pages, and fits large images, for the model, in worker threads. */
    documentRenderer: WorkerPool<RenderTask, RenderResult>;
  }
}

/** Documents that may wait for a reader; beyond that an upload answers 503 with Retry-After. */
const READ_QUEUE_MAX = 16;
/**
 * A reader's heap. The caps on pages, cells and text are checked as a document is read, but a PDF
 * stream that inflates hugely on one page is inflated by pdf.js before any cap sees it: the heap
 * limit ends that worker instead of the server.
 */
const READER_HEAP_MB = 512;

export const createDocumentReader = (options: { workers: number; log: FastifyBaseLogger }) =>
  createWorkerPool<ExtractTask, ExtractResult>({
    ...options,
    queueMax: READ_QUEUE_MAX,
    maxHeapMb: READER_HEAP_MB,
    filename: new URL('./extract-worker.ts', import.meta.url),
    name: 'Document reader',
  });

/**
 * Drawings that may wait for a renderer; beyond that a scan goes as the "no text layer" line and an
 * image as attached.
 */
const RENDER_QUEUE_MAX = 8;

/**
 * The renderer (scans' pages, images too large for a model): a pool of its own, so a burst of
 * uploads does not hold up a reply, with the reader's heap limit (pdf.js decodes a scan's page
 * image on the heap; the canvas is bounded by PAGE_EDGE_PX in render.ts, an image's decoding by
 * DOCUMENT_MAX_IMAGE_PIXELS).
 */
export const createDocumentRenderer = (options: { workers: number; log: FastifyBaseLogger }) =>
  createWorkerPool<RenderTask, RenderResult>({
    ...options,
    queueMax: RENDER_QUEUE_MAX,
    maxHeapMb: READER_HEAP_MB,
    filename: new URL('./render-worker.ts', import.meta.url),
    name: 'Document renderer',
  });
