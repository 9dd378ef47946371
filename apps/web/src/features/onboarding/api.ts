// The onboarding guide's calls: its state, and changing it (a skip, the dismissal, the profile
// confirmed).
import { ONBOARDING_PATHS, type TOnboarding, type TOnboardingUpdate } from '@knap/contracts';
import { apiRequest, lazySchema, unchecked } from '../../lib/api-client';

// Asked on the first load (the new-chat screen's reminder), which carries no zod.
export const getOnboarding = () => apiRequest(ONBOARDING_PATHS.state, unchecked<TOnboarding>());

export const updateOnboarding = (body: TOnboardingUpdate) =>
  apiRequest(ONBOARDING_PATHS.state, lazySchema('ZOnboarding'), { method: 'PUT', body });
