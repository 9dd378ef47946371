import { SIGNIN_PATH } from '@knap/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { useAuthStatus } from '../store';

/** Gate for login-required routes: anonymous visitors go to sign-in and come back afterwards. */
export function RequireAuth() {
  const status = useAuthStatus();
  const location = useLocation();

  if (status === 'checking') return <DelayedSpinner fullScreen label="Checking your session" />;
  if (status === 'unauthenticated') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`${SIGNIN_PATH}?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <Outlet />;
}
