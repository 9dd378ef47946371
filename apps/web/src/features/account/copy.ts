// The Account dialog's fixed texts; SPEC §2's names word for word.
export const ACCOUNT_COPY = {
  title: 'Account',
  description: 'Your profile, privacy, credits and subscription plan.',
  close: 'Close',
  tabsLabel: 'Account settings',
  accountTab: 'Account',
  subscriptionTab: 'Subscription',
  infoHeading: 'Account Information',
  name: 'Name',
  email: 'Email',
  plan: 'Plan',
  privacyHeading: 'Privacy',
  autoDelete: 'Auto-delete old chats',
  autoDeleteHint: (days: number) => `Chats older than ${days} days are deleted automatically.`,
  creditsHeading: 'Credits',
  manageSubscription: 'Manage Subscription',
  logOut: 'Log out',
} as const;
