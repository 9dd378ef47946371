// Attached images and scanned PDFs for a model that takes images (LLM_IMAGES): an image goes as
// attached, or redrawn smaller when the providers would refuse or shrink it; a scanned PDF's first
// pages go drawn as PNG. The drawing runs in the renderer's worker pool (render.ts), off the event
// loop. Owner only, like every read of a document, and each one sent is a `document.read`.
import { type DocumentKind, IMAGE_MEDIA_TYPES, isImageKind, type TAttachedDocument } from '@knap/contracts';
import { imageSize } from 'image-size';
import type { AppDeps } from '../../platform/deps.js';
import { recordAudit } from '../audit/service.js';
import { readDocumentFile } from './files.js';
import { PAGE_EDGE_PX, type RenderTask } from './render.js';
import * as repo from './repo.js';

/** At most this many images go to the model with one message (Anthropic takes 100 a request). */
export const IMAGES_PER_MESSAGE = 20;

/** A scan's drawing may take this long (the first pages of a few scans); past it, none are sent. */
const RENDER_TIMEOUT_MS = 30_000;

/** What goes to a model that takes images of one attached image or scanned PDF. */
export interface DocumentImages {
  document: TAttachedDocument;
  /** The image as attached (or redrawn smaller), or a scan's first pages drawn as PNG. */
  images: Array<{ mediaType: string; data: Uint8Array }>;
  /** A scan's pages (its first `images.length` are drawn); null for an image. */
  pageCount: number | null;
}

/**
 * An image this large goes redrawn: Anthropic refuses an image over 5 MB of base64 (3.75 MB of
 * bytes) or 8,000 px a side and both providers scale anything past about PAGE_EDGE_PX down anyway,
 * so sending more only costs upload time. A GIF is always redrawn (its first frame, as PNG): OpenAI
 * refuses animated ones.
 */
const MODEL_IMAGE_MAX_BYTES = 3.75 * 1024 * 1024;

function sentAsIs(kind: DocumentKind, data: Buffer): boolean {
  if (kind === 'gif' || data.length > MODEL_IMAGE_MAX_BYTES) return false;
  const { width, height } = imageSize(data);
  return Math.max(width, height) <= PAGE_EDGE_PX;
}

/** Draws in the renderer's pool, within RENDER_TIMEOUT_MS; null when it failed, was busy or late. */
async function drawn(deps: AppDeps, task: RenderTask) {
  const result = await deps.documentRenderer
    .run(task, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) })
    .catch(() => null);
  return result && result !== 'busy' && result.ok && result.images.length > 0 ? result : null;
}

/**
 * The images of the user's `documents` for a model that takes them, `IMAGES_PER_MESSAGE` at most in
 * the documents' order: each image as attached, or redrawn at most PAGE_EDGE_PX a side when larger
 * (as attached should that fail); and, with `scans`, the first `DOCUMENT_SCAN_PAGES` pages of each
 * PDF without text drawn as PNG. The drawing is off the event loop (the renderer's pool); a scan
 * whose drawing fails, waits for a busy renderer or takes too long is left out (the model is told
 * it has no text layer).
 */
export async function imagesForModel(
  deps: AppDeps,
  { userId, documents, scans }: { userId: string; documents: TAttachedDocument[]; scans: boolean },
): Promise<DocumentImages[]> {
  const scanPages = scans ? deps.config.documents.scanPages : 0;
  const rows = await repo.findDocuments(
    deps.db.db,
    userId,
    documents.map((d) => d.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: DocumentImages[] = [];
  let room = IMAGES_PER_MESSAGE;
  for (const document of documents) {
    const row = byId.get(document.id);
    if (!row || room === 0) continue;
    const kind = row.kind;
    if (isImageKind(kind)) {
      const data = await readDocumentFile(deps, { userId, documentId: row.id });
      const mediaType = IMAGE_MEDIA_TYPES[kind];
      const fitted = sentAsIs(kind, data)
        ? null
        : await drawn(deps, { kind: 'image', bytes: new Uint8Array(data), mediaType });
      out.push({ document, images: fitted?.images ?? [{ mediaType, data }], pageCount: null });
      room -= 1;
    } else if (kind === 'pdf' && row.has_text === 0 && scanPages > 0) {
      const bytes = await readDocumentFile(deps, { userId, documentId: row.id });
      const pages = await drawn(deps, {
        kind: 'scan',
        bytes: new Uint8Array(bytes),
        pages: Math.min(scanPages, room),
      });
      if (!pages) continue;
      out.push({ document, images: pages.images, pageCount: pages.pageCount });
      room -= pages.images.length;
    }
  }
  return out;
}

/** Records that the document went to the model as images (one `document.read`), `as` what. */
export const recordImageRead = (
  deps: AppDeps,
  { userId, sent, as, details }: { userId: string; sent: DocumentImages; as: string; details: object },
) =>
  recordAudit(deps, {
    action: 'document.read',
    userId,
    target: sent.document.id,
    details: { as, ...details, images: sent.images.length },
  });
