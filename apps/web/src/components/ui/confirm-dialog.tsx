import { useRef } from 'react';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';

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
 * Asks before a destructive action (an alert dialog). The dialog stays open while the action runs
 * (the caller closes it on success), so a failure can be shown where the user is looking. Cancel has
 * the focus first.
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isBusy={isPending}
      initialFocus={cancelRef}
      title={title}
      description={description}
      size="md"
    >
      {error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      ) : null}
      <DialogActions cancelLabel={cancelLabel} isBusy={isPending} cancelRef={cancelRef}>
        <Button variant="danger" disabled={isPending} aria-busy={isPending || undefined} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
