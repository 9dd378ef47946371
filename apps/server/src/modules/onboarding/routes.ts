import { ONBOARDING_PATHS, ZOnboarding, ZOnboardingUpdate } from '@knap/contracts';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as onboarding from './service.js';

/** The first-run guide: the caller's own progress only. */
export async function onboardingRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(ONBOARDING_PATHS.state, { schema: { response: { 200: ZOnboarding } } }, (req) =>
    onboarding.getOnboarding(deps, authOf(req).user),
  );
  app.put(
    ONBOARDING_PATHS.state,
    { schema: { body: ZOnboardingUpdate, response: { 200: ZOnboarding } } },
    (req) => onboarding.updateOnboarding(deps, authOf(req).user, req.body),
  );
}
