import type { TMeeting } from '@knap/contracts';
import { useId } from 'react';
import { GROUP_TITLES, type MeetingGroupId } from '../meeting-groups';
import { MeetingRow, type MeetingRowProps } from './meeting-row';

export interface MeetingGroupProps extends Omit<MeetingRowProps, 'meeting' | 'group'> {
  group: MeetingGroupId;
  meetings: readonly TMeeting[];
}

/** One of 'Tomorrow', 'Today', 'Past Meetings' with its meetings; nothing when it has none. */
export function MeetingGroup({ group, meetings, ...rowProps }: MeetingGroupProps) {
  const headingId = useId();
  if (meetings.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3
        id={headingId}
        className="px-3 font-semibold text-[11px] text-zinc-500 uppercase tracking-wide dark:text-zinc-400"
      >
        {GROUP_TITLES[group]}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
        {meetings.map((meeting) => (
          <MeetingRow key={meeting.meeting_id} meeting={meeting} group={group} {...rowProps} />
        ))}
      </ul>
    </section>
  );
}
