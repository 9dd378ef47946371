import { SIGNIN_PATH } from '@knap/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { completeProviderSignIn } from '../provider-signin';
import { setUnauthenticated } from '../store';

/** Return point of an identity-provider sign-in (see provider-signin.ts). */
export function AuthCallbackPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    completeProviderSignIn(fragment).then(
      (returnTo) => navigate(returnTo, { replace: true }),
      (reason: unknown) => {
        setUnauthenticated();
        setError(reason instanceof Error ? reason.message : String(reason));
        navigate({ hash: '' }, { replace: true });
      },
    );
  }, [hash, navigate]);

  return (
    <StatusPanel>
      {error ? (
        <>
          <p role="alert" className="text-red-700 text-sm dark:text-red-300">
            {error}
          </p>
          <Link to={SIGNIN_PATH} className={buttonClasses('primary')}>
            Back to sign in
          </Link>
        </>
      ) : (
        <Spinner label="Signing you in..." showLabel />
      )}
    </StatusPanel>
  );
}
