// /library: everything the user has made or saved — PDFs, meeting notes, knap results, saved
// prompts and workspace documents — in one list, newest first, with search and filters by kind and
// client. Items open where they were made; PDFs download; prompts start a chat; deletable items ask
// first.
import { LIBRARY_KINDS, type LibraryKind, type TLibraryItem, type TSavedPrompt } from '@knap/contracts';
import {
  BookOpen,
  Download,
  FileText,
  Mail,
  MessageSquareText,
  NotebookPen,
  Paperclip,
  PiggyBank,
  Plus,
  Sparkles,
  Trash2,
  UserSearch,
} from 'lucide-react';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { downloadFile } from '../../lib/download';
import { formatDate, plural } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import type { LibraryFilter } from './api';
import { useDeleteItem, useLibrary, usePrompts, useSavePrompt } from './queries';

export const KIND_LABELS: Record<LibraryKind, string> = {
  pdf: 'PDF',
  notes: 'Meeting notes',
  knap: 'Knap result',
  prompt: 'Saved prompt',
  review: 'Client review',
  plan: 'Financial plan',
  newsletter: 'Newsletter',
  briefing: 'Briefing',
  document: 'Client document',
};

const KIND_ICONS: Record<LibraryKind, typeof FileText> = {
  pdf: FileText,
  notes: NotebookPen,
  knap: Sparkles,
  prompt: MessageSquareText,
  review: BookOpen,
  plan: PiggyBank,
  newsletter: Mail,
  briefing: UserSearch,
  document: Paperclip,
};

