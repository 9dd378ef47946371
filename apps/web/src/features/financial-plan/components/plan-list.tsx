// The user's plans, last edited first: each opens in the editor, and can be deleted.
import type { TFinancialPlanSummary } from '@knap/contracts';
import { DocumentList } from '../../../components/document-list';
import { formatDate } from '../../../lib/format';

export interface PlanListProps {
  plans: TFinancialPlanSummary[];
  selectedId: string | null;
  /** The document the open plan is being filled from: it stays when another plan is opened. */
  documentId?: string | null;
  timeZone: string;
  onDelete: (plan: TFinancialPlanSummary) => void;
}

export function PlanList({ plans, selectedId, documentId = null, timeZone, onDelete }: PlanListProps) {
  return (
    <DocumentList
      label="Plans"
      items={plans}
      param="plan"
      {...(documentId ? { keep: { document: documentId } } : {})}
      selectedId={selectedId}
      title={(plan) => plan.client_name}
      details={(plan) => [
        `Age ${plan.client_age}, retires at ${plan.retirement_age}`,
        `Edited ${formatDate(plan.updated_at, timeZone, { withTime: false })}`,
      ]}
      deleteLabel={(plan) => `Delete the plan for ${plan.client_name}`}
      onDelete={onDelete}
    />
  );
}
