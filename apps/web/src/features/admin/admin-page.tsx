// /admin: the organization admin's console. Anyone who is not an admin of an organization sees the
// not-found page (the API answers them 404 too). The tab is in the address (?tab=), so a tab can
// be bookmarked and Back returns to it.
import { ArrowLeft } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { buttonClasses } from '../../components/ui/button';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { KnapRequestsPanel } from './knap-requests-panel';
import { MembersPanel } from './members-panel';
import { OrganizationPanel } from './organization-panel';
import { useAdminOrganization } from './queries';
import { RetentionPanel } from './retention-panel';
import { ReviewQueue } from './review-queue';
import { UsagePanel } from './usage-panel';

const TABS = [
  { id: 'members', label: 'Members', Panel: MembersPanel },
  { id: 'requests', label: 'Knap requests', Panel: KnapRequestsPanel },
  { id: 'usage', label: 'Usage', Panel: UsagePanel },
  { id: 'review', label: 'Review queue', Panel: ReviewQueue },
  { id: 'retention', label: 'Retention', Panel: RetentionPanel },
  { id: 'organization', label: 'Organization', Panel: OrganizationPanel },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tabClasses =
  'h-9 shrink-0 rounded-md px-3 font-medium text-sm text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-50 dark:hover:text-zinc-100';

export function AdminPage() {
  const organization = useAdminOrganization();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === asked) ? (asked as TabId) : 'members';

  if (organization.isError && organization.error instanceof ApiError && organization.error.status === 404)
    return <NotFoundPage />;

  return (
    <main className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">Admin</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {organization.data ? organization.data.org_name : 'Your organization'}
            </p>
          </div>
          <Link to="/chat" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to chat
          </Link>
        </header>
        {organization.isPending ? (
          <Spinner label="Loading the admin console" showLabel />
        ) : organization.isError ? (
          <ErrorNotice message={organization.error.message} onRetry={() => void organization.refetch()} />
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={(value) => setParams({ tab: value }, { replace: true })}
            className="flex flex-col gap-5"
          >
            <Tabs.List
              aria-label="Admin sections"
              className="flex gap-1 overflow-x-auto rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/80"
            >
              {TABS.map((t) => (
                <Tabs.Trigger key={t.id} value={t.id} className={tabClasses}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map(({ id, Panel }) => (
              <Tabs.Content key={id} value={id} className="focus-visible:outline-none">
                <Panel />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </div>
    </main>
  );
}
