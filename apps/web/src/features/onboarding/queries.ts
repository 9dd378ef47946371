// The onboarding guide's query key and hooks: its state, skips and the dismissal, the profile (saved
// through the users endpoints, then confirmed here) and turning the notetaker on (the meeting bot's
// toggle).
import type { TOnboarding, TOnboardingUpdate, TUser } from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateName, updateTimezone } from '../auth/api';
import { patchUser } from '../auth/store';
import { toggleBot } from '../notetaker/api';
import { meetingKeys } from '../notetaker/queries';
import { getOnboarding, updateOnboarding } from './api';

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
    queryFn: getOnboarding,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOnboardingUpdate) => updateOnboarding(body),
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** Hides the chat screen's reminder at once; it comes back if the server refuses. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateOnboarding({ dismissed: true }),
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
        await updateName(name);
        patchUser({ name });
      }
      if (timezone !== user?.timezone) {
        const saved = await updateTimezone(timezone);
        patchUser({ timezone: saved.timezone });
      }
      return updateOnboarding({ profile_confirmed: true });
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
