import { ERR, invalidBodyField, type ToolPart, type TReplyApproval, toolNameOf } from '@knap/contracts';
import { Check, Pencil, ShieldQuestion, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClasses, labelClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ASSISTANT_COPY } from '../copy';
import { argumentLabel, argumentRows, formatArgument, toolLabel } from '../tool-labels';

export interface ApprovalCardProps {
  part: ToolPart;
  /** The stored approval (price, and what will change) once the reply is stored. */
  record?: TReplyApproval | undefined;
  /** Decisions wait while a reply is being written. */
  isDisabled?: boolean;
  /** `edits`: the editable fields the user changed, sent with an approval. */
  onDecide: (approve: boolean, edits?: Record<string, string>) => Promise<void>;
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

const inputOf = (part: ToolPart): Record<string, unknown> =>
  part.input && typeof part.input === 'object' ? (part.input as Record<string, unknown>) : {};

/** Fields of the approval the user may change: the ones the server names, as text. */
function editableValues(part: ToolPart, record: TReplyApproval | undefined): Record<string, string> {
  const input = inputOf(part);
  return Object.fromEntries(
    (record?.editable_fields ?? []).map((key) => [
      key,
      input[key] === undefined ? '' : formatArgument(input[key]),
    ]),
  );
}

/** The fields whose text differs from what the assistant wrote. */
function changedFields(draft: Record<string, string>, original: Record<string, string>) {
  const changed = Object.entries(draft).filter(([key, value]) => value !== original[key]);
  return changed.length ? Object.fromEntries(changed) : undefined;
}

/** A tool call waiting for the user's go-ahead: what it will do, with what, at what cost. */
export function ApprovalCard({ part, record, isDisabled = false, onDecide }: ApprovalCardProps) {
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [isDeciding, setIsDeciding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const outcome = outcomeOf(part);
  const original = editableValues(part, record);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  // What this screen approved with edits, shown until the stored reply says the same.
  const [approvedEdits, setApprovedEdits] = useState<Record<string, string> | null>(null);
  const isEditable = outcome === 'pending' && Object.keys(original).length > 0;
  const values = draft ?? original;
  const preview = record?.preview;
  const creditCost = record?.credit_cost;
  const isEdited = Boolean(record?.edited || approvedEdits);
  // What will change, in the outside system's words when the server could look it up.
  const rows = approvedEdits
    ? argumentRows({ ...inputOf(part), ...approvedEdits })
    : preview
      ? preview.fields.map((field, index) => ({ key: `${index}`, label: field.label, value: field.value }))
      : argumentRows(part.input);

  // A card that asks must be seen whole, Approve and Deny above the composer: when it appears,
  // and again when the stored approval fills it in (its preview and fields make it taller).
  const hasPreview = Boolean(preview);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again as the card grows
  useEffect(() => {
    if (outcome === 'pending') sectionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome, isEditable, hasPreview]);

  const decide = async (approve: boolean) => {
    setIsDeciding(true);
    setError(null);
    setFieldError(null);
    const edits = approve && draft ? changedFields(draft, original) : undefined;
    try {
      await onDecide(approve, edits);
      if (edits) setApprovedEdits(edits);
    } catch (failure) {
      const text = approvalErrorText(failure);
      const invalid = invalidBodyField(text);
      if (invalid?.field.startsWith('input.'))
        setFieldError({ field: invalid.field.slice('input.'.length), message: invalid.message });
      setError(text);
    } finally {
      setIsDeciding(false);
    }
  };

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      className="my-3 scroll-mt-4 scroll-mb-28 rounded-xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-500/30 dark:bg-amber-500/5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldQuestion aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
        <h3 id={titleId} className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">
          {toolLabel(toolNameOf(part))}
        </h3>
        {isEdited && outcome !== 'pending' ? (
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            <Pencil aria-hidden="true" className="size-3" />
            {ASSISTANT_COPY.edited}
          </span>
        ) : null}
        <span
          className={cn(
            !(isEdited && outcome !== 'pending') && 'ml-auto',
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
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

      {isEditable ? (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{ASSISTANT_COPY.editHint}</p>
          {Object.entries(values).map(([key, value]) => {
            const id = `${titleId}-${key}`;
            const invalid = fieldError?.field === key;
            const common = {
              id,
              value,
              disabled: isDeciding || isDisabled,
              'aria-invalid': invalid ? (true as const) : undefined,
              'aria-describedby': invalid ? `${id}-error` : undefined,
              onChange: (event: { target: { value: string } }) =>
                setDraft({ ...values, [key]: event.target.value }),
            };
            return (
              <div key={key} className="flex flex-col gap-1">
                <label htmlFor={id} className={labelClasses}>
                  {argumentLabel(key)}
                </label>
                {key === 'body' ? (
                  <textarea {...common} rows={4} className={cn(fieldClasses, 'resize-y py-2')} />
                ) : (
                  <input
                    {...common}
                    type={key === 'to' ? 'email' : 'text'}
                    className={cn(fieldClasses, 'h-9')}
                  />
                )}
                {invalid ? (
                  <p id={`${id}-error`} className="text-red-600 text-xs dark:text-red-400">
                    {fieldError.message}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : rows.length > 0 ? (
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
