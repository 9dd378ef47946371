// The onboarding state as the server answers it, built from each step's status.
import {
  ONBOARDING_STEPS,
  type OnboardingStepId,
  type TOnboarding,
  type TOnboardingStep,
} from '@knap/contracts';

export function makeOnboarding(
  statuses: Partial<Record<OnboardingStepId, TOnboardingStep['status']>> = {},
  overrides: Partial<TOnboarding> = {},
): TOnboarding {
  const steps = ONBOARDING_STEPS.map((id): TOnboardingStep => {
    const status = statuses[id] ?? 'todo';
    return {
      id,
      status,
      done: status === 'done',
      skipped: status === 'skipped',
      detail: status === 'done' && id === 'calendar' ? 'Google Calendar' : null,
    };
  });
  const completed = steps.every((s) => s.status !== 'todo');
  return {
    steps,
    done_count: steps.filter((s) => s.done).length,
    total: steps.length,
    completed,
    completed_at: completed ? '2026-11-20T10:00:00.000Z' : null,
    dismissed_at: null,
    show_banner: !completed,
    ...overrides,
  };
}
