import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { CONNECTIONS_FINISHED, notifyOpenerAndClose } from '../../lib/window-messages';
import { AuthStatusPanel } from '../auth/components/auth-status-panel';

/** Return page of a connect-a-service popup: hands the granted scope to the app window and closes. */
export function ConnectionsGhostPage() {
  const [searchParams] = useSearchParams();
  const scope = searchParams.get('scope') ?? '';
  const [hasOpener, setHasOpener] = useState(true);
  const notified = useRef(false);

  useEffect(() => {
    if (notified.current) return;
    notified.current = true;
    setHasOpener(notifyOpenerAndClose({ type: CONNECTIONS_FINISHED, scope }));
  }, [scope]);

  return (
    <AuthStatusPanel>
      {hasOpener ? (
        <Spinner label="Finishing connection..." showLabel />
      ) : (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Your connection is set up.</p>
          <Link to="/connections" className={buttonClasses('primary')}>
            Go to connections
          </Link>
        </>
      )}
    </AuthStatusPanel>
  );
}
