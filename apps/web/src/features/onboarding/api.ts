// The onboarding guide's calls: its state, and changing it (a skip, the dismissal, the profile
// confirmed).
import { ONBOARDING_PATHS, type TOnboarding, type TOnboardingUpdate } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export const getOnboarding = () => apiRequest<TOnboarding>(ONBOARDING_PATHS.state);

export const updateOnboarding = (body: TOnboardingUpdate) =>
  apiRequest<TOnboarding>(ONBOARDING_PATHS.state, { method: 'PUT', body });
