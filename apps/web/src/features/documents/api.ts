// Typed calls of the documents API (issue 26): attach a file (with its upload's progress), the
// limits the composer states, and a document's text for the document view. The composer is on the
// chat's first load, which carries no zod: its calls name their schemas lazily.
import { DOCUMENT_PATHS, type TDocumentLimits } from '@knap/contracts';
import { apiFetch, apiRequest, apiUpload, lazySchema, unchecked } from '../../lib/api-client';

export function uploadDocument(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(DOCUMENT_PATHS.list, form, lazySchema('ZDocumentInfo'), {
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The limits the composer states. Asked on the chat page's first load itself, so, like that load's
 * other calls, taken unparsed: a schema would load zod with it (bench/web.ts: 26 KB gzipped).
 */
export const getDocumentLimits = () => apiRequest(DOCUMENT_PATHS.limits, unchecked<TDocumentLimits>());

export const getDocumentText = (id: string) =>
  apiRequest(DOCUMENT_PATHS.text(id), lazySchema('ZDocumentText'));

/** Files the document under a client (null: under none). */
export const fileDocument = (id: string, client: string | null) =>
  apiRequest(DOCUMENT_PATHS.item(id), lazySchema('ZDocumentInfo'), { method: 'PATCH', body: { client } });

export const deleteDocument = (id: string) =>
  apiRequest(DOCUMENT_PATHS.item(id), lazySchema('ZSuccessResponse'), { method: 'DELETE' });

/** An attached image as a blob: URL (fetched with the session), for the document view to show. */
export async function documentImageUrl(id: string, signal?: AbortSignal): Promise<string> {
  const res = await apiFetch(DOCUMENT_PATHS.file(id), signal ? { signal } : {});
  return URL.createObjectURL(await res.blob());
}

/** The clients the Client field offers, and those the document's text names. */
export const getClientSuggestions = (id: string) =>
  apiRequest(DOCUMENT_PATHS.clientSuggestions(id), lazySchema('ZDocumentClientSuggestions'));

/** The user's documents, newest first (the forms that draft from chosen documents list them). */
export const listDocuments = () => apiRequest(DOCUMENT_PATHS.list, lazySchema('ZDocumentInfoList'));
