import { ComingSoon } from '../../components/ui/coming-soon';

export function NewsletterGeneratorPage() {
  return <ComingSoon title="Newsletter generator" />;
}
