import { ERR, type ToolPart, type TReplyApproval, toolNameOf } from '@knap/contracts';
import { Check, ShieldQuestion, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ASSISTANT_COPY } from '../copy';
import { argumentRows, toolLabel } from '../tool-labels';

export interface ApprovalCardProps {
  part: ToolPart;
  /** The stored approval (price, and what will change) once the reply is stored. */
  record?: TReplyApproval | undefined;
  /** Decisions wait while a reply is being written. */
  isDisabled?: boolean;
  onDecide: (approve: boolean) => Promise<void>;
}

/**
 * SPEC §8: the server's detail, else the error's text, else 'Failed to process tool approval'. A
 * request that never reached the server has no text of its own worth showing.
 */
export function approvalErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return ERR.toolApprovalFallback;
  if (error instanceof Error && error.message) return error.message;
  return ERR.toolApprovalFallback;
}

type Outcome = 'pending' | 'approved' | 'denied';

function outcomeOf(part: ToolPart): Outcome {
  if (part.state === 'approval-requested') return 'pending';
  if (part.state === 'output-denied') return 'denied';
  if (part.state === 'approval-responded') return part.approval.approved ? 'approved' : 'denied';
  return 'approved';
}

/** A tool call waiting for the user's go-ahead: what it will do, with what, at what cost. */
export function ApprovalCard({ part, record, isDisabled = false, onDecide }: ApprovalCardProps) {
  const titleId = useId();
  const [isDeciding, setIsDeciding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = outcomeOf(part);
  const preview = record?.preview;
  const creditCost = record?.credit_cost;
  // What will change, in the outside system's words when the server could look it up.
  const rows = preview
    ? preview.fields.map((field, index) => ({ key: `${index}`, label: field.label, value: field.value }))
    : argumentRows(part.input);

  const decide = async (approve: boolean) => {
    setIsDeciding(true);
    setError(null);
    try {
      await onDecide(approve);
    } catch (failure) {
      setError(approvalErrorText(failure));
    } finally {
      setIsDeciding(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="my-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-500/30 dark:bg-amber-500/5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldQuestion aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
        <h3 id={titleId} className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">
          {toolLabel(toolNameOf(part))}
        </h3>
        <span
          className={cn(
            'ml-auto inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
            outcome === 'pending' && 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
            outcome === 'approved' &&
              'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
            outcome === 'denied' && 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700/60 dark:text-zinc-300',
          )}
        >
          {outcome === 'approved' ? <Check aria-hidden="true" className="size-3" /> : null}
          {outcome === 'denied' ? <X aria-hidden="true" className="size-3" /> : null}
          {outcome === 'pending'
            ? ASSISTANT_COPY.awaitingApproval
            : outcome === 'approved'
              ? ASSISTANT_COPY.approved
              : ASSISTANT_COPY.denied}
        </span>
      </div>

      {preview ? (
        <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          <span className="font-medium">{preview.system}</span> · {preview.action}
        </p>
      ) : null}

      {rows.length > 0 ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_minmax(0,1fr)]">
          {rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="font-medium text-zinc-500 dark:text-zinc-400">{row.label}</dt>
              <dd className="mb-1.5 whitespace-pre-wrap break-words text-zinc-900 sm:mb-0 dark:text-zinc-100">
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}

      {creditCost !== undefined ? (
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          {ASSISTANT_COPY.creditCost(creditCost)}
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      ) : null}

      {outcome === 'pending' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => decide(true)} disabled={isDeciding || isDisabled}>
            {ASSISTANT_COPY.approve}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => decide(false)}
            disabled={isDeciding || isDisabled}
          >
            {ASSISTANT_COPY.deny}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
