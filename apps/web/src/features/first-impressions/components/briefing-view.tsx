// One briefing open: the sources found, the briefing (read as safe Markdown, or edited), the
// questions as an editable list — both autosaved — and Copy questions, Export PDF, Regenerate and
// Delete. Actions that need the saved briefing save first.
import {
  documentViewPath,
  FIRST_IMPRESSION_LIMITS as L,
  type TBriefing,
  type TBriefingSources,
} from '@knap/contracts';
import { CalendarClock, Copy, Database, FileText, Plus, RefreshCw, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ExportPanel } from '../../../components/export-panel';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { fieldClasses, TextAreaField } from '../../../components/ui/field';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { errorsOf, SaveIndicator } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { useDocumentActions } from '../../../lib/document-actions';
import { formatDate } from '../../../lib/format';
import { useExportBriefingPdf, useRegenerateBriefing } from '../queries';
import { useBriefingAutosave } from '../use-briefing-autosave';
import { prospectTitle } from './briefing-list';

const CRM_NAMES: Record<string, string> = {
  wealthbox: 'Wealthbox',
  salesforce: 'Salesforce',
  zoho: 'Zoho CRM',
  copper: 'Copper',
};

const SAVE_FIRST = 'Fix the highlighted fields first: this works from the saved briefing.';

/** The questions as they are copied and printed: the written ones, numbered. */
export const numberedQuestions = (questions: string[]) =>
  questions
    .map((q) => q.trim())
    .filter(Boolean)
    .map((q, i) => `${i + 1}. ${q}`)
    .join('\n');

