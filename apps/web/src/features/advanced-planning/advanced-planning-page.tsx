import { ComingSoon } from '../../components/ui/coming-soon';

export function AdvancedPlanningPage() {
  return <ComingSoon title="Advanced planning" />;
}
