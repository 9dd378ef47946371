// /knaps: the knaps the user has, each opening its page, and the others with a way to ask for them.
import { ERR, KNAP_NAMES, type KnapName } from '@knap/contracts';
import { ArrowRight, Clock } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { KNAP_DESCRIPTIONS, KNAP_ROUTES, knapTag } from './knap-info';
import { useKnapRequests } from './queries';
import { fetchKnaps, useKnapStore } from './store';

interface KnapCardProps {
  name: KnapName;
  children: ReactNode;
}

function KnapCard({ name, children }: KnapCardProps) {
  const headingId = `knap-${name}`;
  return (
    <li aria-labelledby={headingId} className={cn(cardClasses, 'flex flex-col gap-3')}>
      <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
        {knapTag(name)}
      </h3>
      <p className={cn(mutedTextClasses, 'flex-1')}>{KNAP_DESCRIPTIONS[name]}</p>
      <div>{children}</div>
    </li>
  );
}

const gridClasses = 'grid grid-cols-1 gap-4 sm:grid-cols-2';

function KnapLists() {
  const status = useKnapStore((s) => s.status);
  const knaps = useKnapStore((s) => s.knaps);
  const error = useKnapStore((s) => s.error);
  const requests = useKnapRequests();

  if (status === 'error')
    return <ErrorNotice message={error ?? ERR.fetchKnaps} onRetry={() => void fetchKnaps({ force: true })} />;
  if (status !== 'ready') return <Spinner label="Loading knaps..." showLabel className="py-6" />;

  const owned = new Set(knaps.map((k) => k.name));
  const others = KNAP_NAMES.filter((name) => !owned.has(name));
  const pending = new Set(requests.data?.filter((r) => r.status === 'pending').map((r) => r.knap));
  return (
    <>
      <section aria-labelledby="your-knaps" className="flex flex-col gap-3">
        <h2 id="your-knaps" className={cardHeadingClasses}>
          Your knaps
        </h2>
        {owned.size ? (
          <ul className={gridClasses}>
            {KNAP_NAMES.filter((name) => owned.has(name)).map((name) => (
              <KnapCard key={name} name={name}>
                <Link to={KNAP_ROUTES[name]} className={buttonClasses('primary', 'sm')}>
                  Open {knapTag(name)}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </KnapCard>
            ))}
          </ul>
        ) : (
          <p className={mutedTextClasses}>You have no knaps yet. Ask for one below.</p>
        )}
      </section>
      {others.length ? (
        <section aria-labelledby="more-knaps" className="flex flex-col gap-3">
          <h2 id="more-knaps" className={cardHeadingClasses}>
            More knaps
          </h2>
          <ul className={gridClasses}>
            {others.map((name) => (
              <KnapCard key={name} name={name}>
                {pending.has(name) ? (
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 font-medium text-amber-800 text-xs dark:bg-amber-500/10 dark:text-amber-300">
                    <Clock aria-hidden="true" className="size-3.5" />
                    Access requested
                  </span>
                ) : (
                  <Link
                    to={`/request-knap?knap=${encodeURIComponent(name)}`}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    Request access<span className="sr-only"> to {knapTag(name)}</span>
                  </Link>
                )}
              </KnapCard>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The workspace screens, also in the sidebar menu's Workspace group. */
const WORKSPACE: ReadonlyArray<{ to: string; title: string; description: string }> = [
  {
    to: '/client-review',
    title: 'Client reviews',
    description: 'Annual and periodic reviews drafted from notes, the CRM and past reviews.',
  },
  {
    to: '/financial-plan',
    title: 'Financial plan',
    description: 'Projections from a client’s ages, income, savings and goals, with a narrative and PDF.',
  },
  {
    to: '/newsletter-generator',
    title: 'Newsletters',
    description: 'A client newsletter on the topics you choose, sent to a CRM segment after you approve.',
  },
  {
    to: '/quarterly-newsletter',
    title: 'Quarterly newsletter',
    description: 'This quarter’s market commentary edition, from a template.',
  },
  {
    to: '/first-impressions',
    title: 'First impressions',
    description: 'A briefing and questions before a first meeting with a prospect.',
  },
  { to: '/library', title: 'Library', description: 'Everything you have made or saved, with search.' },
  {
    to: '/onboarding',
    title: 'Set up',
    description: 'Profile, calendar, CRM, notetaker and a first question, step by step.',
  },
];

function Workspace() {
  return (
    <section aria-labelledby="workspace" className="flex flex-col gap-3">
      <h2 id="workspace" className={cardHeadingClasses}>
        Workspace
      </h2>
      <ul className={gridClasses}>
        {WORKSPACE.map((screen) => (
          <li key={screen.to}>
            <Link
              to={screen.to}
              className={cn(
                cardClasses,
                'flex h-full flex-col gap-1 transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:border-indigo-500/60',
              )}
            >
              <span className="font-semibold text-zinc-900 dark:text-zinc-50">{screen.title}</span>
              <span className={mutedTextClasses}>{screen.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function KnapsPage() {
  useEffect(() => {
    void fetchKnaps();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">Knaps</h1>
        <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
          Workflows that turn your meetings and client data into finished work.
        </p>
      </header>
      <KnapLists />
      <Workspace />
    </div>
  );
}
