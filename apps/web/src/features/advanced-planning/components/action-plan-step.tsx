// Step 4: the actions that close the gaps, most urgent first; the advisor sets who owns each and by
// when before the portfolio is recommended.
import { ROADMAP_GAP_CATEGORIES, type TActionPlan } from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { mutedTextClasses } from '../../../components/ui/card';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../../components/ui/table';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TActionPlanData } from '../types';

type Action = TActionPlan['actions'][number];

const COLUMNS = ['Priority', 'Action', 'Category', 'Owner', 'Due date'];

const cellInput =
  'h-9 w-full min-w-32 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

interface ActionPlanFormProps {
  data: TActionPlanData;
  state: KnapComponentState<TActionPlanData>;
}

function ActionPlanForm({ data, state }: ActionPlanFormProps) {
  const [actions, setActions] = useState<Action[]>(() =>
    [...data.enhanced_insights.actions].sort((a, b) => a.priority - b.priority),
  );
  const [showErrors, setShowErrors] = useState(false);
  const isInvalid = (a: Action) => ({ owner: !a.owner.trim(), due: !/^\d{4}-\d{2}-\d{2}$/.test(a.due_date) });
  const hasErrors = actions.some((a) => isInvalid(a).owner || isInvalid(a).due);
  const edit = (n: number, patch: Partial<Action>) =>
    setActions((list) => list.map((a, i) => (i === n ? { ...a, ...patch } : a)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (hasErrors) return;
    void state.process({
      ...data,
      enhanced_insights: { actions: actions.map((a) => ({ ...a, owner: a.owner.trim() })) },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {actions.length ? (
        <div className={tableFrameClasses}>
          <table className="w-full min-w-[40rem] border-collapse">
            <caption className="sr-only">Action plan, most urgent first</caption>
            <TableHead columns={COLUMNS} />
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {actions.map((action, n) => {
                const invalid = showErrors ? isInvalid(action) : { owner: false, due: false };
                return (
                  <tr key={`${action.priority}-${action.title}`}>
                    <td className={`${bodyCellClasses} tabular-nums`}>{action.priority}</td>
                    <td className={`${bodyCellClasses} min-w-48`}>{action.title}</td>
                    <td className={bodyCellClasses}>{ROADMAP_GAP_CATEGORIES[action.category]}</td>
                    <td className={bodyCellClasses}>
                      <input
                        aria-label={`Owner of action ${action.priority}`}
                        aria-invalid={invalid.owner || undefined}
                        value={action.owner}
                        onChange={(e) => edit(n, { owner: e.target.value })}
                        className={cellInput}
                      />
                    </td>
                    <td className={bodyCellClasses}>
                      <input
                        type="date"
                        aria-label={`Due date of action ${action.priority}`}
                        aria-invalid={invalid.due || undefined}
                        value={action.due_date}
                        onChange={(e) => edit(n, { due_date: e.target.value })}
                        className={cellInput}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={mutedTextClasses}>No actions are needed: the analysis found no gaps.</p>
      )}
      {showErrors && hasErrors ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          Every action needs an owner and a due date.
        </p>
      ) : null}
      <StepAction
        label="Recommend portfolio"
        progressLabel="Recommending a portfolio..."
        isProcessing={state.isProcessing}
        error={state.error}
      />
    </form>
  );
}

export function ActionPlanStep() {
  const state = useKnapComponent<TActionPlanData>('action-plan');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading the action plan..."
        emptyText="Finish the gap analysis first."
      />
    );
  return <ActionPlanForm data={state.data} state={state} />;
}
