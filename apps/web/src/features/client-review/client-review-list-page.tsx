import { ComingSoon } from '../../components/ui/coming-soon';

export function ClientReviewListPage() {
  return <ComingSoon title="Client review" />;
}
