import { useId } from 'react';
import type { MeetingAssistant } from '../api';
import { COPY } from '../copy';
import { IntegrationIcon } from './integration-icon';

export interface MeetingNotetakerCardProps {
  assistant: MeetingAssistant;
}

/** The built-in 'Meeting Notetaker' connection (SPEC §3): always active, nothing to connect. */
export function MeetingNotetakerCard({ assistant }: MeetingNotetakerCardProps) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex items-start gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <IntegrationIcon type="meeting" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-medium text-sm text-zinc-900 dark:text-zinc-50">
            {assistant.name}
          </h3>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 text-xs dark:bg-emerald-500/10 dark:text-emerald-300">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
            {COPY.active}
          </span>
        </div>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{assistant.description}</p>
      </div>
    </article>
  );
}
