import type { TMeeting } from '@knap/contracts';
import { LAYER } from '../../../components/ui/layers';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { NOTETAKER_COPY } from '../copy';
import { useMeetingPrivacy } from '../queries';

export interface MeetingBotToggleProps {
  meeting: TMeeting;
  title: string;
}

/** SPEC §2's 'Bot On' / 'Bot Off': on means the meeting is not private, so the bot may join. */
export function MeetingBotToggle({ meeting, title }: MeetingBotToggleProps) {
  const { isPrivate, isPending, toggle } = useMeetingPrivacy(meeting);
  const isOn = !isPrivate;
  return (
    <div className={cn(LAYER.raised, 'relative flex shrink-0 items-center gap-1.5')}>
      {/* The switch says on or off itself; the caption is for the eye. */}
      <span aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
        {isOn ? NOTETAKER_COPY.botOn : NOTETAKER_COPY.botOff}
      </span>
      <Switch
        checked={isOn}
        onCheckedChange={toggle}
        disabled={isPending}
        aria-label={NOTETAKER_COPY.botFor(title)}
      />
    </div>
  );
}
