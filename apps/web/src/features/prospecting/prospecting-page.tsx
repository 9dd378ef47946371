import { ComingSoon } from '../../components/ui/coming-soon';

export function ProspectingPage() {
  return <ComingSoon title="Prospecting" />;
}
