import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DelayedSpinner } from '../components/ui/delayed-spinner';
import { useAuthBootstrap } from '../features/auth/use-auth-bootstrap';

/** Top of the route tree: starts the auth check and suspends while a lazy screen loads. */
export function RootLayout() {
  useAuthBootstrap();
  return (
    <Suspense fallback={<DelayedSpinner fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
