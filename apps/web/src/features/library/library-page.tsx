import { ComingSoon } from '../../components/ui/coming-soon';

export function LibraryPage() {
  return <ComingSoon title="Library" />;
}
