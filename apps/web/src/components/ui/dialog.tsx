// The one modal dialog (Radix Dialog): backdrop, centred panel (full screen on phones where asked),
// title, description and Close. Radix keeps the focus inside, returns it to the opener and closes
// on Escape and on a click outside; a dialog whose action is under way stays open until it ends.
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { LAYER } from './layers';

export type DialogSize = 'md' | 'lg' | 'xl' | '2xl';

const widths: Record<DialogSize, string> = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
};

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** The corner button's accessible name; no corner button without it. */
  closeLabel?: string;
  /** While an action runs, Escape, the backdrop and Close leave the dialog open. */
  isBusy?: boolean;
  /**
   * 'alertdialog' asks before something that cannot be undone: a click outside does not dismiss
   * it, and the focus starts on `initialFocus` (the safe choice).
   */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: RefObject<HTMLElement | null>;
  size?: DialogSize;
  /** Fills the screen below the sm breakpoint, and lays out its own padding and scrolling. */
  isFullScreenOnPhones?: boolean;
  children?: ReactNode;
}

export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  closeLabel,
  isBusy = false,
  role = 'dialog',
  initialFocus,
  size = 'lg',
  isFullScreenOnPhones = false,
  children,
}: DialogProps) {
  const isAlert = role === 'alertdialog';
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => (isBusy ? undefined : onOpenChange(open))}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={cn('fixed inset-0 bg-zinc-950/50', LAYER.dialog)} />
        <DialogPrimitive.Content
          role={role}
          onPointerDownOutside={isAlert ? keepOpen : undefined}
          onInteractOutside={isAlert ? keepOpen : undefined}
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  event.preventDefault();
                  initialFocus.current?.focus({ preventScroll: true });
                }
              : undefined
          }
          className={cn(
            'fixed flex flex-col bg-white shadow-xl focus:outline-none dark:bg-zinc-900',
            LAYER.dialog,
            isFullScreenOnPhones
              ? 'inset-0 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[min(90dvh,800px)] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-zinc-200 sm:dark:border-zinc-800'
              : 'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800',
            widths[size],
          )}
        >
          <div
            className={cn(
              'flex shrink-0 items-start justify-between gap-4',
              isFullScreenOnPhones && 'px-4 pt-4 sm:px-6 sm:pt-6',
            )}
          >
            <div className="min-w-0">
              <DialogPrimitive.Title className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            {closeLabel ? (
              <DialogPrimitive.Close asChild>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={closeLabel}
                  disabled={isBusy}
                  className="-mt-1 -mr-2 px-2"
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </DialogPrimitive.Close>
            ) : null}
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface DialogActionsProps {
  /** The Cancel button's text; it closes the dialog. */
  cancelLabel?: string;
  isBusy?: boolean;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  /** The dialog's own action buttons, after Cancel. */
  children: ReactNode;
}

/** The foot of a dialog: Cancel, then the action; stacked with the action on top on phones. */
export function DialogActions({
  cancelLabel = 'Cancel',
  isBusy = false,
  cancelRef,
  children,
}: DialogActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogPrimitive.Close asChild>
        <Button ref={cancelRef} variant="secondary" disabled={isBusy}>
          {cancelLabel}
        </Button>
      </DialogPrimitive.Close>
      {children}
    </div>
  );
}
