import { SIGNIN_PATH } from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isWidgetMode } from '../../lib/run-mode';
import { getAuthProviders } from './api';
import { endSession } from './session';

export const authKeys = {
  providers: () => ['auth', 'providers'] as const,
};

/** Which sign-in buttons to offer; if the call fails we simply offer email and password. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers(),
    queryFn: () => getAuthProviders().catch(() => ({ password: true, google: false, microsoft: false })),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => {
      queryClient.clear();
      // Inside a host page's iframe the host decides what comes next; a sign-in page there is useless.
      if (!isWidgetMode()) navigate(SIGNIN_PATH, { replace: true });
    },
  });
}
