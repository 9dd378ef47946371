import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ASSISTANT_COPY } from '../copy';

export interface OutOfCreditsBannerProps {
  message: string;
  /** Opens Settings (the Account dialog), where plans and credits live. */
  onUpgrade?: () => void;
}

/** Shown above the composer when the assistant refused for lack of credits. */
export function OutOfCreditsBanner({ message, onUpgrade }: OutOfCreditsBannerProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-6">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm dark:border-amber-500/30 dark:bg-amber-500/10">
        <p role="alert" className="min-w-0 flex-1 text-amber-900 dark:text-amber-200">
          {message}
        </p>
        {onUpgrade ? (
          <Button size="sm" onClick={onUpgrade}>
            <Sparkles aria-hidden="true" className="size-3.5" />
            {ASSISTANT_COPY.upgrade}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
