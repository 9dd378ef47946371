// Client documents in the conversation (issue 26): a user attaches a file, it is read into passages
// off the event loop and kept (the file encrypted, under DATA_DIR or in S3_URL's bucket; the
// passages in the database); each question searches the passages of the documents attached in the
// chat. Owner only: another user's document answers 404. Uploads, reads and deletes are in the
// audit trail.
import {
  DEFAULT_ATTACHMENT_FILENAME,
  DOCUMENT_DETAIL,
  type DocumentKind,
  documentKindOf,
  documentViewPath,
  type TAttachedDocument,
  type TDocumentInfo,
  type TDocumentLimits,
  type TDocumentText,
} from '@knap/contracts';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { safeFilename } from '../../platform/filenames.js';
import type { FormFile } from '../../platform/multipart.js';
import { WorkerOutOfMemoryError } from '../../platform/worker-pool.js';
import { recordAudit } from '../audit/service.js';
import { refuseIfHeld } from '../legal-holds/service.js';
import { readDocumentFile, removeDocumentFile, writeDocumentFile } from './files.js';
import * as repo from './repo.js';

export { readDocumentFile };

/** A full queue of the largest documents one reader takes drains in about this long. */
const READ_RETRY_AFTER_SECONDS = 5;

/** The passages that go to the model with one question: the best of a 200-page filing, ~10k chars. */
export const PASSAGES_PER_QUESTION = 8;

const startsWith = (magic: string, at = 0) => {
  const bytes = Buffer.from(magic, 'latin1');
  return (content: Buffer) => content.subarray(at, at + bytes.length).equals(bytes);
};
/**
 * What a file of each kind starts with: a PDF's header, a ZIP's local file header (DOCX, XLSX), an
 * image format's signature (a WEBP is a RIFF file of form type WEBP).
 */
const MAGIC: Partial<Record<DocumentKind, (content: Buffer) => boolean>> = {
  pdf: startsWith('%PDF-'),
  docx: startsWith('PK\x03\x04'),
  xlsx: startsWith('PK\x03\x04'),
  png: startsWith('\x89PNG\r\n\x1a\n'),
  jpeg: startsWith('\xff\xd8\xff'),
  gif: startsWith('GIF8'),
  webp: (content) => startsWith('RIFF')(content) && startsWith('WEBP', 8)(content),
};

export const documentLimits = (deps: AppDeps): TDocumentLimits => {
  const l = deps.config.documents;
  return { max_bytes: l.maxBytes, max_pages: l.maxPages, max_cells: l.maxCells, kinds: l.kinds };
};

type DocumentRow = Awaited<ReturnType<typeof repo.listDocuments>>[number];
const toInfo = (row: DocumentRow): TDocumentInfo => ({ ...row, has_text: row.has_text === 1 });

/** The kind the file's name says, when this server takes it; 415 naming the kinds it takes. */
function kindOf(deps: AppDeps, filename: string, content: Buffer): DocumentKind {
  const kinds = deps.config.documents.kinds;
  const kind = documentKindOf(filename);
  if (!kind || !kinds.includes(kind)) throw new HttpError(415, DOCUMENT_DETAIL.kindRefused(kinds));
  if (MAGIC[kind] && !MAGIC[kind](content)) throw new HttpError(422, DOCUMENT_DETAIL.damaged(kind));
  return kind;
}

