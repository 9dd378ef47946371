import { useMemo } from 'react';
import { MEETING_COPY } from '../copy';
import { transcriptTurns } from '../transcript';

/** The transcript in its own scroll box (focusable, so the keyboard scrolls it), a line a turn. */
export function MeetingTranscript({ transcript }: { transcript: string | null }) {
  const turns = useMemo(() => (transcript ? transcriptTurns(transcript) : []), [transcript]);
  if (turns.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">{MEETING_COPY.noTranscript}</p>;
  }
  return (
    <section
      aria-label={MEETING_COPY.transcriptText}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take focus for the keyboard to scroll it
      tabIndex={0}
      className="max-h-[32rem] overflow-y-auto rounded-xl border border-zinc-200 bg-zinc-50 p-4 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <ol className="flex flex-col gap-2 text-sm leading-relaxed">
        {turns.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
          <li key={index} className="text-zinc-700 dark:text-zinc-300">
            {turn.speaker ? (
              <span className="mr-1.5 font-semibold text-zinc-900 dark:text-zinc-100">{turn.speaker}:</span>
            ) : null}
            {turn.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
