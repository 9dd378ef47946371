// The onboarding guide's calls: its state, skips and the dismissal, the profile (saved through the
// users endpoints, then confirmed here) and turning the notetaker on (the meeting bot's toggle).
import {
  ONBOARDING_PATHS,
  type TOnboarding,
  type TOnboardingUpdate,
  type TUser,
  USER_PATHS,
} from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { updateTimezone } from '../auth/api';
import { patchUser } from '../auth/store';
import { toggleBot } from '../notetaker/api';
import { meetingKeys } from '../notetaker/queries';

export const onboardingKeys = {
  state: ['onboarding'] as const,
};

/**
 * Steps are done by what happens elsewhere (a chat, a connection made in a popup), so the state is
 * read again whenever a screen showing it mounts or the window gets focus back.
 */
export const useOnboarding = () =>
  useQuery({
    queryKey: onboardingKeys.state,
    queryFn: () => apiRequest<TOnboarding>(ONBOARDING_PATHS.state),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

const putOnboarding = (body: TOnboardingUpdate) =>
  apiRequest<TOnboarding>(ONBOARDING_PATHS.state, { method: 'PUT', body });

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putOnboarding,
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** Hides the chat screen's reminder at once; it comes back if the server refuses. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => putOnboarding({ dismissed: true }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: onboardingKeys.state });
      const before = queryClient.getQueryData<TOnboarding>(onboardingKeys.state);
      if (before) queryClient.setQueryData(onboardingKeys.state, { ...before, show_banner: false });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(onboardingKeys.state, context.before);
    },
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

export interface ProfileInput {
  name: string;
  timezone: string;
}

/** Saves what changed through the users endpoints, then confirms the profile step. */
export function useSaveProfile(user: Pick<TUser, 'name' | 'timezone'> | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, timezone }: ProfileInput) => {
      if (name !== user?.name) {
        await apiRequest<{ name: string }>(USER_PATHS.name, { method: 'PUT', body: { name } });
        patchUser({ name });
      }
      if (timezone !== user?.timezone) {
        const saved = await updateTimezone(timezone);
        patchUser({ timezone: saved.timezone });
      }
      return putOnboarding({ profile_confirmed: true });
    },
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

export function useTurnOnNotetaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleBot(true),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.state }),
        queryClient.invalidateQueries({ queryKey: meetingKeys.botStatus() }),
      ]),
  });
}
