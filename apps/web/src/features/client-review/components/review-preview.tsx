// The review as it will read: each written section under its title, the Markdown rendered by the
// chat's safe renderer (no raw HTML).
import type { TClientReviewUpdate } from '@knap/contracts';
import { Markdown } from '../../../components/ui/markdown';
import { SECTIONS } from '../review-sections';

export interface ReviewPreviewProps {
  clientName: string;
  draft: TClientReviewUpdate;
}

export function ReviewPreview({ clientName, draft }: ReviewPreviewProps) {
  const written = SECTIONS.filter((s) => draft.sections[s.key].trim() !== '');
  return (
    <article
      aria-label="Review preview"
      className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-white p-5 text-sm text-zinc-800 leading-relaxed sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-200"
    >
      <header className="border-indigo-600 border-b-2 pb-3 dark:border-indigo-400">
        <p className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">Client review — {clientName}</p>
        <p className="text-zinc-600 dark:text-zinc-400">{draft.period_label}</p>
      </header>
      {written.length === 0 ? <p>Nothing has been written in this review yet.</p> : null}
      {written.map((section) => (
        <section key={section.key} aria-label={section.title} className="flex flex-col gap-1">
          <h2 className="font-semibold text-base text-indigo-700 dark:text-indigo-300">{section.title}</h2>
          <div className="min-w-0 break-words">
            <Markdown content={draft.sections[section.key]} />
          </div>
        </section>
      ))}
    </article>
  );
}
