// Client documents (issue 26) as Library items, under the client each is filed under: each opens in
// the document view, downloads as attached, and deletes through the documents service (so the
// owner check and legal hold apply). A search finds them by their text too, showing the matching
// passage (an audited read) and opening the document there. Listed by adding it to LIBRARY_SOURCES.
import { DOCUMENT_PATHS, documentViewPath, isImageKind, type TDocumentInfo } from '@knap/contracts';
import { HttpError } from '../../../platform/errors.js';
import {
  deleteDocument,
  documentsMatching,
  listDocuments,
  recordSearchReads,
} from '../../documents/service.js';
import { item, type LibrarySource, SOURCE_LIMIT } from '../library-source.js';

/** What is inside, in a line: its kind and length, that a scan has no text, or that it is an image. */
function summaryOf(doc: TDocumentInfo): string {
  const kind = doc.kind.toUpperCase();
  if (isImageKind(doc.kind)) return `${kind} image`;
  if (!doc.has_text) return `${kind}; no text layer (a scan)`;
  if (doc.kind === 'pdf') return `${kind}; ${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}`;
  if (doc.kind === 'xlsx') return `${kind}; ${doc.pages} ${doc.pages === 1 ? 'sheet' : 'sheets'}`;
  return kind;
}

export const documentsSource: LibrarySource = {
  kind: 'document',
  list: async (deps, user) =>
    (await listDocuments(deps, user.id)).slice(0, SOURCE_LIMIT).map((d) =>
      item({
        id: d.id,
        kind: 'document',
        title: d.filename,
        client: d.client,
        summary: summaryOf(d),
        created_at: d.created_at,
        updated_at: d.created_at,
        open_path: documentViewPath(d.id),
        download_path: DOCUMENT_PATHS.file(d.id),
        deletable: true,
      }),
    ),
  searchText: async (deps, user, q) => {
    const found = await documentsMatching(deps, { userId: user.id, query: q });
    return new Map(
      [...found].map(([id, m]) => [
        id,
        { match: { location: m.location, snippet: m.snippet }, open_path: documentViewPath(id, m.seq) },
      ]),
    );
  },
  matchesShown: (deps, user, ids) => recordSearchReads(deps, { userId: user.id, documentIds: ids }),
  remove: async (deps, user, id) => {
    try {
      await deleteDocument(deps, { userId: user.id, documentId: id });
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return false;
      throw err;
    }
  },
};