export async function uploadDocument(
  deps: AppDeps,
  { userId, file }: { userId: string; file: FormFile | null },
): Promise<TDocumentInfo> {
  if (!file) throw new HttpError(422, DOCUMENT_DETAIL.noFile);
  if (file.content.length === 0) throw new HttpError(422, DOCUMENT_DETAIL.empty);
  const filename = safeFilename(file.filename, DEFAULT_ATTACHMENT_FILENAME);
  const kind = kindOf(deps, filename, file.content);
  const { maxPages, maxCells, maxUnpackedBytes, maxImagePixels } = deps.config.documents;
  const read = await deps.documentReader
    .run({
      kind,
      bytes: new Uint8Array(file.content),
      limits: { maxPages, maxCells, maxUnpackedBytes, maxImagePixels },
    })
    .catch((err: unknown) => {
      if (err instanceof WorkerOutOfMemoryError) throw new HttpError(422, DOCUMENT_DETAIL.tooBigToRead);
      throw err;
    });
  if (read === 'busy') throw new HttpError(503, DOCUMENT_DETAIL.busy, READ_RETRY_AFTER_SECONDS);
  if (!read.ok) throw new HttpError(read.status, read.detail);

  const id = newId();
  const row = {
    id,
    user_id: userId,
    filename,
    kind,
    size: file.content.length,
    pages: read.pages,
    passages: read.passages.length,
    has_text: read.hasText ? 1 : 0,
    client: null,
    created_at: deps.clock.now().toISOString(),
  };
  await writeDocumentFile(deps, { userId, documentId: id, bytes: file.content });
  try {
    await repo.insertDocument(
      deps.db.db,
      row,
      read.passages.map((p, seq) => ({ id: newId(), document_id: id, seq, ...p })),
    );
  } catch (err) {
    await removeDocumentFile(deps, { userId, documentId: id });
    throw err;
  }
  await recordAudit(deps, {
    action: 'document.uploaded',
    userId,
    target: id,
    details: { kind, bytes: row.size, pages: row.pages, passages: row.passages },
  });
  const { user_id: _, ...info } = row;
  return toInfo(info);
}

export const listDocuments = async (deps: AppDeps, userId: string): Promise<TDocumentInfo[]> =>
  (await repo.listDocuments(deps.db.db, userId)).map(toInfo);

/** One of the user's documents; 404 when there is none of theirs with this id. */
export async function ownedDocument(
  deps: AppDeps,
  { userId, documentId }: { userId: string; documentId: string },
): Promise<TDocumentInfo> {
  const row = await repo.findDocument(deps.db.db, userId, documentId);
  if (!row) throw notFound(DOCUMENT_DETAIL.notFound);
  return toInfo(row);
}

/**
 * The document with every passage, for the document view (`as: 'text'`), the plan inputs a
 * statement proposes (`as: 'plan'`) or the clients it names (`as: 'client'`); 404 when it is not the user's. The read is in the audit trail.
 */
export async function documentText(
  deps: AppDeps,
  {
    userId,
    documentId,
    as = 'text',
  }: { userId: string; documentId: string; as?: 'text' | 'plan' | 'client' },
): Promise<TDocumentText> {
  const info = await ownedDocument(deps, { userId, documentId });
  const passages = await repo.passagesOf(deps.db.db, documentId);
  await recordAudit(deps, { action: 'document.read', userId, target: documentId, details: { as } });
  return { ...info, passages_text: passages };
}

/** Records that the user downloaded the file (the route reads it with readDocumentFile). */
export const recordFileRead = (
  deps: AppDeps,
  { userId, documentId }: { userId: string; documentId: string },
) => recordAudit(deps, { action: 'document.read', userId, target: documentId, details: { as: 'file' } });

/** Files the user's document under a client (null: under none); 404 when it is not theirs. */
export async function fileDocument(
  deps: AppDeps,
  { userId, documentId, client }: { userId: string; documentId: string; client: string | null },
): Promise<TDocumentInfo> {
  if (!(await repo.fileDocument(deps.db.db, { userId, documentId, client })))
    throw notFound(DOCUMENT_DETAIL.notFound);
  return ownedDocument(deps, { userId, documentId });
}

export async function deleteDocument(
  deps: AppDeps,
  { userId, documentId }: { userId: string; documentId: string },
): Promise<{ success: true }> {
  await refuseIfHeld(deps, userId, 'documents');
  await ownedDocument(deps, { userId, documentId });
  // The file first: when its store does not answer (503), the document is all still there.
  await removeDocumentFile(deps, { userId, documentId });
  if (!(await repo.deleteDocument(deps.db.db, userId, documentId))) throw notFound(DOCUMENT_DETAIL.notFound);
  await recordAudit(deps, { action: 'document.deleted', userId, target: documentId });
  return { success: true };
}

/**
 * Retention: deletes the users' documents attached before the cutoff, their passages and their
 * files; answers how many. The caller leaves out users on legal hold and records the count.
 */
