import { ComingSoon } from '../../components/ui/coming-soon';

export function ClientReviewNewPage() {
  return <ComingSoon title="New client review" />;
}
