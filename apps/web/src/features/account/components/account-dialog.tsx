import { LogOut, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../auth/components/user-avatar';
import { useLogout } from '../../auth/queries';
import { useCurrentUser } from '../../auth/store';

export interface AccountDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Settings → Account. The Account and Subscription tabs of SPEC §2 replace the placeholder later. */
export function AccountDialog({ isOpen, onOpenChange }: AccountDialogProps) {
  const user = useCurrentUser();
  const logout = useLogout();

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
                Account
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                Account settings, subscription plans and credits are coming soon.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" className="-mt-1 -mr-2 px-2">
                <X aria-hidden="true" className="size-4" />
              </Button>
            </Dialog.Close>
          </div>

          <p className="mt-4 inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 font-medium text-indigo-700 text-xs dark:bg-indigo-500/10 dark:text-indigo-300">
            Coming soon
          </p>

          {user ? (
            <div className="mt-5 flex items-center gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              <UserAvatar name={user.name || user.email} imageUrl={user.profile_image_url} />
              <div className="min-w-0">
                <p className="truncate font-medium text-sm text-zinc-900 dark:text-zinc-50">{user.name}</p>
                <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{user.email}</p>
              </div>
            </div>
          ) : null}

          <div className="mt-6 flex justify-end">
            <Button variant="danger" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" className="size-4" />
              Log out
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
