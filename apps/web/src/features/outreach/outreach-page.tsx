import { ComingSoon } from '../../components/ui/coming-soon';

export function OutreachPage() {
  return <ComingSoon title="Outreach" description="Outreach recommendations will appear here." />;
}
