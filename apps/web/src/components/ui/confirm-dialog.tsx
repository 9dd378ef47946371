import { AlertDialog } from 'radix-ui';
import { Button } from './button';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Disables the buttons while the confirmed action runs. */
  isPending?: boolean;
  /** Shown under the description when the action failed. */
  error?: string | null;
  onConfirm: () => void;
}

/**
 * Asks before a destructive action. The dialog stays open while the action runs (the caller closes
 * it on success), so a failure can be shown where the user is looking. Cancel has the focus first.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  isPending = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(open) => (isPending ? undefined : onOpenChange(open))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-zinc-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900">
          <AlertDialog.Title className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-3 text-red-600 text-sm dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the action has run. */}
            <Button
              variant="danger"
              disabled={isPending}
              aria-busy={isPending || undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
