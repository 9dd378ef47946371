// Typed calls of the documents API (issue 26): attach a file (with its upload's progress), the
// limits the composer states, and a document's text for the document view.
import {
  DOCUMENT_PATHS,
  ZDocumentInfo,
  ZDocumentLimits,
  ZDocumentText,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest, apiUpload } from '../../lib/api-client';

export function uploadDocument(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(DOCUMENT_PATHS.list, form, ZDocumentInfo, {
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

export const getDocumentLimits = () => apiRequest(DOCUMENT_PATHS.limits, ZDocumentLimits);

export const getDocumentText = (id: string) => apiRequest(DOCUMENT_PATHS.text(id), ZDocumentText);

export const deleteDocument = (id: string) =>
  apiRequest(DOCUMENT_PATHS.item(id), ZSuccessResponse, { method: 'DELETE' });
