import { CHAT_PATHS } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export async function getUnreadCount(): Promise<number> {
  const data = await apiRequest<{ unread_count: number }>(CHAT_PATHS.unreadCount);
  return data.unread_count;
}
