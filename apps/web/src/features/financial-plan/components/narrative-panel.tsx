// The plan's narrative: drafted by the model from the saved plan, then the advisor's to edit
// (Markdown, autosaved with the plan) and read as it will print. Redrafting asks first, since it
// replaces what is there.
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField } from '../../../components/ui/field';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { PLAN_COPY } from '../copy';
import { NARRATIVE_MAX } from '../plan-draft';

export interface NarrativePanelProps {
  narrative: string;
  /** When the model last drafted it; a new draft opens in preview. */
  draftedAt: string | null;
  /** The inputs changed after the model drafted it. */
  isStale: boolean;
  error: string | null;
  isDrafting: boolean;
  onChange: (narrative: string) => void;
  onDraft: () => void;
}

export function NarrativePanel({
  narrative,
  draftedAt,
  isStale,
  error,
  isDrafting,
  onChange,
  onDraft,
}: NarrativePanelProps) {
  const hasText = narrative.trim() !== '';
  // The parent keys this panel by `draftedAt`, so each new draft starts here again.
  const [isEditing, setEditing] = useState(!hasText && draftedAt === null);
  const [isConfirming, setConfirming] = useState(false);

  return (
    <section aria-labelledby="plan-narrative" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="plan-narrative" className={cardHeadingClasses}>
          Narrative
        </h3>
        <div className="flex flex-wrap gap-2">
          {hasText ? (
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={isEditing}
              onClick={() => setEditing(!isEditing)}
            >
              {isEditing ? 'Preview' : 'Edit'}
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={isDrafting}
            aria-busy={isDrafting || undefined}
            onClick={() => (hasText ? setConfirming(true) : onDraft())}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {hasText ? 'Redraft with AI' : 'Draft with AI'}
          </Button>
        </div>
      </div>
      {isStale && hasText && !isDrafting ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <div>
            <p className="font-medium">{PLAN_COPY.narrativeStale}</p>
            <p>{PLAN_COPY.narrativeStaleHint}</p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {PLAN_COPY.regenerate}
          </Button>
        </div>
      ) : null}
      {isDrafting ? <Spinner label="Drafting the narrative from the plan" showLabel /> : null}
      {error && !isDrafting ? <ErrorNotice message={error} /> : null}
      {isEditing || !hasText ? (
        <TextAreaField
          label="Narrative text"
          hint="Markdown: ## for headings, - for bullets, **bold**. Saved as you type."
          value={narrative}
          rows={12}
          maxLength={NARRATIVE_MAX}
          disabled={isDrafting}
          placeholder="Draft it with AI from the figures, or write it yourself."
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <article
          aria-label="Narrative preview"
          className="text-sm text-zinc-800 leading-relaxed dark:text-zinc-200"
        >
          <Markdown content={narrative} />
        </article>
      )}
      {!hasText && !isDrafting ? (
        <p className={mutedTextClasses}>
          The model writes from the saved inputs and projection; you can edit every word.
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title="Replace the narrative?"
        description="The model drafts a new narrative from the plan as it is now. Your current text, with your edits, is replaced."
        confirmLabel="Replace"
        onConfirm={() => {
          setConfirming(false);
          setEditing(false);
          onDraft();
        }}
      />
    </section>
  );
}
