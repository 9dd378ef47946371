import { ERR, SIDEBAR_REFRESH_MS } from '@knap/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { getUnreadCount } from './api';

export const chatKeys = {
  all: ['chats'] as const,
  unreadCount: () => [...chatKeys.all, 'unread-count'] as const,
};

/** Unread chats for the sidebar badge, refreshed with the sidebar. SPEC §8: sidebar chat calls only
 * log their failures, so a failed count reads as zero (no badge). */
export function useUnreadCount() {
  return useQuery({
    queryKey: chatKeys.unreadCount(),
    refetchInterval: SIDEBAR_REFRESH_MS,
    queryFn: async () => {
      try {
        return await getUnreadCount();
      } catch (error) {
        const statusText = error instanceof ApiError ? error.statusText : String(error);
        console.error(ERR.chatCall('get unread count', statusText));
        return 0;
      }
    },
  });
}
