// Document rules the server and the web both apply, without zod: the web's first load (the
// composer's attach control) uses them, and a module with schemas would bring zod onto that load
// (bench/web.ts). The schemas are in documents.ts.

/** The kinds of file a document may be; the server's configuration says which it takes. */
export const DOCUMENT_KINDS = ['pdf', 'docx', 'xlsx', 'csv', 'txt', 'png', 'jpeg', 'webp', 'gif'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The kinds that are images: kept and shown as they are, and given to a model that takes images. */
export const IMAGE_MEDIA_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const satisfies Partial<Record<DocumentKind, string>>;
export type ImageKind = keyof typeof IMAGE_MEDIA_TYPES;
export const isImageKind = (kind: DocumentKind): kind is ImageKind => kind in IMAGE_MEDIA_TYPES;

/** The kind a file name's extension says (`.md` and `.text` are text), or undefined. */
const EXTENSION_KINDS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  txt: 'txt',
  text: 'txt',
  md: 'txt',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
};
export function documentKindOf(filename: string): DocumentKind | undefined {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSION_KINDS[filename.slice(dot + 1).toLowerCase()];
}

/** A file dialog's `accept` for the kinds: every extension that names one, and images' media types. */
export const documentAccept = (kinds: readonly DocumentKind[]): string =>
  [
    ...Object.entries(EXTENSION_KINDS)
      .filter(([, kind]) => kinds.includes(kind))
      .map(([extension]) => `.${extension}`),
    ...kinds.flatMap((k) => (isImageKind(k) ? [IMAGE_MEDIA_TYPES[k]] : [])),
  ].join(',');

/** The longest client name a document is filed under. */
export const DOCUMENT_CLIENT_MAX = 200;

/** At most this many documents go with one message. */
export const MESSAGE_DOCUMENTS_MAX = 10;

/** The place a citation opens: the document view, at one passage. */
export const documentViewPath = (id: string, seq?: number) =>
  `/documents/${encodeURIComponent(id)}${seq === undefined ? '' : `?at=${seq}`}`;