function SourcesFound({ sources }: { sources: TBriefingSources }) {
  const count = sources.meetings.length + sources.crm.length + sources.documents.length;
  return (
    <section aria-labelledby="briefing-sources" className={cn(cardClasses, 'flex flex-col gap-2')}>
      <h3 id="briefing-sources" className={cardHeadingClasses}>
        Sources found
      </h3>
      {count === 0 ? (
        <p className={mutedTextClasses}>
          Nothing in your meetings or connected CRMs matches this person: the briefing starts from what you
          entered.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm">
          {sources.meetings.map((m) => (
            <li key={m.id} className="flex min-w-0 items-start gap-2">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0 break-words">
                {m.upcoming ? 'Upcoming meeting' : 'Meeting'}{' '}
                <Link
                  to={`/notetaker?meeting_id=${encodeURIComponent(m.id)}`}
                  className="font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 dark:text-indigo-400"
                >
                  {m.title}
                </Link>{' '}
                <span className="text-zinc-500 dark:text-zinc-400">
                  · {m.date}
                  {m.upcoming ? '' : m.has_notes ? ' · with notes' : ' · no notes'}
                </span>
              </span>
            </li>
          ))}
          {sources.crm.map((c) => (
            <li key={`${c.crm}:${c.name}:${c.email ?? ''}`} className="flex min-w-0 items-start gap-2">
              <Database aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0 break-words">
                {CRM_NAMES[c.crm] ?? c.crm} contact <span className="font-medium">{c.name}</span>
                {c.email || c.company ? (
                  <span className="break-all text-zinc-500 dark:text-zinc-400">
                    {' '}
                    · {[c.email, c.company].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
          {sources.documents.map((d) => (
            <li key={d.id} className="flex min-w-0 items-start gap-2">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0 break-words">
                Document{' '}
                <Link
                  to={documentViewPath(d.id)}
                  className="font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 dark:text-indigo-400"
                >
                  {d.filename}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Question = { key: number; text: string };
let nextKey = 0;
const toQuestions = (texts: string[]): Question[] => texts.map((text) => ({ key: nextKey++, text }));

export interface BriefingViewProps {
  briefing: TBriefing;
  timeZone: string;
  /** Moves the focus to the heading, for a briefing just prepared. */
  focusOnOpen?: boolean;
  onDelete: () => void;
}

export function BriefingView({ briefing, timeZone, focusOnOpen = false, onDelete }: BriefingViewProps) {
  const [text, setText] = useState(briefing.briefing);
  const [questions, setQuestions] = useState<Question[]>(() => toQuestions(briefing.questions));
  const draft = { briefing: text, questions: questions.map((q) => q.text) };
  const { status, changed, flush } = useBriefingAutosave(briefing.id, draft);
  const regenerate = useRegenerateBriefing(briefing.id);
  const exporting = useExportBriefingPdf(briefing.id);
  const doc = useDocumentActions({ flush, saveFirst: SAVE_FIRST, makePdf: () => exporting.mutateAsync() });
  const [isEditing, setEditing] = useState(false);
  const [isConfirmingRegenerate, setConfirmingRegenerate] = useState(false);
  const errors = errorsOf(status);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isBusy = regenerate.isPending || doc.isExporting;

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const editText = (value: string) => {
    setText(value);
    changed();
  };
  const setQuestionsAndSave = (next: Question[]) => {
    setQuestions(next);
    changed();
  };

  // Nothing may be waiting to save over the new draft.
  const runRegenerate = () =>
    doc.whenSaved(() =>
      regenerate.mutate(undefined, {
        onSuccess: (fresh) => {
          setText(fresh.briefing);
          setQuestions(toQuestions(fresh.questions));
          doc.setPdf(null);
          toast.success('Briefing regenerated');
        },
        onError: (err) => doc.setError(err.message),
      }),
    );

  const copyQuestions = async () => {
    try {
      await navigator.clipboard.writeText(numberedQuestions(draft.questions));
      toast.success('Questions copied');
    } catch {
      toast.error('Could not copy: select the questions and copy them yourself.');
    }
  };

  const title = prospectTitle(briefing);
  const subtitle = [briefing.name ? briefing.email : null, briefing.company].filter(Boolean).join(' · ');
  const hasQuestions = draft.questions.some((q) => q.trim() !== '');

  return (
    <section aria-labelledby="briefing-title" className="flex min-w-0 flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            id="briefing-title"
            ref={headingRef}
            tabIndex={-1}
            className="break-words font-semibold text-xl text-zinc-900 outline-none dark:text-zinc-50"
          >
            {title}
          </h2>
          {subtitle ? <p className="break-all text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p> : null}
          <p className={mutedTextClasses}>
            Drafted {formatDate(briefing.drafted_at, timeZone)}; yours to edit.
          </p>
        </div>
        <SaveIndicator status={status} />
      </header>

      <SourcesFound sources={briefing.sources} />

      <section aria-labelledby="briefing-text" className={cn(cardClasses, 'flex flex-col gap-3')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="briefing-text" className={cardHeadingClasses}>
            Briefing
          </h3>
          <div className="flex gap-1">
            <Button variant="secondary" size="sm" aria-pressed={!isEditing} onClick={() => setEditing(false)}>
              Read
            </Button>
            <Button variant="secondary" size="sm" aria-pressed={isEditing} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </div>
        </div>
        {regenerate.isPending ? <Spinner label="Gathering and drafting again…" showLabel /> : null}
        {isEditing ? (
          <TextAreaField
            label="Briefing text"
            hint="Markdown: ## for headings, - for bullets, **bold**. Saved as you type."
            value={text}
            rows={16}
            maxLength={L.briefing}
            disabled={regenerate.isPending}
            error={errors.briefing}
            onChange={(e) => editText(e.target.value)}
          />
        ) : (
          <article
            aria-label="Briefing"
            className="min-w-0 break-words text-sm text-zinc-800 leading-relaxed dark:text-zinc-200"
          >
            {text.trim() ? (
              <Markdown content={text} />
            ) : (
              <p className={mutedTextClasses}>The briefing is empty: choose Edit to write it.</p>
            )}
          </article>
        )}
      </section>

      <section aria-labelledby="briefing-questions" className={cn(cardClasses, 'flex flex-col gap-3')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="briefing-questions" className={cardHeadingClasses}>
            Questions
          </h3>
          <Button variant="secondary" size="sm" onClick={() => void copyQuestions()} disabled={!hasQuestions}>
            <Copy aria-hidden="true" className="size-4" />
            Copy questions
          </Button>
        </div>
        <ol aria-label="Questions" className="flex flex-col gap-2">
          {questions.map((q, i) => (
            <li key={q.key} className="flex items-start gap-2">
              <span aria-hidden="true" className="mt-2 w-5 shrink-0 text-right text-sm text-zinc-500">
                {i + 1}.
              </span>
              <textarea
                aria-label={`Question ${i + 1}`}
                value={q.text}
                rows={2}
                maxLength={L.question}
                disabled={regenerate.isPending}
                className={cn(
                  fieldClasses,
                  'field-sizing-content min-h-16 min-w-0 flex-1 resize-y py-2 leading-relaxed',
                )}
                onChange={(e) =>
                  setQuestionsAndSave(
                    questions.map((x) => (x.key === q.key ? { ...x, text: e.target.value } : x)),
                  )
                }
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove question ${i + 1}`}
                disabled={regenerate.isPending}
                onClick={() => setQuestionsAndSave(questions.filter((x) => x.key !== q.key))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
        {questions.length === 0 ? <p className={mutedTextClasses}>No questions yet.</p> : null}
        {errors.questions ? (
          <p role="alert" className="text-red-600 text-sm dark:text-red-400">
            {errors.questions}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={questions.length >= L.questions || regenerate.isPending}
            onClick={() => setQuestionsAndSave([...questions, ...toQuestions([''])])}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add question
          </Button>
        </div>
      </section>

      <div className={cn(cardClasses, 'flex flex-col gap-3')}>
        {doc.error ? <ErrorNotice message={doc.error} /> : null}
        <ExportPanel
          actions={doc}
          pdf={doc.pdf}
          isPrimary
          disabled={isBusy}
          after={
            <>
              <Button
                variant="secondary"
                onClick={() => setConfirmingRegenerate(true)}
                disabled={isBusy}
                aria-busy={regenerate.isPending || undefined}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Regenerate
              </Button>
              <Button variant="danger" onClick={onDelete} disabled={isBusy}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </>
          }
        />
      </div>

      <ConfirmDialog
        isOpen={isConfirmingRegenerate}
        onOpenChange={setConfirmingRegenerate}
        title="Regenerate the briefing?"
        description="Your meetings and CRMs are searched again and the model drafts a new briefing and questions. Your edits to them are replaced."
        confirmLabel="Regenerate"
        onConfirm={() => {
          setConfirmingRegenerate(false);
          void runRegenerate();
        }}
      />
    </section>
  );
}
