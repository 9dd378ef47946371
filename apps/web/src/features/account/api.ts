// Typed calls of the account settings (SPEC §7 User and auth).
import { type TAutoDeleteChatsRequest, USER_PATHS } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export function updateAutoDeleteChats(autoDeleteChats: boolean) {
  return apiRequest<TAutoDeleteChatsRequest>(USER_PATHS.autoDeleteChats, {
    method: 'PUT',
    body: { auto_delete_chats: autoDeleteChats } satisfies TAutoDeleteChatsRequest,
  });
}
