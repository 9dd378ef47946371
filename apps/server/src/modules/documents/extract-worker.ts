// The document reader's worker (piscina's task file, extractor.ts): reads one document in a worker
// thread, off the server's event loop. Only plain data crosses: the bytes and limits in, the
// passages (or why there are none) out.
import { type ExtractResult, type ExtractTask, extractDocument } from './extract.js';

export default function extract(task: ExtractTask): Promise<ExtractResult> {
  return extractDocument(task);
}