export async function deleteDocumentsCreatedBefore(
  deps: AppDeps,
  userIds: string[],
  cutoffIso: string,
): Promise<number> {
  let deleted = 0;
  // Each file before its row: a store that stops answering midway leaves no row without its file.
  for (const row of await repo.documentsCreatedBefore(deps.db.db, userIds, cutoffIso)) {
    await removeDocumentFile(deps, { userId: row.user_id, documentId: row.id });
    if (await repo.deleteDocument(deps.db.db, row.user_id, row.id)) deleted += 1;
  }
  return deleted;
}

/**
 * The documents a message attaches, as its chips show them: every id must be one of the user's
 * documents, else 404 (before anything is stored).
 */
export async function attachableDocuments(
  deps: AppDeps,
  { userId, documentIds }: { userId: string; documentIds: string[] },
): Promise<TAttachedDocument[]> {
  const found = await ownedDocumentsAmong(deps, { userId, documentIds });
  if (found.length !== new Set(documentIds).size) throw notFound(DOCUMENT_DETAIL.notFound);
  return found;
}

/** The user's documents among the ids, in their order, as chips show them; others' are left out. */
export async function ownedDocumentsAmong(
  deps: AppDeps,
  { userId, documentIds }: { userId: string; documentIds: string[] },
): Promise<TAttachedDocument[]> {
  const unique = [...new Set(documentIds)];
  const byId = new Map((await repo.findDocuments(deps.db.db, userId, unique)).map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, filename: r.filename, kind: r.kind }] : [];
  });
}

/**
 * Deletes the user's documents among the ids (others' and those already gone are left alone), each
 * as `deleteDocument` does: refused while the user is on legal hold, in the audit trail.
 */
export async function deleteOwnedDocuments(
  deps: AppDeps,
  { userId, documentIds }: { userId: string; documentIds: string[] },
): Promise<number> {
  const owned = await ownedDocumentsAmong(deps, { userId, documentIds });
  for (const { id } of owned) await deleteDocument(deps, { userId, documentId: id });
  return owned.length;
}

