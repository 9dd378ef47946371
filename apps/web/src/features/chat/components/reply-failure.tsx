import { AlertCircle, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ASSISTANT_COPY } from '../copy';

export interface ReplyFailureProps {
  message: string;
  onRetry: () => void;
  isRetryDisabled?: boolean;
}

/** Inline, under the last message: what went wrong with the reply, and a way to try again. */
export function ReplyFailure({ message, onRetry, isRetryDisabled = false }: ReplyFailureProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm dark:border-red-500/30 dark:bg-red-500/10">
      <AlertCircle aria-hidden="true" className="size-4 shrink-0 text-red-600 dark:text-red-400" />
      <p role="alert" className="min-w-0 flex-1 text-red-700 dark:text-red-300">
        {message}
      </p>
      <Button size="sm" variant="secondary" onClick={onRetry} disabled={isRetryDisabled}>
        <RotateCcw aria-hidden="true" className="size-3.5" />
        {ASSISTANT_COPY.retry}
      </Button>
    </li>
  );
}
