// An XMLHttpRequest stand-in for file uploads (lib/api-client.ts apiUpload): it reports half the
// bytes sent, then answers the document the server would make of the file.
import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  authorization: string | undefined;
  file: File;
}

/** Stubs XMLHttpRequest; answers each upload as document `doc-<n>`. Returns what was sent. */
export function mockUploads(): SentUpload[] {
  const sent: SentUpload[] = [];
  class UploadingXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(form: FormData) {
      const file = form.get('file') as File;
      sent.push({ url: this.url, authorization: this.headers.Authorization, file });
      const id = `doc-${sent.length}`;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      setTimeout(() => {
        this.status = 200;
        this.responseText = JSON.stringify({
          id,
          filename: file.name,
          kind: 'pdf',
          size: file.size,
          pages: 2,
          passages: 2,
          has_text: true,
          client: null,
          created_at: '2026-11-26T09:00:00.000Z',
        });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadingXhr);
  return sent;
}
