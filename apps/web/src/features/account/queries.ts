// The account's own settings. The user object in the auth store is the one copy the app reads.
import { AUTO_DELETE_CHATS_DEFAULT, ERR, TOAST } from '@knap/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { patchUser, useAuthStore, useCurrentUser } from '../auth/store';
import { updateAutoDeleteChats } from './api';

/**
 * 'Auto-delete old chats' (SPEC §8): the switch moves at once; a failure puts it back and says so.
 * One change at a time, so an answer can never land out of order.
 */
export function useAutoDeleteChats() {
  const isOn = useCurrentUser()?.auto_delete_chats ?? AUTO_DELETE_CHATS_DEFAULT;
  const mutation = useMutation({
    mutationFn: updateAutoDeleteChats,
    onMutate: (next) => {
      const previous = useAuthStore.getState().user?.auto_delete_chats ?? AUTO_DELETE_CHATS_DEFAULT;
      patchUser({ auto_delete_chats: next });
      return { previous };
    },
    onSuccess: ({ auto_delete_chats }) => {
      patchUser({ auto_delete_chats });
      toast.success(auto_delete_chats ? TOAST.autoDeleteOn : TOAST.autoDeleteOff);
    },
    onError: (error, _next, context) => {
      if (context) patchUser({ auto_delete_chats: context.previous });
      toast.error(ERR.updateAutoDelete, { description: error.message });
    },
  });
  return { isOn, isPending: mutation.isPending, setOn: (next: boolean) => mutation.mutate(next) };
}