function PromptForm({ prompt, onDone }: { prompt: TSavedPrompt | null; onDone: () => void }) {
  const save = useSavePrompt();
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [text, setText] = useState(prompt?.text ?? '');
  const [errors, setErrors] = useState<{ title?: string; text?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!title.trim()) next.title = 'Give the prompt a name';
    if (!text.trim()) next.text = 'Write the prompt';
    setErrors(next);
    if (next.title || next.text) return;
    save.mutate(
      { ...(prompt ? { id: prompt.id } : {}), title: title.trim(), text: text.trim() },
      {
        onSuccess: () => {
          toast.success(prompt ? 'Prompt saved' : 'Prompt added to your library');
          onDone();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={prompt ? `Edit ${prompt.title}` : 'New prompt'}
      className={cn(cardClasses, 'flex flex-col gap-3')}
    >
      <TextField
        label="Name"
        value={title}
        maxLength={120}
        error={errors.title ?? null}
        onChange={(e) => setTitle(e.target.value)}
        autoFocus
      />
      <TextAreaField
        label="Prompt"
        value={text}
        maxLength={4000}
        rows={4}
        error={errors.text ?? null}
        hint="What you would type to the assistant, e.g. 'Summarise my meetings with this client this year.'"
        onChange={(e) => setText(e.target.value)}
      />
      {save.error ? <ErrorNotice message={save.error.message} /> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : null}
          Save prompt
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ItemRowProps {
  item: TLibraryItem;
  prompt: TSavedPrompt | undefined;
  timeZone: string;
  onEdit: (prompt: TSavedPrompt) => void;
  onDelete: (item: TLibraryItem) => void;
}

function ItemRow({ item, prompt, timeZone, onEdit, onDelete }: ItemRowProps) {
  const navigate = useNavigate();
  const [isDownloading, setDownloading] = useState(false);
  const Icon = KIND_ICONS[item.kind];
  const headingId = `library-${item.kind}-${item.id}`;

  const download = async () => {
    if (!item.download_path) return;
    setDownloading(true);
    try {
      await downloadFile(item.download_path, item.title);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The file could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className={cn(cardClasses, 'flex flex-col gap-3 sm:flex-row sm:items-start')}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="truncate font-medium text-zinc-900 dark:text-zinc-50">
          {item.title}
        </h2>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {KIND_LABELS[item.kind]}
          {item.client ? ` · ${item.client}` : ''} · {formatDate(item.updated_at, timeZone)}
        </p>
        {item.summary ? (
          <p className="mt-1 line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300">{item.summary}</p>
        ) : null}
        {item.match ? (
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
            <span className="font-medium">Found on {item.match.location}:</span>{' '}
            <q className="italic">{item.match.snippet}</q>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {item.open_path ? (
          <Link to={item.open_path} className={buttonClasses('secondary', 'sm')}>
            Open<span className="sr-only"> {item.title}</span>
          </Link>
        ) : null}
        {item.download_path ? (
          <Button size="sm" variant="secondary" onClick={() => void download()} disabled={isDownloading}>
            {isDownloading ? (
              <Spinner label="Downloading" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            Download<span className="sr-only"> {item.title}</span>
          </Button>
        ) : null}
        {item.kind === 'prompt' && prompt ? (
          <>
            <Button size="sm" onClick={() => navigate('/chat', { state: { prompt: prompt.text } })}>
              Ask the assistant<span className="sr-only"> with {item.title}</span>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onEdit(prompt)}>
              Edit<span className="sr-only"> {item.title}</span>
            </Button>
          </>
        ) : null}
        {item.deletable ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${item.title}`}
            onClick={() => onDelete(item)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function LibraryPage() {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<LibraryKind | ''>('');
  const [client, setClient] = useState('');
  const q = useDeferredValue(search.trim());
  const filter: LibraryFilter = { q, kind, client };
  const library = useLibrary(filter);
  const prompts = usePrompts();
  const remove = useDeleteItem();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const [editing, setEditing] = useState<TSavedPrompt | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TLibraryItem | null>(null);
  const isFiltered = !!(q || kind || client);
  const promptById = new Map(prompts.data?.map((p) => [p.id, p]));

  return (
    <Page>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">Library</h1>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
            Everything you have made or saved: PDFs, meeting notes, knap results, documents and your prompts.
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={editing === 'new'}>
          <Plus aria-hidden="true" className="size-4" />
          New prompt
        </Button>
      </header>

      {editing ? (
        <PromptForm
          key={editing === 'new' ? 'new' : editing.id}
          prompt={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <TextField
          label="Search the library"
          type="search"
          placeholder="Title, client or words inside"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as LibraryKind | '')}
          options={[
            { value: '', label: 'Everything' },
            ...LIBRARY_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
          ]}
        />
        <SelectField
          label="Client"
          value={client}
          onChange={(e) => setClient(e.target.value)}
          options={[
            { value: '', label: 'All clients' },
            ...(library.data?.clients ?? (client ? [client] : [])).map((c) => ({ value: c, label: c })),
          ]}
        />
      </div>

      {library.isPending ? (
        <Spinner label="Loading your library" showLabel />
      ) : library.isError ? (
        <ErrorNotice message={library.error.message} onRetry={() => void library.refetch()} />
      ) : library.data.items.length === 0 ? (
        <div className={cn(cardClasses, 'flex flex-col items-center gap-2 py-10 text-center')}>
          <BookOpen aria-hidden="true" className="size-8 text-zinc-400" />
          <p className="font-medium text-zinc-900 dark:text-zinc-50">
            {isFiltered ? 'Nothing matches these filters.' : 'Your library is empty.'}
          </p>
          <p className={cn(mutedTextClasses, 'max-w-md')}>
            {isFiltered
              ? 'Try other words, or show everything.'
              : 'PDFs, meeting notes, knap results and documents appear here as you make them. Save a prompt you use often to start.'}
          </p>
        </div>
      ) : (
        <section aria-label="Library items" className="flex flex-col gap-3">
          <p className={mutedTextClasses} aria-live="polite">
            {plural(library.data.items.length, 'item')}
          </p>
          <ul className="flex flex-col gap-3">
            {library.data.items.map((item) => (
              <ItemRow
                key={`${item.kind}:${item.id}`}
                item={item}
                prompt={promptById.get(item.id)}
                timeZone={timeZone}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        isOpen={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.title ?? ''}?`}
        description={`This ${deleting ? KIND_LABELS[deleting.kind].toLowerCase() : 'item'} is deleted for good.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { kind: deleting.kind, id: deleting.id },
            {
              onSuccess: () => {
                toast.success(`Deleted ${deleting.title}`);
                setDeleting(null);
              },
            },
          )
        }
      />
    </Page>
  );
}
