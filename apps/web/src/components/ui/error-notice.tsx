import { Button } from './button';

export interface ErrorNoticeProps {
  message: string;
  onRetry?: () => void;
}

/** A failure the user can read (the server's own text where it gave one), with Try again. */
export function ErrorNotice({ message, onRetry }: ErrorNoticeProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 text-sm dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
