// Typed calls of the account settings (SPEC §7 User and auth).
import { type TAutoDeleteChatsRequest, USER_PATHS, ZAutoDeleteChatsRequest } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

/** The answer is the setting as saved (the request's shape). */
export function updateAutoDeleteChats(autoDeleteChats: boolean) {
  return apiRequest(USER_PATHS.autoDeleteChats, ZAutoDeleteChatsRequest, {
    method: 'PUT',
    body: { auto_delete_chats: autoDeleteChats } satisfies TAutoDeleteChatsRequest,
  });
}
