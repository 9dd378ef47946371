import { ComingSoon } from '../../components/ui/coming-soon';

export function OnboardingPage() {
  return <ComingSoon title="Onboarding" />;
}
