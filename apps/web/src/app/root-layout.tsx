import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { DelayedSpinner } from '../components/ui/delayed-spinner';
import { useAuthStatus } from '../features/auth/store';
import { useAuthBootstrap } from '../features/auth/use-auth-bootstrap';
import { watchOpenConnectionsEvent } from '../features/connections/events';
import { useWidgetBridge } from '../features/widget/use-widget-bridge';
import { ConnectionBanner } from './connection/connection-banner';

// App-wide connection signals (popup result, open-dropdown event); loaded once someone is signed in.
const ConnectionsBridge = lazy(async () => ({
  default: (await import('../features/connections/connections-bridge')).ConnectionsBridge,
}));

/** Top of the route tree: starts the auth check and suspends while a lazy screen loads. */
export function RootLayout() {
  useAuthBootstrap();
  useWidgetBridge();
  // From the first render: a host page may ask for the dropdown before its code has loaded.
  useEffect(watchOpenConnectionsEvent, []);
  const isSignedIn = useAuthStatus() === 'authenticated';
  return (
    <>
      <ConnectionBanner />
      <Suspense fallback={<DelayedSpinner fullScreen />}>
        <Outlet />
      </Suspense>
      {isSignedIn ? (
        <Suspense fallback={null}>
          <ConnectionsBridge />
        </Suspense>
      ) : null}
    </>
  );
}
