import { ComingSoon } from '../../components/ui/coming-soon';

export function CalendarPermissionsPage() {
  return (
    <ComingSoon
      title="Calendar permissions"
      description="Connect a Google or Microsoft calendar so the notetaker can join your meetings."
    />
  );
}
