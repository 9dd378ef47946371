// The user's plans, last edited first: each opens in the editor, and can be deleted.
import type { TFinancialPlanSummary } from '@knap/contracts';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../knaps/components/knap-step';

export interface PlanListProps {
  plans: TFinancialPlanSummary[];
  selectedId: string | null;
  timeZone: string;
  onDelete: (plan: TFinancialPlanSummary) => void;
}

export function PlanList({ plans, selectedId, timeZone, onDelete }: PlanListProps) {
  return (
    <nav aria-label="Plans">
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto lg:max-h-none">
        {plans.map((plan) => {
          const isSelected = plan.id === selectedId;
          return (
            <li key={plan.id} className="group flex items-center gap-1">
              <Link
                to={`?plan=${encodeURIComponent(plan.id)}`}
                aria-current={isSelected ? 'page' : undefined}
                className={cn(
                  'min-w-0 flex-1 rounded-lg px-3 py-2 outline-none transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/20',
                  isSelected
                    ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-100'
                    : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
                )}
              >
                <span className="block truncate font-medium text-sm">{plan.client_name}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  Age {plan.client_age}, retires at {plan.retirement_age}
                </span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  Edited {formatDate(plan.updated_at, timeZone, { withTime: false })}
                </span>
              </Link>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete the plan for ${plan.client_name}`}
                onClick={() => onDelete(plan)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
