// "Use in financial plan" (issue 26): the plan inputs a client's document proposes, one row each
// with its value and the page it was read from, for the advisor to Accept (it fills the input, then
// the plan autosaves as when typed) or Skip.
import { documentViewPath, type PlanInputFromDocument, type TPlanInputProposal } from '@knap/contracts';
import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { PLAN_COPY } from '../copy';
import { usePlanInputProposals } from '../queries';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

type Decision = 'accepted' | 'skipped';

/** The two answers to a proposal, as their buttons say them. */
const DECISIONS = [
  { decision: 'accepted', label: PLAN_COPY.accept, Icon: Check, variant: 'primary' },
  { decision: 'skipped', label: PLAN_COPY.skip, Icon: X, variant: 'secondary' },
] as const;

export interface DocumentProposalsProps {
  documentId: string;
  /** The advisor accepted `value` for `field`. */
  onAccept: (field: PlanInputFromDocument, value: number) => void;
  onClose: () => void;
}

/** What the advisor decided, taking the focus from the button that went away. */
function Decided({ decision }: { decision: Decision }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className={cn(mutedTextClasses, 'outline-none')}>
      {decision === 'accepted' ? PLAN_COPY.accepted : PLAN_COPY.skipped}
    </p>
  );
}

function ProposalRow({
  proposal: p,
  documentId,
  filename,
  decision,
  onDecide,
}: {
  proposal: TPlanInputProposal;
  documentId: string;
  filename: string;
  decision: Decision | undefined;
  onDecide: (decision: Decision) => void;
}) {
  const name = PLAN_COPY.fieldLabels[p.field];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-zinc-200 border-t pt-3 first:border-t-0 first:pt-0 dark:border-zinc-800">
      <div className="min-w-0">
        <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">
          {name}: {usd.format(p.value)}
        </p>
        <p className={cn(mutedTextClasses, 'break-words')}>
          “{p.label}” —{' '}
          <a
            href={documentViewPath(documentId, p.seq)}
            target="_blank"
            rel="noreferrer"
            className="underline"
          >
            {PLAN_COPY.source(filename, p.location)}
          </a>
        </p>
      </div>
      {decision ? (
        <Decided decision={decision} />
      ) : (
        <div className="flex gap-2">
          {DECISIONS.map(({ decision: d, label, Icon, variant }) => (
            <Button
              key={d}
              size="sm"
              variant={variant}
              onClick={() => onDecide(d)}
              aria-label={`${label} ${name} ${usd.format(p.value)}`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

export function DocumentProposals({ documentId, onAccept, onClose }: DocumentProposalsProps) {
  const proposals = usePlanInputProposals(documentId);
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});

  if (proposals.isPending)
    return (
      <div className={cardClasses}>
        <Spinner label={PLAN_COPY.readingDocument} showLabel />
      </div>
    );
  if (proposals.isError)
    return <ErrorNotice message={proposals.error.message} onRetry={() => void proposals.refetch()} />;

  const { filename, proposals: list } = proposals.data;
  const allDecided = list.every((_, i) => decisions[i]);
  const decide = (i: number, decision: Decision) => {
    setDecisions((d) => ({ ...d, [i]: decision }));
    if (decision === 'accepted') onAccept(list[i]!.field, list[i]!.value);
  };

  return (
    <section aria-labelledby="plan-from-document" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id="plan-from-document" className={cardHeadingClasses}>
          {PLAN_COPY.fromDocument(filename)}
        </h3>
        <Button size="sm" variant={allDecided ? 'primary' : 'ghost'} onClick={onClose}>
          {allDecided && list.length > 0 ? PLAN_COPY.done : PLAN_COPY.close}
        </Button>
      </div>
      {list.length === 0 ? (
        <p role="status" className={mutedTextClasses}>
          {PLAN_COPY.nothingFound(filename)}
        </p>
      ) : (
        <>
          <p className={mutedTextClasses}>{PLAN_COPY.fromDocumentHint}</p>
          <ul className="flex flex-col gap-3">
            {list.map((p, i) => (
              <ProposalRow
                key={`${p.field}:${p.seq}:${p.value}`}
                proposal={p}
                documentId={documentId}
                filename={filename}
                decision={decisions[i]}
                onDecide={(d) => decide(i, d)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
