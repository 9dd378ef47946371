// The documents a sent message carries, as chips that open the document view.
import { documentViewPath, isImageKind, type TAttachedDocument } from '@knap/contracts';
import { FileText, ImageIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DOCUMENTS_COPY } from '../copy';

export function DocumentChips({ documents }: { documents: readonly TAttachedDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <ul
      aria-label={DOCUMENTS_COPY.attachedFiles}
      className="mb-1 flex max-w-[85%] flex-wrap justify-end gap-1.5"
    >
      {documents.map((doc) => {
        const Icon = isImageKind(doc.kind) ? ImageIcon : FileText;
        return (
          <li key={doc.id}>
            <Link
              to={documentViewPath(doc.id)}
              className="inline-flex max-w-64 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-2 py-1 text-xs text-zinc-700 hover:border-indigo-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
            >
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{doc.filename}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
