// What both outreach card screens show of a card: the channel's name and the reasons to reach out.
import { OUTREACH_CHANNELS, type OutreachReason, type TOutreachCard } from '@knap/contracts';
import { Cake, CalendarClock, HeartHandshake, type LucideIcon, PiggyBank } from 'lucide-react';

export const CHANNEL_LABELS: Record<TOutreachCard['channel'], string> = {
  email: 'Email',
  call: 'Call',
  meeting: 'Meeting',
};
export const CHANNEL_OPTIONS = OUTREACH_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));

const REASON_ICONS: Record<OutreachReason, LucideIcon> = {
  no_contact: CalendarClock,
  birthday: Cake,
  rmd: PiggyBank,
  life_event: HeartHandshake,
};

export function ReasonList({ reasons }: { reasons: TOutreachCard['reasons'] }) {
  return (
    <ul aria-label="Reasons to reach out" className="flex flex-col gap-1.5">
      {reasons.map((reason) => {
        const Icon = REASON_ICONS[reason.kind];
        return (
          <li
            key={`${reason.kind}:${reason.text}`}
            className="flex gap-2 text-sm text-zinc-700 dark:text-zinc-300"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
            {reason.text}
          </li>
        );
      })}
    </ul>
  );
}
