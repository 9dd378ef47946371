import { ComingSoon } from '../../components/ui/coming-soon';

export function FinancialPlanPage() {
  return <ComingSoon title="Financial plan" />;
}
