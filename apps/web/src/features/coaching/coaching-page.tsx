import { ComingSoon } from '../../components/ui/coming-soon';

export function CoachingPage() {
  return <ComingSoon title="Coaching" description="Advisor meeting coaching will appear here." />;
}
