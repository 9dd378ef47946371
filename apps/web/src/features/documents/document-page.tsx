// /documents/:id: an attached document's text, passage by passage under its page or sheet, opened
// at the passage a citation names (`?at=<passage>`). Owner only: the server answers 404 to others.
import { DOCUMENT_CLIENT_MAX, DOCUMENT_PATHS, isImageKind } from '@knap/contracts';
import { ArrowLeft, Download, PiggyBank } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { downloadFile } from '../../lib/download';
import { documentImageUrl } from './api';
import { DOCUMENTS_COPY } from './copy';
import { useClientSuggestions, useDocumentText, useFileDocument } from './queries';

/**
 * The client the document is filed under, edited in place: the field offers the clients the app
 * knows (its meetings, reviews and filed documents), and a client the text names is proposed with
 * where ("Suggested: Henderson — named on page 1"), filed in one click.
 */
function ClientField({ id, client }: { id: string; client: string | null }) {
  const [value, setValue] = useState(client ?? '');
  const filing = useFileDocument(id);
  const suggestions = useClientSuggestions(id);
  const current = filing.data ? filing.data.client : client;
  const suggested = suggestions.data?.named.find((n) => n.name !== current);
  const listId = `document-clients-${id}`;
  const file = (name: string | null) => filing.mutate(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    file(value.trim() || null);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <TextField
        label={DOCUMENTS_COPY.client}
        hint={DOCUMENTS_COPY.clientHint}
        value={value}
        maxLength={DOCUMENT_CLIENT_MAX}
        onChange={(event) => setValue(event.target.value)}
        error={filing.error?.message}
        className="min-w-0 flex-1"
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId}>
        {suggestions.data?.clients.map((c) => (
          <option key={c.name} value={c.name}>
            {c.email ?? ''}
          </option>
        ))}
      </datalist>
      <Button type="submit" size="sm" disabled={filing.isPending}>
        {DOCUMENTS_COPY.fileUnder}
      </Button>
      {suggested ? (
        <p className="flex w-full flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          {DOCUMENTS_COPY.suggested(suggested.matched, suggested.location)}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={filing.isPending}
            onClick={() => {
              setValue(suggested.name);
              file(suggested.name);
            }}
          >
            {DOCUMENTS_COPY.acceptSuggested(suggested.name)}
          </Button>
        </p>
      ) : null}
      <p role="status" className="w-full text-xs text-zinc-500 dark:text-zinc-400">
        {filing.isSuccess ? DOCUMENTS_COPY.filed(filing.data.client) : ''}
      </p>
    </form>
  );
}

/**
 * An attached image, fetched with the session into a blob: URL (an <img> cannot send the bearer
 * token), revoked when the view closes. The image itself fetches nothing: it is a PNG, JPEG, WEBP
 * or GIF, never SVG.
 */
function DocumentImage({ id, filename }: { id: string; filename: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    documentImageUrl(id, controller.signal)
      .then((u) => {
        made = u;
        if (controller.signal.aborted) URL.revokeObjectURL(u);
        else setUrl(u);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (failed) return <p role="alert">{DOCUMENTS_COPY.imageFailed}</p>;
  if (!url) return <Spinner label={DOCUMENTS_COPY.imageLoading} />;
  return (
    <img
      src={url}
      alt={filename}
      className="max-h-[70vh] w-auto max-w-full self-start rounded-lg border border-zinc-200 dark:border-zinc-800"
    />
  );
}

export function DocumentPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const at = params.get('at');
  const doc = useDocumentText(id);

  useEffect(() => {
    if (!doc.data || at === null) return;
    const target = document.getElementById(`passage-${at}`);
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  }, [doc.data, at]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/chat"
        className="inline-flex items-center gap-1.5 self-start rounded-md text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {DOCUMENTS_COPY.back}
      </Link>
      {doc.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={DOCUMENTS_COPY.loading} />
        </div>
      ) : doc.isError ? (
        <ErrorNotice message={doc.error.message} onRetry={() => void doc.refetch()} />
      ) : (
        <article className={cn(cardClasses, 'flex flex-col gap-4')}>
          <header className="flex flex-wrap items-start gap-2">
            <div className="min-w-0 flex-1">
              <h1 className="break-words font-semibold text-xl text-zinc-900 dark:text-zinc-50">
                {doc.data.filename}
              </h1>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                {[doc.data.kind.toUpperCase(), DOCUMENTS_COPY.pages(doc.data.kind, doc.data.pages)]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <button
              type="button"
              onClick={() => void downloadFile(DOCUMENT_PATHS.file(doc.data.id), doc.data.filename)}
              className="inline-flex items-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              <Download aria-hidden="true" className="size-4" />
              {DOCUMENTS_COPY.download}
            </button>
            {doc.data.has_text ? (
              <Link
                to={`/financial-plan?${new URLSearchParams({ document: doc.data.id })}`}
                className="inline-flex items-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                <PiggyBank aria-hidden="true" className="size-4" />
                {DOCUMENTS_COPY.useInPlan}
              </Link>
            ) : null}
          </header>
          <ClientField id={doc.data.id} client={doc.data.client} />
          {isImageKind(doc.data.kind) ? (
            <DocumentImage id={doc.data.id} filename={doc.data.filename} />
          ) : doc.data.has_text ? null : (
            <p role="note">{DOCUMENTS_COPY.noText}</p>
          )}
          <ol className="flex flex-col gap-4">
            {doc.data.passages_text.map((p) => (
              <li
                key={p.seq}
                id={`passage-${p.seq}`}
                tabIndex={-1}
                aria-current={String(p.seq) === at ? 'location' : undefined}
                className={cn(
                  'scroll-mt-4 rounded-lg border-l-4 py-1 pl-3 outline-none',
                  String(p.seq) === at
                    ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                    : 'border-zinc-200 dark:border-zinc-800',
                )}
              >
                <h2 className="font-medium text-xs text-zinc-500 uppercase tracking-wide dark:text-zinc-400">
                  {p.location}
                </h2>
                <p className="whitespace-pre-wrap break-words text-sm text-zinc-800 leading-relaxed dark:text-zinc-200">
                  {p.content}
                </p>
              </li>
            ))}
          </ol>
        </article>
      )}
    </div>
  );
}
