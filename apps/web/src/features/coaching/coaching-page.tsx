// /coaching (knap advisorMeetingDashboard): one dashboard of the user's recorded client meetings,
// with coaching metrics from each transcript and the model's advice, filtered on the server.
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { KnapLayout } from '../knaps/components/knap-layout';
import { loadComponent } from '../knaps/store';
import { MeetingFiltersForm } from './components/meeting-filters-form';
import { MeetingTable } from './components/meeting-table';
import { RawMeetingTable } from './components/raw-meeting-table';

type View = 'table' | 'raw';
const VIEWS: Record<View, string> = { table: 'Table', raw: 'Raw data' };

function CoachingDashboard() {
  const [view, setView] = useState<View>('table');
  return (
    <>
      <MeetingFiltersForm
        // The raw table is read on showing it; when it is on screen, read it again for the new filters.
        onApplied={() => (view === 'raw' ? void loadComponent('meeting-raw-table') : undefined)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-base text-zinc-900 dark:text-zinc-50">Meetings</h2>
        <fieldset className="inline-flex rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-700">
          <legend className="sr-only">View</legend>
          {(Object.keys(VIEWS) as View[]).map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={view === id}
              onClick={() => setView(id)}
              className={cn(
                'h-8 rounded-md px-3 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                view === id
                  ? 'bg-indigo-600 text-white dark:bg-indigo-500'
                  : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
              )}
            >
              {VIEWS[id]}
            </button>
          ))}
        </fieldset>
      </div>
      {view === 'table' ? <MeetingTable /> : <RawMeetingTable />}
    </>
  );
}

export function CoachingPage() {
  return (
    <KnapLayout
      knap="advisorMeetingDashboard"
      title="Coaching"
      description="How your client meetings went: how much you talked, the questions you asked, the next steps agreed and the topics left out, with coaching advice for each."
      stepLabels={{ dashboard: 'Meeting dashboard' }}
      renderStep={() => <CoachingDashboard />}
    />
  );
}
