import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';

export function ClientReviewDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Client review">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Review {id}</p>
    </ComingSoon>
  );
}
