// The PDF service (SPEC §7 Email and PDF): a user's PDFs, uploaded or generated from a roadmap.
// Owner only: another user's PDF answers 404. Only real PDFs are stored, at most MAX_PDF_BYTES.
import {
  DEFAULT_ATTACHMENT_FILENAME,
  FALLBACK_TIMEZONE,
  MAX_PDF_BYTES,
  PDF_DETAIL,
  roadmapFilename,
  type TPdfInfo,
  type TRoadmap,
} from '@knap/contracts';
import { digestJson, newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { safeFilename } from '../../platform/filenames.js';
import type { FormFile } from '../../platform/multipart.js';
import { recordAudit } from '../audit/service.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import type { PdfContent, PdfDocumentSpec } from './content.js';
import { oversize, PDF_MAX_PAGES } from './limits.js';
import * as repo from './repo.js';

/** A full queue of the largest PDFs one worker takes drains in about this long. */
const PDF_RETRY_AFTER_SECONDS = 5;

/** How far from the end `%%EOF` may sit: writers append a line break or a little padding after it. */
const TRAILER_WINDOW = 1024;

/**
 * Why these bytes are not a whole PDF, or null when they are: a PDF starts with `%PDF-` and its
 * last trailer ends in `%%EOF`; a file cut short in transfer has no trailer at its end.
 */
export function notAPdf(content: Buffer): { status: 415 | 422; detail: string } | null {
  if (!content.subarray(0, 5).equals(Buffer.from('%PDF-')))
    return { status: 415, detail: PDF_DETAIL.notAPdf };
  if (!content.subarray(-TRAILER_WINDOW).includes('%%EOF'))
    return { status: 422, detail: PDF_DETAIL.incomplete };
  return null;
}

async function storePdf(deps: AppDeps, userId: string, filename: string, content: Buffer): Promise<TPdfInfo> {
  if (content.length > MAX_PDF_BYTES) throw new HttpError(413, PDF_DETAIL.tooLarge);
  const info = { id: newId(), filename, size: content.length, created_at: deps.clock.now().toISOString() };
  await repo.insertPdf(deps.db.db, { ...info, user_id: userId, content });
  return info;
}

export async function uploadPdf(deps: AppDeps, userId: string, file: FormFile | null): Promise<TPdfInfo> {
  if (!file) throw new HttpError(422, PDF_DETAIL.noFile);
  const refused = notAPdf(file.content);
  if (refused) throw new HttpError(refused.status, refused.detail);
  return storePdf(deps, userId, safeFilename(file.filename, DEFAULT_ATTACHMENT_FILENAME), file.content);
}

/** Today in the user's time zone as YYYY-MM-DD, for file names. */
function isoDay(deps: AppDeps, user: UserRow): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: user.timezone ?? FALLBACK_TIMEZONE }).format(
    deps.clock.now(),
  );
}

/** The day a roadmap is prepared, as its cover shows it, in the user's time zone. */
function preparedOn(deps: AppDeps, user: UserRow): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: user.timezone ?? FALLBACK_TIMEZONE,
  }).format(deps.clock.now());
}

/**
 * Every PDF the app makes is rendered here, for `user` (who asked, and whose day the cover shows):
 * what is too big is refused before any work, a user past their PDF rate limit gets 429 with
 * Retry-After, the rest waits for a worker of the pool (renderer.ts).
 */
async function renderPdf(deps: AppDeps, user: UserRow, content: PdfContent): Promise<Buffer> {
  const tooBig = oversize(content);
  if (tooBig) throw new HttpError(413, tooBig);
  await deps.limits.consume('pdf', user.id);
  const out = await deps.pdf.render({
    ...content,
    date: preparedOn(deps, user),
    createdAt: deps.clock.now().toISOString(),
  });
  if (out === 'busy') throw new HttpError(503, PDF_DETAIL.busy, PDF_RETRY_AFTER_SECONDS);
  if (out === 'too-many-pages') throw new HttpError(413, PDF_DETAIL.tooManyPages(PDF_MAX_PAGES));
  // The worker transferred these bytes: a Buffer over them, not a copy.
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * A generated PDF, made once: its id is a digest of the user, the day, the name and what it shows,
 * so asking again for the same document (a double click, Preview then Send, a retry) answers the
 * PDF already in the library instead of a second copy. Changed content is a new PDF.
 */
async function generatePdf(
  deps: AppDeps,
  user: UserRow,
  { content, filename, title }: { content: PdfContent; filename: string; title: string | null },
): Promise<TPdfInfo> {
  const id = `gen-${digestJson({ user: user.id, day: isoDay(deps, user), filename, content }).slice(0, 40)}`;
  const made = await repo.findPdfInfo(deps.db.db, user.id, id);
  if (made) return made;
  const bytes = await renderPdf(deps, user, content);
  if (bytes.length > MAX_PDF_BYTES) throw new HttpError(413, PDF_DETAIL.tooLarge);
  const info = { id, filename, size: bytes.length, created_at: deps.clock.now().toISOString() };
  // Two requests for the same PDF at once: one row is stored, both answer it, one audit entry.
  if (!(await repo.insertPdfOnce(deps.db.db, { ...info, user_id: user.id, content: bytes })))
    return (await repo.findPdfInfo(deps.db.db, user.id, id)) ?? info;
  await recordAudit(deps, {
    action: 'pdf.generated',
    userId: user.id,
    target: id,
    details: { title, bytes: info.size },
  });
  return info;
}

/** The roadmap PDF, named for its client and day ('Henderson — roadmap — 2026-11-25.pdf'). */
export const generateRoadmapPdf = (deps: AppDeps, user: UserRow, roadmap: TRoadmap): Promise<TPdfInfo> =>
  generatePdf(deps, user, {
    content: { kind: 'roadmap', roadmap },
    filename: roadmapFilename(roadmap.client.name, isoDay(deps, user)),
    title: roadmap.title ?? null,
  });

/**
 * A general document (client review, financial plan, newsletter…) as a PDF in the user's PDFs,
 * named `spec.filename`, with the generation in the audit trail.
 */
export const generateDocumentPdf = (deps: AppDeps, user: UserRow, spec: PdfDocumentSpec): Promise<TPdfInfo> =>
  generatePdf(deps, user, {
    content: { kind: 'document', spec, author: user.name || user.email },
    filename: safeFilename(spec.filename, DEFAULT_ATTACHMENT_FILENAME),
    title: spec.title,
  });

export const listPdfs = (deps: AppDeps, userId: string): Promise<TPdfInfo[]> =>
  repo.listPdfs(deps.db.db, userId);

/** One of the user's PDFs with its bytes; 404 when there is none of theirs with this id. */
export async function ownedPdf(deps: AppDeps, userId: string, id: string) {
  const pdf = await repo.findPdf(deps.db.db, userId, id);
  if (!pdf) throw notFound(PDF_DETAIL.notFound);
  return pdf;
}

export async function deletePdf(deps: AppDeps, userId: string, id: string) {
  await refuseIfHeld(deps, userId, 'PDFs');
  if (!(await repo.deletePdf(deps.db.db, userId, id))) throw notFound(PDF_DETAIL.notFound);
  return { success: true };
}
