import { X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ACCOUNT_COPY } from '../copy';
import { AccountTab } from './account-tab';
import { SubscriptionTab } from './subscription-tab';

export type AccountDialogTab = 'account' | 'subscription';

export interface AccountDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The tab each opening starts on (Subscription when the assistant ran out of credits). */
  initialTab?: AccountDialogTab;
}

const tabClasses =
  'h-9 rounded-md font-medium text-sm text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-50 dark:hover:text-zinc-100';

/** Settings (SPEC §2): the Account and Subscription tabs. Full screen on phones. */
export function AccountDialog({ isOpen, onOpenChange, initialTab = 'account' }: AccountDialogProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[min(90dvh,800px)] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-zinc-200 dark:bg-zinc-900 sm:dark:border-zinc-800">
          {/* Mounted only while open, so each opening starts on its initial tab. */}
          <AccountDialogBody initialTab={initialTab} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AccountDialogBody({ initialTab, onClose }: { initialTab: AccountDialogTab; onClose: () => void }) {
  const [tab, setTab] = useState<AccountDialogTab>(initialTab);
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as AccountDialogTab)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="shrink-0 px-4 pt-4 sm:px-6 sm:pt-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <Dialog.Title className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
              {ACCOUNT_COPY.title}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {ACCOUNT_COPY.description}
            </Dialog.Description>
          </div>
          <Dialog.Close asChild>
            <Button variant="ghost" size="sm" aria-label={ACCOUNT_COPY.close} className="-mt-1 -mr-2 px-2">
              <X aria-hidden="true" className="size-4" />
            </Button>
          </Dialog.Close>
        </div>
        <Tabs.List
          aria-label={ACCOUNT_COPY.tabsLabel}
          className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/80"
        >
          <Tabs.Trigger value="account" className={tabClasses}>
            {ACCOUNT_COPY.accountTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="subscription" className={tabClasses}>
            {ACCOUNT_COPY.subscriptionTab}
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6 sm:pb-6">
        <Tabs.Content value="account" className="focus-visible:outline-none">
          <AccountTab onManageSubscription={() => setTab('subscription')} onLeave={onClose} />
        </Tabs.Content>
        <Tabs.Content value="subscription" className="focus-visible:outline-none">
          <SubscriptionTab onLeave={onClose} />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
