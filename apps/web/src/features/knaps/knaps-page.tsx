import { ComingSoon } from '../../components/ui/coming-soon';

export function KnapsPage() {
  return <ComingSoon title="Knaps" description="Browse and run your saved workflows and automations here." />;
}
