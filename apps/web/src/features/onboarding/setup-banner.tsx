// The new-chat screen's reminder: 'Finish setting up Knap Studio', how far the user got, a link to
// /onboarding and a dismiss button. The server decides whether it shows (`show_banner`: never once
// dismissed, nor once every step was done or skipped); while the state loads or fails, nothing shows.
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClasses } from '../../components/ui/button';
import { ONBOARDING_COPY } from './copy';
import { useDismissOnboarding, useOnboarding } from './queries';

export function ProgressBar({ done, total }: { done: number; total: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Setup progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={ONBOARDING_COPY.progress(done, total)}
      className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
    >
      <div
        className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
        style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }}
      />
    </div>
  );
}

export function SetupBanner() {
  const onboarding = useOnboarding();
  const dismiss = useDismissOnboarding();
  const state = onboarding.data;
  if (!state?.show_banner) return null;
  return (
    <aside
      aria-label={ONBOARDING_COPY.bannerTitle}
      className="mx-auto mt-4 flex w-[calc(100%-2rem)] max-w-2xl items-start gap-3 rounded-xl border border-indigo-200 bg-indigo-50/70 p-3 sm:p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">{ONBOARDING_COPY.bannerTitle}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {ONBOARDING_COPY.progress(state.done_count, state.total)}
          </p>
        </div>
        <ProgressBar done={state.done_count} total={state.total} />
        <div>
          <Link to="/onboarding" className={buttonClasses('primary', 'sm')}>
            {ONBOARDING_COPY.continue}
          </Link>
        </div>
      </div>
      <button
        type="button"
        aria-label={ONBOARDING_COPY.dismiss}
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-white/70 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        onClick={() => dismiss.mutate(undefined, { onError: (error) => toast.error(error.message) })}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
