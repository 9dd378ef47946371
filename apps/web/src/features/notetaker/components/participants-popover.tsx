import type { TParticipant } from '@knap/contracts';
import { Users } from 'lucide-react';
import { Popover } from 'radix-ui';
import { LAYER } from '../../../components/ui/layers';
import { cn } from '../../../lib/cn';
import { NOTETAKER_COPY } from '../copy';
import { participantCount } from '../participants';
import { ParticipantList } from './participant-list';

export interface ParticipantsPopoverProps {
  participants: readonly TParticipant[];
}

/** '{n} participant(s)', opening the list of who was invited and how they answered. */
export function ParticipantsPopover({ participants }: ParticipantsPopoverProps) {
  return (
    <Popover.Root>
      <Popover.Trigger
        className={cn(
          LAYER.raised,
          'relative inline-flex items-center gap-1 rounded text-xs text-zinc-500 underline-offset-2 hover:text-zinc-800 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100',
        )}
      >
        <Users aria-hidden="true" className="size-3" />
        {participantCount(participants.length)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={NOTETAKER_COPY.participantsTitle}
          className={cn(
            LAYER.menu,
            'max-h-[min(24rem,var(--radix-popover-content-available-height))] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900',
          )}
        >
          <h3 className="mb-1 font-semibold text-sm text-zinc-900 dark:text-zinc-50">
            {NOTETAKER_COPY.participantsTitle}
          </h3>
          <ParticipantList participants={participants} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
