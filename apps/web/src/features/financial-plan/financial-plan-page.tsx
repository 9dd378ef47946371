// /financial-plan: plans for clients. The user's plans on the left (on top on a phone), the open
// plan (?plan=id, so a reload keeps it) on the right: inputs autosaved, the projection computed by
// the server as a chart and figures, a narrative the model drafts, and the PDF.
import type { TFinancialPlanSummary } from '@knap/contracts';
import { PiggyBank, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { PlanEditor } from './components/plan-editor';
import { PlanList } from './components/plan-list';
import { useCreatePlan, useDeletePlan, usePlan, usePlans } from './queries';

function OpenPlan({
  id,
  isNew,
  documentId,
  onCloseDocument,
}: {
  id: string;
  isNew: boolean;
  documentId: string | null;
  onCloseDocument: () => void;
}) {
  const plan = usePlan(id);
  if (plan.isPending) return <Spinner label="Loading the plan" showLabel className="py-10" />;
  if (plan.isError)
    return plan.error instanceof ApiError && plan.error.status === 404 ? (
      <ErrorNotice message="This plan was not found: it may have been deleted. Choose another plan." />
    ) : (
      <ErrorNotice message={plan.error.message} onRetry={() => void plan.refetch()} />
    );
  return (
    <PlanEditor
      key={plan.data.id}
      plan={plan.data}
      isNew={isNew}
      documentId={documentId}
      onCloseDocument={onCloseDocument}
    />
  );
}

/** The screen's query: the open plan, and the document it is being filled from if any. */
const planParams = (plan: string, document: string | null): Record<string, string> =>
  document ? { plan, document } : { plan };

export function FinancialPlanPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('plan');
  // "Use in financial plan" on a document opens this screen with ?document=id: its proposed inputs
  // are reviewed in the open plan, and the parameter stays while plans are picked or made.
  const documentId = params.get('document');
  const plans = usePlans();
  const create = useCreatePlan();
  const remove = useDeletePlan();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TFinancialPlanSummary | null>(null);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const firstId = plans.data?.[0]?.id;

  // With no plan chosen, the last edited one opens.
  useEffect(() => {
    if (!selectedId && firstId) setParams(planParams(firstId, documentId), { replace: true });
  }, [selectedId, firstId, documentId, setParams]);

  const newPlan = () =>
    create.mutate(
      { client_name: 'New client' },
      {
        onSuccess: (plan) => {
          setCreatedId(plan.id);
          setParams(planParams(plan.id, documentId));
        },
        onError: (err) => toast.error(err.message),
      },
    );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Deleted the plan for ${deleting.client_name}`);
        if (deleting.id === selectedId)
          setParams(documentId ? { document: documentId } : {}, { replace: true });
        setDeleting(null);
      },
    });

  return (
    <Page>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
            Financial plan
          </h1>
          <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
            Project a client's assets to retirement and beyond, mark their goals, draft the story and share it
            as a PDF.
          </p>
        </div>
        <Button onClick={newPlan} disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? (
            <Spinner label="Making the plan" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          New plan
        </Button>
      </header>

      {plans.isPending ? (
        <Spinner label="Loading your plans" showLabel />
      ) : plans.isError ? (
        <ErrorNotice message={plans.error.message} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <div className={cn(cardClasses, 'flex flex-col items-center gap-2 py-10 text-center')}>
          <PiggyBank aria-hidden="true" className="size-8 text-zinc-400" />
          <p className="font-medium text-zinc-900 dark:text-zinc-50">No plans yet.</p>
          <p className={cn(mutedTextClasses, 'max-w-md')}>
            Start one for a client: their ages, income, savings, assets and goals give a year-by-year
            projection.
          </p>
          <Button onClick={newPlan} disabled={create.isPending} className="mt-2">
            <Plus aria-hidden="true" className="size-4" />
            Start a plan
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <aside className={cn(cardClasses, 'self-start p-2')}>
            <PlanList
              plans={plans.data}
              selectedId={selectedId}
              documentId={documentId}
              timeZone={timeZone}
              onDelete={setDeleting}
            />
          </aside>
          {selectedId ? (
            <OpenPlan
              key={selectedId}
              id={selectedId}
              isNew={selectedId === createdId}
              documentId={documentId}
              onCloseDocument={() => setParams({ plan: selectedId })}
            />
          ) : (
            <Spinner label="Opening the plan" showLabel />
          )}
        </div>
      )}

      <ConfirmDialog
        isOpen={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete the plan for ${deleting?.client_name ?? ''}?`}
        description="The plan, its narrative and its figures are deleted for good. PDFs already made stay in your Library."
        confirmLabel="Delete"
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
