import { UNREAD_BADGE_CAP } from '@knap/contracts';

export function formatUnreadCount(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

export interface UnreadBadgeProps {
  count: number;
}

/** Red pill with the unread count; nothing at all when there is nothing unread. */
export function UnreadBadge({ count }: UnreadBadgeProps) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 font-semibold text-[11px] text-white tabular-nums">
      {formatUnreadCount(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
