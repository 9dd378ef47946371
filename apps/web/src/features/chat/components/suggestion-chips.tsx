import { Lightbulb } from 'lucide-react';
import { ASSISTANT_COPY } from '../copy';
import { useSuggestions } from '../queries';

export interface SuggestionChipsProps {
  onPick: (text: string) => void;
  isDisabled?: boolean;
}

/** SPEC §5: three shuffled prompt suggestions; picking one sends it. Hidden if they cannot load. */
export function SuggestionChips({ onPick, isDisabled = false }: SuggestionChipsProps) {
  const { data, isPending } = useSuggestions();

  if (isPending) {
    return (
      <div aria-busy="true" className="flex w-full max-w-xl flex-col gap-2 sm:flex-row">
        <span className="sr-only">{ASSISTANT_COPY.loadingSuggestions}</span>
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            aria-hidden="true"
            className="h-14 flex-1 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/70"
          />
        ))}
      </div>
    );
  }
  if (!data?.length) return null;

  return (
    <fieldset className="m-0 flex w-full min-w-0 max-w-xl flex-col gap-2 border-0 p-0 sm:flex-row">
      <legend className="sr-only">{ASSISTANT_COPY.suggestions}</legend>
      {data.map((text) => (
        <button
          key={text}
          type="button"
          disabled={isDisabled}
          onClick={() => onPick(text)}
          className="flex flex-1 items-start gap-2 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 text-left text-sm text-zinc-700 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 disabled:pointer-events-none disabled:opacity-50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-indigo-500/40 dark:hover:bg-indigo-500/5"
        >
          <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-500" />
          <span>{text}</span>
        </button>
      ))}
    </fieldset>
  );
}
