// The files a message is about to carry: each is checked against the server's limits, uploaded with
// its progress, and read by the server; what is refused says why, stating the limits. Headless: the
// composer draws it (components/attachment-list.tsx).
import { documentKindOf, type TAttachedDocument, type TDocumentLimits } from '@knap/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { deleteDocument, uploadDocument } from './api';
import { DOCUMENTS_COPY } from './copy';

export interface Attachment {
  key: string;
  name: string;
  status: 'uploading' | 'ready' | 'refused';
  /** How much of the file has gone, 0 to 1; at 1 the server is reading it. */
  progress: number;
  document?: TAttachedDocument;
  error?: string;
}

/** Why the file cannot be attached under `limits`, or null when it may be sent. */
export function refusalOf(file: File, limits: TDocumentLimits): string | null {
  const kind = documentKindOf(file.name);
  if (!kind || !limits.kinds.includes(kind)) return DOCUMENTS_COPY.wrongKind(file.name, limits);
  if (file.size > limits.max_bytes) return DOCUMENTS_COPY.tooLarge(file.name, limits);
  return null;
}

let counter = 0;

export function useAttachments(limits: TDocumentLimits | undefined) {
  const [items, setItems] = useState<Attachment[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<Attachment>) => {
    setItems((all) => all.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      for (const file of files) {
        counter += 1;
        const key = `attachment-${counter}`;
        const refused = limits ? refusalOf(file, limits) : null;
        if (refused) {
          setItems((all) => [
            ...all,
            { key, name: file.name, status: 'refused', progress: 0, error: refused },
          ]);
          continue;
        }
        const controller = new AbortController();
        aborts.current.set(key, controller);
        setItems((all) => [...all, { key, name: file.name, status: 'uploading', progress: 0 }]);
        uploadDocument(file, (progress) => update(key, { progress }), controller.signal)
          .then((doc) =>
            update(key, {
              status: 'ready',
              progress: 1,
              document: { id: doc.id, filename: doc.filename, kind: doc.kind },
            }),
          )
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, { status: 'refused', error: error instanceof Error ? error.message : String(error) });
          })
          .finally(() => aborts.current.delete(key));
      }
    },
    [limits, update],
  );

  /** Takes a file off the message; one already read is deleted, since nothing else refers to it. */
  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    setItems((all) => {
      const gone = all.find((a) => a.key === key);
      if (gone?.document) void deleteDocument(gone.document.id).catch(() => undefined);
      return all.filter((a) => a.key !== key);
    });
  }, []);

  /** Empties the list once the message carrying the files is sent. */
  const clear = useCallback(() => setItems([]), []);

  const documents = useMemo(
    () => items.flatMap((a) => (a.status === 'ready' && a.document ? [a.document] : [])),
    [items],
  );
  return { items, add, remove, clear, documents, isUploading: items.some((a) => a.status === 'uploading') };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
