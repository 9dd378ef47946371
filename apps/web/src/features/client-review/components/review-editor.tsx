// One review open: its sections edited as Markdown (autosaved) or read as a preview, what it was
// drafted from, the PDF and the email, and Delete. Actions that read the saved review save first.
import {
  type ClientReviewSection,
  documentViewPath,
  nounFor,
  type TClientReview,
  type TClientReviewEmail,
  type TClientReviewUpdate,
} from '@knap/contracts';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SaveIndicator } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { draftOf, PERIOD_LABEL_MAX, SECTION_MAX, SECTIONS } from '../review-sections';
import { useReviewAutosave } from '../use-review-autosave';
import { ReviewPreview } from './review-preview';
import { ReviewSendPanel } from './review-send-panel';
import { StatusBadge } from './status-badge';

const CRM_NAMES: Record<string, string> = {
  wealthbox: 'Wealthbox',
  salesforce: 'Salesforce',
  zoho: 'Zoho CRM',
  copper: 'Copper',
};

const sourceLinkClasses =
  'font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 dark:text-indigo-400';

/** 'Drafted from 1 meeting (Henderson annual review, 2026-11-20), Wealthbox and the 2025 annual review.' */
function DraftedFrom({ review }: { review: TClientReview }) {
  const { meetings, crm, prior_reviews: prior, documents } = review.sources;
  const parts: ReactNode[] = [
    meetings.length === 0
      ? 'no meeting notes in this period'
      : `${meetings.length === 1 ? '1 meeting' : `${meetings.length} meetings`} (${meetings
          .map((m) => `${m.title}, ${m.date}`)
          .join('; ')})`,
    ...crm.map((c) => CRM_NAMES[c] ?? c),
    ...(documents.length === 0
      ? []
      : [
          <>
            the {nounFor(documents.length, 'document')}{' '}
            {documents.map((d, i) => (
              <span key={d.id}>
                {i > 0 ? ', ' : ''}
                <Link to={documentViewPath(d.id)} className={sourceLinkClasses}>
                  {d.filename}
                </Link>
              </span>
            ))}
          </>,
        ]),
    prior.length === 0 ? (
      'no earlier review'
    ) : (
      <>
        the earlier {prior.length === 1 ? 'review' : 'reviews'}{' '}
        {prior.map((p, i) => (
          <span key={p.id}>
            {i > 0 ? ', ' : ''}
            <Link to={`/client-review/${encodeURIComponent(p.id)}`} className={sourceLinkClasses}>
              {p.period_label}
            </Link>
          </span>
        ))}
      </>
    ),
  ];
  return (
    <p className={mutedTextClasses}>
      Drafted from{' '}
      {parts.map((part, i) => (
        // The parts never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <span key={i}>
          {i === 0 ? '' : i === parts.length - 1 ? ' and ' : ', '}
          {part}
        </span>
      ))}
      .
    </p>
  );
}

export interface ReviewEditorProps {
  review: TClientReview;
  onDelete: () => void;
}

export function ReviewEditor({ review, onDelete }: ReviewEditorProps) {
  const [draft, setDraft] = useState<TClientReviewUpdate>(() => draftOf(review));
  const { status, changed, flush } = useReviewAutosave(review.id, draft);
  const [isPreview, setPreview] = useState(false);

  const update = (next: TClientReviewUpdate) => {
    setDraft(next);
    changed();
  };
  const setSection = (key: ClientReviewSection, text: string) =>
    update({ ...draft, sections: { ...draft.sections, [key]: text } });
  const setEmail = (email: TClientReviewEmail) => update({ ...draft, email });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
              {review.client_name}
            </h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {draft.period_label.trim() || review.period_label} · {review.period_start} to{' '}
              {review.period_end}
              {review.client_email ? ` · ${review.client_email}` : ''}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge status={review.status} />
            <SaveIndicator status={status} />
          </div>
        </div>
        <DraftedFrom review={review} />
      </header>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" aria-pressed={!isPreview} onClick={() => setPreview(false)}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" aria-pressed={isPreview} onClick={() => setPreview(true)}>
            Preview
          </Button>
        </div>
        <Button variant="danger" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete review
        </Button>
      </div>

      {isPreview ? (
        <ReviewPreview clientName={review.client_name} draft={draft} />
      ) : (
        <form
          aria-label="Review sections"
          className={cn(cardClasses, 'flex flex-col gap-5')}
          onSubmit={(e) => {
            e.preventDefault();
            void flush();
          }}
        >
          <TextField
            label="Period name"
            value={draft.period_label}
            maxLength={PERIOD_LABEL_MAX}
            error={draft.period_label.trim() ? null : 'Name the period: it is the PDF’s subtitle'}
            onChange={(e) => update({ ...draft, period_label: e.target.value })}
          />
          {SECTIONS.map((section) => (
            <TextAreaField
              key={section.key}
              label={section.title}
              hint={`${section.hint} Markdown: - for bullets, **bold**.`}
              value={draft.sections[section.key]}
              rows={section.key === 'summary' ? 10 : 7}
              maxLength={SECTION_MAX}
              onChange={(e) => setSection(section.key, e.target.value)}
            />
          ))}
        </form>
      )}

      <ReviewSendPanel review={review} email={draft.email} onEmailChange={setEmail} flush={flush} />
    </div>
  );
}
