import { ComingSoon } from '../../components/ui/coming-soon';

export function FirstImpressionsPage() {
  return <ComingSoon title="First impressions" />;
}
