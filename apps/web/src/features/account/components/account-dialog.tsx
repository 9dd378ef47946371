import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { SettingsTab } from '../../../lib/open-settings';
import { ACCOUNT_COPY } from '../copy';
import { AccountTab } from './account-tab';
import { SubscriptionTab } from './subscription-tab';

export interface AccountDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The tab each opening starts on (Subscription when the assistant ran out of credits). */
  initialTab?: SettingsTab;
}

const tabClasses =
  'h-9 rounded-md font-medium text-sm text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-50 dark:hover:text-zinc-100';

/** Settings (SPEC §2): the Account and Subscription tabs. Full screen on phones. */
export function AccountDialog({ isOpen, onOpenChange, initialTab = 'account' }: AccountDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={ACCOUNT_COPY.title}
      description={ACCOUNT_COPY.description}
      closeLabel={ACCOUNT_COPY.close}
      size="2xl"
      isFullScreenOnPhones
    >
      {/* Mounted only while open, so each opening starts on its initial tab. */}
      <AccountDialogBody initialTab={initialTab} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AccountDialogBody({ initialTab, onClose }: { initialTab: SettingsTab; onClose: () => void }) {
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as SettingsTab)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <Tabs.List
        aria-label={ACCOUNT_COPY.tabsLabel}
        className="mx-4 mt-4 grid shrink-0 grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 sm:mx-6 dark:bg-zinc-800/80"
      >
        <Tabs.Trigger value="account" className={tabClasses}>
          {ACCOUNT_COPY.accountTab}
        </Tabs.Trigger>
        <Tabs.Trigger value="subscription" className={tabClasses}>
          {ACCOUNT_COPY.subscriptionTab}
        </Tabs.Trigger>
      </Tabs.List>
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
