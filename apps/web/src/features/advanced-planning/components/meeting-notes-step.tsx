// Step 1: the notes a roadmap starts from, a notetaker meeting with notes or notes the user pastes.
// The meeting list is read fresh each time the step opens: a meeting may have got its notes since.
import { type FormEvent, useState } from 'react';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { formatDate } from '../../../lib/format';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useCurrentUser } from '../../auth/store';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TMeetingNotesData, TNoRoadmapViewData } from '../types';

/** The choice that means "the notes I paste" rather than a meeting. */
const PASTE = '';

function initialChoice(data: TMeetingNotesData): string {
  const chosen = data.selection?.meeting_id;
  if (chosen && data.meetings.some((m) => m.meeting_id === chosen)) return chosen;
  if (data.selection?.notes) return PASTE;
  return data.meetings[0]?.meeting_id ?? PASTE;
}

/** Why there is no meeting to choose, and what to do about it (the no-roadmap-view component). */
function NoRoadmapNotice() {
  const { data } = useKnapComponent<TNoRoadmapViewData>('no-roadmap-view', { live: true });
  if (!data) return null;
  return (
    <p className="rounded-xl border border-zinc-300 border-dashed p-4 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
      {data.message}
    </p>
  );
}

interface MeetingNotesFormProps {
  data: TMeetingNotesData;
  state: KnapComponentState<TMeetingNotesData>;
}

function MeetingNotesForm({ data, state: { isProcessing, error, process } }: MeetingNotesFormProps) {
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const [choice, setChoice] = useState(() => initialChoice(data));
  const [notes, setNotes] = useState(data.selection?.notes ?? '');
  const hasMeetings = data.meetings.length > 0;
  const isPasting = choice === PASTE || !hasMeetings;
  const canSubmit = isPasting ? notes.trim().length > 0 : true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    void process(isPasting ? { notes: notes.trim() } : { meeting_id: choice });
  };

  const option =
    'flex cursor-pointer items-start gap-3 rounded-lg p-3 hover:bg-zinc-50 has-[:checked]:bg-indigo-50 dark:hover:bg-zinc-800/60 dark:has-[:checked]:bg-indigo-500/10';
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {hasMeetings ? (
        <fieldset className={cardClasses}>
          <legend className="px-1 font-semibold text-sm text-zinc-900 dark:text-zinc-50">
            Start from a meeting
          </legend>
          <div className="flex flex-col gap-1">
            {data.meetings.map((meeting) => (
              <label key={meeting.meeting_id} className={option}>
                <input
                  type="radio"
                  name="meeting"
                  value={meeting.meeting_id}
                  checked={choice === meeting.meeting_id}
                  onChange={() => setChoice(meeting.meeting_id)}
                  className="mt-1 accent-indigo-600"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="break-words font-medium text-sm text-zinc-900 dark:text-zinc-100">
                    {meeting.meeting_title || 'Untitled meeting'}
                  </span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {formatDate(meeting.start_time, timeZone)}
                  </span>
                </span>
              </label>
            ))}
            <label className={option}>
              <input
                type="radio"
                name="meeting"
                value={PASTE}
                checked={choice === PASTE}
                onChange={() => setChoice(PASTE)}
                className="mt-1 accent-indigo-600"
              />
              <span className="font-medium text-sm text-zinc-900 dark:text-zinc-100">
                Paste notes instead
              </span>
            </label>
          </div>
        </fieldset>
      ) : (
        <NoRoadmapNotice />
      )}
      {isPasting ? (
        <TextAreaField
          label="Paste meeting notes"
          hint="Plain text: what was said, the client's situation and goals."
          rows={8}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      ) : null}
      <StepAction
        label="Build client profile"
        progressLabel="Reading the notes..."
        isProcessing={isProcessing}
        error={error}
        disabled={!canSubmit}
      />
    </form>
  );
}

export function MeetingNotesStep() {
  const state = useKnapComponent<TMeetingNotesData>('meeting-notes', { live: true });
  return (
    <>
      <p className={mutedTextClasses}>
        Choose the meeting whose notes the roadmap starts from, or paste notes of your own.
      </p>
      {state.data ? (
        // A fresh list (the step re-reads it on opening) starts the choice over.
        <MeetingNotesForm
          key={state.data.meetings.map((m) => m.meeting_id).join()}
          data={state.data}
          state={state}
        />
      ) : (
        <StepLoadState
          state={state}
          loadingLabel="Looking for meetings with notes..."
          emptyText="No meetings with notes yet."
        />
      )}
    </>
  );
}
