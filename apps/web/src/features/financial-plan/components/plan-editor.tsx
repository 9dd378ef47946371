// One plan open for editing: the inputs (autosaved), the projection of the last save as a chart and
// figures, the narrative and the PDF. Actions that read the saved plan save the draft first.
import type { TFinancialPlan } from '@knap/contracts';
import { useState } from 'react';
import { useBlocker } from 'react-router';
import { ExportPanel } from '../../../components/export-panel';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { errorsOf, isSaved, SaveIndicator } from '../../../lib/autosave';
import { cn } from '../../../lib/cn';
import { useDocumentActions } from '../../../lib/document-actions';
import { PLAN_COPY } from '../copy';
import { draftOf, moneyText, type PlanDraft } from '../plan-draft';
import { useDraftNarrative, useExportPdf } from '../queries';
import { usePlanAutosave } from '../use-plan-autosave';
import { DocumentProposals } from './document-proposals';
import { NarrativePanel } from './narrative-panel';
import { PlanInputsForm } from './plan-inputs-form';
import { ProjectionChart } from './projection-chart';
import { ProjectionFigures } from './projection-figures';

const SAVE_FIRST = 'Fix the highlighted inputs first: this works from the saved plan.';

export const NO_MONEY_YET =
  "Enter the client's savings, investable assets or retirement spending under Money, and the projection appears here.";

/** Whether the plan has any money in it to project. */
const hasMoney = (i: TFinancialPlan['inputs']) =>
  i.current_assets > 0 || i.annual_savings > 0 || i.retirement_spending > 0 || i.goals.length > 0;

export interface PlanEditorProps {
  plan: TFinancialPlan;
  /** Just made: the client's name takes the focus. */
  isNew: boolean;
  /** "Use in financial plan": the document whose proposed inputs the advisor reviews here. */
  documentId?: string | null;
  onCloseDocument?: () => void;
}

export function PlanEditor({ plan, isNew, documentId = null, onCloseDocument }: PlanEditorProps) {
  const [draft, setDraft] = useState<PlanDraft>(() => draftOf(plan));
  const { status, changed, flush } = usePlanAutosave(plan.id, draft);
  const drafting = useDraftNarrative(plan.id);
  const exporting = useExportPdf(plan.id);
  const doc = useDocumentActions({ flush, saveFirst: SAVE_FIRST, makePdf: () => exporting.mutateAsync() });
  const [narrativeError, setNarrativeError] = useState<string | null>(null);
  const errors = errorsOf(status);
  const name = draft.client_name.trim() || plan.inputs.client_name;
  // Leaving saves what can be saved; inputs that cannot be (not numbers) would be lost, so ask.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      status.kind === 'invalid' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const update = (next: PlanDraft) => {
    setDraft(next);
    changed();
  };

  const draftNarrative = async () => {
    setNarrativeError(null);
    if (!(await flush())) return setNarrativeError(SAVE_FIRST);
    drafting.mutate(undefined, {
      // Only the narrative comes from the answer: anything typed meanwhile stays as typed.
      onSuccess: (saved) => setDraft((d) => ({ ...d, narrative: saved.narrative })),
      onError: (err) => setNarrativeError(err.message),
    });
  };

  return (
    <section aria-labelledby="plan-title" className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="plan-title" className="truncate font-semibold text-xl text-zinc-900 dark:text-zinc-50">
            Plan for {name}
          </h2>
          <p className={mutedTextClasses}>
            Ages as of {plan.projection.base_year}. Projections assume the same return and inflation every
            year.
          </p>
        </div>
        <SaveIndicator status={status} />
      </header>

      {documentId ? (
        <DocumentProposals
          documentId={documentId}
          onAccept={(field, value) => {
            setDraft((d) => ({ ...d, [field]: moneyText(value) }));
            changed();
          }}
          onClose={() => onCloseDocument?.()}
        />
      ) : null}

      {/* Side by side only where the editor itself is wide: the shell's sidebar and the plan list take room. */}
      <div className="@container">
        <div className="grid grid-cols-1 gap-6 @5xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {hasMoney(plan.inputs) ? (
              <>
                <ProjectionChart projection={plan.projection} clientName={plan.inputs.client_name} />
                {!isSaved(status) ? (
                  <p className={mutedTextClasses}>The figures update when the plan is saved.</p>
                ) : null}
                <ProjectionFigures inputs={plan.inputs} projection={plan.projection} />
              </>
            ) : (
              // A new plan has no money in it yet: a projection of zeros would say the money runs out.
              <div role="status" className={cn(cardClasses, 'flex flex-col gap-1')}>
                <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">No projection yet</p>
                <p className={mutedTextClasses}>{NO_MONEY_YET}</p>
              </div>
            )}
          </div>
          <PlanInputsForm
            draft={draft}
            errors={errors}
            firstYear={plan.projection.base_year}
            onChange={update}
            isNew={isNew}
          />
        </div>
      </div>

      <NarrativePanel
        key={plan.narrative_drafted_at ?? 'not-drafted'}
        narrative={draft.narrative}
        draftedAt={plan.narrative_drafted_at}
        isStale={plan.narrative_stale}
        error={narrativeError}
        isDrafting={drafting.isPending}
        onChange={(narrative) => update({ ...draft, narrative })}
        onDraft={() => void draftNarrative()}
      />
      <section aria-labelledby="plan-export" className={cn(cardClasses, 'flex flex-col gap-3')}>
        <h3 id="plan-export" className={cardHeadingClasses}>
          PDF
        </h3>
        <p className={mutedTextClasses}>
          The inputs, projected assets every five years, the narrative and the goals, ready to share.
        </p>
        <ExportPanel actions={doc} pdf={doc.pdf} isPrimary />
        {doc.error && !doc.isExporting ? <ErrorNotice message={doc.error} /> : null}
      </section>
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title={PLAN_COPY.leaveTitle}
        description={PLAN_COPY.leaveBody}
        cancelLabel={PLAN_COPY.stay}
        confirmLabel={PLAN_COPY.leave}
        onConfirm={() => blocker.proceed?.()}
      />
    </section>
  );
}
