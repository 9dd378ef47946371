// Saving a file the API served: a temporary object URL clicked as a download, revoked soon after.
import { apiFetch } from './api-client';

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches an API path (with the session) and saves the answer under `filename`. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await apiFetch(path);
  saveBlob(await res.blob(), filename);
}
