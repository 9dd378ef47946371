// Typed calls of the documents API (issue 26): attach a file (with its upload's progress), the
// limits the composer states, and a document's text for the document view. The composer is on the
// chat's first load, which carries no zod: its calls name their schemas lazily.
import { DOCUMENT_PATHS } from '@knap/contracts';
import { apiRequest, apiUpload, lazySchema } from '../../lib/api-client';

export function uploadDocument(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(DOCUMENT_PATHS.list, form, lazySchema('ZDocumentInfo'), {
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

export const getDocumentLimits = () => apiRequest(DOCUMENT_PATHS.limits, lazySchema('ZDocumentLimits'));

export const getDocumentText = (id: string) =>
  apiRequest(DOCUMENT_PATHS.text(id), lazySchema('ZDocumentText'));

/** Files the document under a client (null: under none). */
export const fileDocument = (id: string, client: string | null) =>
  apiRequest(DOCUMENT_PATHS.item(id), lazySchema('ZDocumentInfo'), { method: 'PATCH', body: { client } });

export const deleteDocument = (id: string) =>
  apiRequest(DOCUMENT_PATHS.item(id), lazySchema('ZSuccessResponse'), { method: 'DELETE' });
