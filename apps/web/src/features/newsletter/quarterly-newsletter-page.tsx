import { ComingSoon } from '../../components/ui/coming-soon';

export function QuarterlyNewsletterPage() {
  return <ComingSoon title="Quarterly newsletter" />;
}
