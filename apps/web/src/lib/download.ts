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

/** The file name a Content-Disposition header gives (its UTF-8 `filename*` first), or null. */
export function dispositionFilename(header: string | null): string | null {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // Not percent-encoding after all: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * Fetches an API path (with the session) and saves the answer under `filename`, or under the name
 * the server gave it.
 */
export async function downloadFile(path: string, filename?: string): Promise<void> {
  const res = await apiFetch(path);
  saveBlob(
    await res.blob(),
    filename ?? dispositionFilename(res.headers.get('content-disposition')) ?? 'download',
  );
}
