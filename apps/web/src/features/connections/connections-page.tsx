import { ComingSoon } from '../../components/ui/coming-soon';

export function ConnectionsPage() {
  return (
    <ComingSoon
      title="Connections"
      description="Connect your CRM, email, calendar and drive, or add custom tool URLs."
    />
  );
}
