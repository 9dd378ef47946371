import type { TMeetingNotes, TMeetingNotesContent } from '@knap/contracts';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { CLIENT_FACT_LABELS, MEETING_COPY } from '../copy';

type ClientFact = TMeetingNotesContent['client_facts'][number];

const subheadingClasses = 'font-semibold text-sm text-zinc-900 dark:text-zinc-50';
const mutedClasses = 'text-sm text-zinc-500 dark:text-zinc-400';
const listClasses = 'mt-1 list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300';

function NotesPart({ title, isEmpty, children }: { title: string; isEmpty: boolean; children: ReactNode }) {
  return (
    <div>
      <h3 className={subheadingClasses}>{title}</h3>
      {isEmpty ? <p className={mutedClasses}>{MEETING_COPY.none}</p> : children}
    </div>
  );
}

/** Client facts under their category, in the order of the categories. */
function factsByCategory(facts: readonly ClientFact[]) {
  return (Object.keys(CLIENT_FACT_LABELS) as ClientFact['category'][])
    .map((category) => ({ category, facts: facts.filter((fact) => fact.category === category) }))
    .filter((group) => group.facts.length > 0);
}

/** Plain text throughout: nothing the model wrote is read as markup. */
function NotesContent({ notes }: { notes: TMeetingNotesContent }) {
  return (
    <div className="flex flex-col gap-5">
      <NotesPart title={MEETING_COPY.summary} isEmpty={!notes.summary.trim()}>
        <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-700 dark:text-zinc-300">{notes.summary}</p>
      </NotesPart>
      <NotesPart title={MEETING_COPY.decisions} isEmpty={notes.decisions.length === 0}>
        <ul className={listClasses}>
          {notes.decisions.map((decision, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: written once, never reordered; texts may repeat
            <li key={index}>{decision}</li>
          ))}
        </ul>
      </NotesPart>
      <NotesPart title={MEETING_COPY.actionItems} isEmpty={notes.action_items.length === 0}>
        <ul className={listClasses}>
          {notes.action_items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: written once, never reordered; texts may repeat
            <li key={index}>
              {item.text}
              {item.owner ? (
                <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-zinc-100 px-2 py-px text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                  {MEETING_COPY.owner(item.owner)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </NotesPart>
      <NotesPart title={MEETING_COPY.clientFacts} isEmpty={notes.client_facts.length === 0}>
        <dl className="mt-1 flex flex-col gap-2">
          {factsByCategory(notes.client_facts).map(({ category, facts }) => (
            <div key={category}>
              <dt className="font-medium text-xs text-zinc-500 uppercase tracking-wide dark:text-zinc-400">
                {CLIENT_FACT_LABELS[category]}
              </dt>
              {facts.map(({ fact }, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: written once, never reordered; texts may repeat
                <dd key={index} className="text-sm text-zinc-700 dark:text-zinc-300">
                  {fact}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </NotesPart>
    </div>
  );
}

/** The notes as far as they are: none yet, being written, failed, or ready. */
export function MeetingNotes({ data }: { data: TMeetingNotes }) {
  if (data.notes_status === 'generating') return <Spinner label={MEETING_COPY.writingNotes} showLabel />;
  if (data.notes_status === 'failed') {
    return (
      <p role="alert" className="text-red-700 text-sm dark:text-red-300">
        {MEETING_COPY.notesFailed}
      </p>
    );
  }
  if (data.notes_status === 'ready' && data.notes) return <NotesContent notes={data.notes} />;
  return <p className={mutedClasses}>{MEETING_COPY.notesNone}</p>;
}
