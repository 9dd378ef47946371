import { ComingSoon } from '../../components/ui/coming-soon';

export function RequestKnapPage() {
  return <ComingSoon title="Request a knap" />;
}
