// Client documents in the conversation (issue 26): files a user attaches in the chat, read into
// passages that the assistant searches per question and cites by document and page or sheet.
import { z } from 'zod';
import { DOCUMENT_CLIENT_MAX, DOCUMENT_KINDS } from './document-rules.js';

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The `detail` texts of documents; the limits they name are the server's configuration. */
export const DOCUMENT_DETAIL = {
  notFound: 'Document not found',
  noFile: "Send the document as the form's file field",
  empty: 'The file is empty',
  tooLarge: (maxBytes: number) => `The file is larger than ${megabytes(maxBytes)}`,
  kindRefused: (kinds: readonly string[]) =>
    `This kind of file cannot be read: send ${kinds.map((k) => k.toUpperCase()).join(', ')}`,
  damaged: (kind: string) => `The ${kind.toUpperCase()} file is damaged or not what its name says`,
  tooManyPages: (pages: number, max: number) =>
    `The document has ${count(pages)} pages; at most ${count(max)} can be read`,
  tooManyPixels: (width: number, height: number, max: number) =>
    `The image is ${count(width)} × ${count(height)} pixels; at most ${count(max)} pixels can be attached`,
  tooManyCells: (max: number) => `The spreadsheet has more than ${count(max)} cells`,
  unzipsTooLarge: (maxBytes: number) =>
    `The file unpacks to more than ${megabytes(maxBytes)}, so it is refused (a compressed bomb?)`,
  tooMuchText: (max: number) => `The document holds more than ${count(max)} characters of text`,
  encrypted: 'The PDF is protected by a password: remove it and attach the file again',
  tooBigToRead:
    'The document needs more memory to read than is allowed, so it is refused (a compressed bomb?)',
  busy: 'Too many documents are being read right now: try again in a few seconds',
  storeUnavailable: 'The file store is not answering right now: try again in a minute',
} as const;

/** What the composer states before anything is sent: the server's limits. */
export const ZDocumentLimits = z.object({
  max_bytes: z.number().int(),
  max_pages: z.number().int(),
  max_cells: z.number().int(),
  kinds: z.array(z.enum(DOCUMENT_KINDS)),
});
export type TDocumentLimits = z.infer<typeof ZDocumentLimits>;

export const ZDocumentInfo = z.object({
  id: z.string(),
  filename: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  size: z.number().int(),
  /** Pages of a PDF, sheets of a workbook, else 1. */
  pages: z.number().int(),
  passages: z.number().int(),
  /** False for a PDF whose pages carry no text (a scan): nothing of it can be searched or quoted. */
  has_text: z.boolean(),
  /** The client it is filed under (the Library lists documents by client); null until filed. */
  client: z.string().nullable(),
  created_at: z.string(),
});
export type TDocumentInfo = z.infer<typeof ZDocumentInfo>;

/** One passage of a document: where it is (page or sheet) and its text. */
export const ZDocumentPassage = z.object({
  seq: z.number().int(),
  /** PDF page, or the sheet's number in a workbook; null where the file has no pages. */
  page: z.number().int().nullable(),
  sheet: z.string().nullable(),
  /** Where it is, as a citation names it: 'page 3', 'sheet Holdings, rows 2–41', 'part 2'. */
  location: z.string(),
  content: z.string(),
});
export type TDocumentPassage = z.infer<typeof ZDocumentPassage>;

/** Files a document under a client, or takes it out of one (null). */
export const ZFileDocumentRequest = z.object({
  client: z.string().trim().min(1).max(DOCUMENT_CLIENT_MAX).nullable(),
});
export type TFileDocumentRequest = z.infer<typeof ZFileDocumentRequest>;

/** A document with its text, for the document view (owner only). */
export const ZDocumentText = ZDocumentInfo.extend({ passages_text: z.array(ZDocumentPassage) });
export type TDocumentText = z.infer<typeof ZDocumentText>;

/** A message's attached document as the chat shows it (a chip), kept in the message's metadata. */
export const ZAttachedDocument = z.object({
  id: z.string(),
  filename: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
});
export type TAttachedDocument = z.infer<typeof ZAttachedDocument>;

/** Where the app knows a client from, for the Client field's suggestions. */
export const CLIENT_SUGGESTION_SOURCES = ['meetings', 'reviews', 'documents', 'crm'] as const;

export const ZClientSuggestion = z.object({
  name: z.string(),
  email: z.string().nullable(),
  sources: z.array(z.enum(CLIENT_SUGGESTION_SOURCES)),
});
export type TClientSuggestion = z.infer<typeof ZClientSuggestion>;

/**
 * The Client field's suggestions for one document: every client the user's meetings, reviews and
 * filed documents name (by name), and those of them the document's text names, first named first,
 * with the words that named them and where ("Henderson", page 1).
 */
export const ZDocumentClientSuggestions = z.object({
  named: z.array(
    ZClientSuggestion.extend({ matched: z.string(), location: z.string(), seq: z.number().int() }),
  ),
  clients: z.array(ZClientSuggestion),
});
export type TDocumentClientSuggestions = z.infer<typeof ZDocumentClientSuggestions>;
