import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ComingSoon } from '../../components/ui/coming-soon';

/** Entry point for the startup deal-flow CRM; it runs without the automatic auth check (SPEC §2). */
export function SevantaPage() {
  return (
    <main className="flex min-h-dvh">
      <ComingSoon title="Sevanta" description="Sign in with your deal-flow CRM here.">
        <Link to="/chat" className={buttonClasses('secondary')}>
          Go to chat
        </Link>
      </ComingSoon>
    </main>
  );
}