/** Words that say nothing about which passage answers: left out of the search. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could did do does for from had has have how i in is it its me my of on or our ' +
    'please say says show tell that the their them there these this those to was we were what when where which ' +
    'who why will with would you your about document documents file attached'
  ).split(' '),
);

/** A question's search words, as both engines split text: letters and digits, accents kept. */
export const searchWords = (question: string): string[] =>
  [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
    .filter((w) => !STOP_WORDS.has(w))
    .slice(0, 30);

export type FoundPassage = repo.PassageHit;

/**
 * What one question finds in the user's documents `documentIds` (ids no longer theirs are left
 * out): the best passages, or, when no word matches (a "summarize it"), the first passages of each
 * document; and the documents that have no text to search (a scanned PDF).
 */
export async function passagesForQuestion(
  deps: AppDeps,
  options: { userId: string; documentIds: string[]; question: string },
): Promise<{ passages: FoundPassage[]; withoutText: TAttachedDocument[]; searched: boolean }> {
  const docs = await repo.findDocuments(deps.db.db, options.userId, [...new Set(options.documentIds)]);
  // Images have no text either, but they are not read for it: they go to the model as images.
  const withoutText = docs
    .filter((d) => d.has_text === 0 && d.kind === 'pdf')
    .map(({ id, filename, kind }) => ({ id, filename, kind }));
  const readable = docs.filter((d) => d.has_text === 1);
  if (readable.length === 0) return { passages: [], withoutText, searched: false };
  const found = await repo.searchPassages(deps.db.db, deps.db.engine, {
    userId: options.userId,
    documentIds: readable.map((d) => d.id),
    words: searchWords(options.question),
    limit: PASSAGES_PER_QUESTION,
  });
  if (found.length > 0) return { passages: found, withoutText, searched: true };
  const perDocument = Math.max(1, Math.floor(PASSAGES_PER_QUESTION / readable.length));
  const opening: FoundPassage[] = [];
  for (const doc of readable.slice(0, PASSAGES_PER_QUESTION))
    for (const p of await repo.passagesOf(deps.db.db, doc.id, perDocument))
      opening.push({ document_id: doc.id, filename: doc.filename, ...p });
  return { passages: opening, withoutText, searched: true };
}

/** A file name in a citation: no brackets (they would end the link's text) nor double quotes. */
export const citedName = (filename: string) => filename.replace(/[[\]"]/g, '');

/** The Markdown link a passage is cited by: `[Q3 statement.pdf, page 2](/documents/<id>?at=1)`. */
export const passageCitation = (p: FoundPassage) =>
  `[${citedName(p.filename)}, ${p.location}](${documentViewPath(p.document_id, p.seq)})`;

/** Records that the passages were read for the user (one `document.read` per document), `as` what. */
export async function recordPassageReads(
  deps: AppDeps,
  {
    userId,
    passages,
    as,
    details,
  }: { userId: string; passages: FoundPassage[]; as: string; details: object },
): Promise<void> {
  const read = new Map<string, number>();
  for (const p of passages) read.set(p.document_id, (read.get(p.document_id) ?? 0) + 1);
  for (const [documentId, count] of read)
    await recordAudit(deps, {
      action: 'document.read',
      userId,
      target: documentId,
      details: { as, ...details, passages: count },
    });
}

/** The passages a Library search reads to find the documents it shows, best first. */
const LIBRARY_SEARCH_PASSAGES = 200;
/** A snippet: this many characters before a passage's first match, and after it. */
const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 180;

/** Where a search matched a document's text: the passage (to open it at) and a snippet of it. */
export interface TextMatch {
  seq: number;
  location: string;
  snippet: string;
}

/** Lowercase without accents, as FTS5's `remove_diacritics` compares ("González" ~ "gonzalez"). */
export const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The passage's text around its first word that starts with one of `words`, cut at spaces. */
export function snippetOf(content: string, words: string[]): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const wanted = words.map(folded);
  let at = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (wanted.some((w) => folded(m[0]).startsWith(w))) {
      at = m.index;
      break;
    }
  let start = Math.max(0, at - SNIPPET_BEFORE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || at;
  let end = Math.min(text.length, at + SNIPPET_AFTER);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), at + 1);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The user's documents whose text holds every word of `query` (stop words left out; a word's start
 * matches it), each with its best passage: the Library's search inside documents. Only the
 * owner's documents are searched.
 */
export async function documentsMatching(
  deps: AppDeps,
  { userId, query }: { userId: string; query: string },
): Promise<Map<string, TextMatch>> {
  const words = searchWords(query);
  const found = await repo.searchPassages(deps.db.db, deps.db.engine, {
    userId,
    words,
    limit: LIBRARY_SEARCH_PASSAGES,
    match: 'all',
  });
  const best = new Map<string, TextMatch>();
  for (const p of found)
    if (!best.has(p.document_id))
      best.set(p.document_id, { seq: p.seq, location: p.location, snippet: snippetOf(p.content, words) });
  return best;
}

/** A document a user's Library searches show is recorded as read once in this long. */
export const SEARCH_READ_EVERY_MS = 10 * 60_000;

type SearchReads = LRUCache<string, true>;

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** `<user id>:<document id>` of the search reads recorded in the last SEARCH_READ_EVERY_MS. */
    documentSearchReads: SearchReads;
  }
}

/** The app's memory of recent search reads, on its clock (tests move it). */
export const newDocumentSearchReads = (clock: Clock): SearchReads =>
  new LRUCache<string, true>({
    max: 10_000,
    ttl: SEARCH_READ_EVERY_MS,
    // Asked of the clock each time (no 1 ms reuse), so a test that moves it is seen at once.
    ttlResolution: 0,
    perf: { now: () => clock.now().getTime() },
  });

/**
 * Records that a Library search showed the user these documents' words (a `document.read`,
 * `as: 'library search'`). The search runs as the user types, so a document is recorded once per
 * SEARCH_READ_EVERY_MS for each user (per instance), not once per request.
 */
export async function recordSearchReads(
  deps: AppDeps,
  { userId, documentIds }: { userId: string; documentIds: string[] },
): Promise<void> {
  for (const documentId of documentIds) {
    const key = `${userId}:${documentId}`;
    if (deps.documentSearchReads.has(key)) continue;
    deps.documentSearchReads.set(key, true);
    await recordAudit(deps, {
      action: 'document.read',
      userId,
      target: documentId,
      details: { as: 'library search', passages: 1 },
    });
  }
}
