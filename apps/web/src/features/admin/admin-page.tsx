import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ComingSoon } from '../../components/ui/coming-soon';

export function AdminPage() {
  return (
    <main className="flex min-h-dvh">
      <ComingSoon title="Admin">
        <Link to="/chat" className={buttonClasses('secondary')}>
          Back to chat
        </Link>
      </ComingSoon>
    </main>
  );
}
