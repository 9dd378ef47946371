import { PARTICIPANT_LEGEND_THRESHOLD, type TParticipant } from '@knap/contracts';
import { cn } from '../../../lib/cn';
import { NOTETAKER_COPY } from '../copy';
import { PARTICIPANT_LEGEND, participantName, RESPONSE_MARKS, type ResponseMark } from '../participants';

const MARK_COLOURS: Record<ResponseMark['label'], string> = {
  Accepted: 'text-emerald-700 dark:text-emerald-400',
  Declined: 'text-red-600 dark:text-red-400',
  Maybe: 'text-amber-600 dark:text-amber-400',
  'No response': 'text-zinc-400 dark:text-zinc-500',
};

export interface ParticipantListProps {
  participants: readonly TParticipant[];
  className?: string;
}

/** Name, e-mail and response mark per participant; the legend above SPEC §9's five. */
export function ParticipantList({ participants, className }: ParticipantListProps) {
  if (participants.length === 0) {
    return (
      <p className={cn('text-sm text-zinc-500 dark:text-zinc-400', className)}>
        {NOTETAKER_COPY.noParticipants}
      </p>
    );
  }
  return (
    <div className={className}>
      <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
        {participants.map((participant) => {
          const mark = RESPONSE_MARKS[participant.response_status];
          return (
            <li key={participant.email} className="flex items-center gap-3 py-1.5">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-sm text-zinc-900 dark:text-zinc-100">
                  {participantName(participant)}
                </p>
                <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{participant.email}</p>
              </div>
              <span
                role="img"
                aria-label={mark.label}
                title={mark.label}
                className={cn('w-4 shrink-0 text-center font-semibold text-sm', MARK_COLOURS[mark.label])}
              >
                {mark.symbol}
              </span>
            </li>
          );
        })}
      </ul>
      {participants.length > PARTICIPANT_LEGEND_THRESHOLD ? (
        <p className="mt-2 border-zinc-100 border-t pt-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          {PARTICIPANT_LEGEND}
        </p>
      ) : null}
    </div>
  );
}
