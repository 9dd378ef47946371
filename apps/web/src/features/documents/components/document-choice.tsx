// The Documents group of a form that drafts from chosen client documents (a client review, a
// first-impressions briefing): a checkbox per document of the user, those filed under the person
// named first, at most `max` chosen.
import type { TDocumentInfo } from '@knap/contracts';
import { mutedTextClasses } from '../../../components/ui/card';

/** The documents filed under the named client first, then the rest, each newest first. */
export const documentsFor = (documents: TDocumentInfo[], clientName: string | null) => {
  const mine = (d: TDocumentInfo) => !!clientName && d.client?.toLowerCase() === clientName.toLowerCase();
  return [...documents.filter(mine), ...documents.filter((d) => !mine(d))];
};

interface DocumentChoiceProps {
  documents: TDocumentInfo[] | undefined;
  /** Who the draft is about: their documents are listed first. */
  clientName: string | null;
  chosen: string[];
  onChange: (ids: string[]) => void;
  max: number;
  disabled: boolean;
  /** What the draft does with them, e.g. "the review cites the page it used". */
  note: string;
}

export function DocumentChoice({
  documents,
  clientName,
  chosen,
  onChange,
  max,
  disabled,
  note,
}: DocumentChoiceProps) {
  if (!documents?.length) return null;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((d) => d !== id));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 font-semibold text-base text-zinc-900 dark:text-zinc-50">Documents</legend>
      <p className={mutedTextClasses}>
        Statements and spreadsheets to draw on too (up to {max}); {note}.
      </p>
      {documentsFor(documents, clientName).map((d) => {
        const on = chosen.includes(d.id);
        return (
          <label key={d.id} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input
              type="checkbox"
              checked={on}
              disabled={!on && chosen.length >= max}
              onChange={(e) => toggle(d.id, e.target.checked)}
              className="size-4 accent-indigo-600"
            />
            {d.filename}
            {d.client ? <span className={mutedTextClasses}>— {d.client}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
