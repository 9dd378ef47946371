// The document readers, one pool per app (deps.documentReader): a 200-page PDF is seconds of pdf.js
// and a large workbook as long in exceljs, which on the event loop would hold every other request.
import type { FastifyBaseLogger } from 'fastify';
import { createWorkerPool, type WorkerPool } from '../../platform/worker-pool.js';
import type { ExtractResult, ExtractTask } from './extract.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Reads attached documents into passages, in worker threads. */
    documentReader: WorkerPool<ExtractTask, ExtractResult>;
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
