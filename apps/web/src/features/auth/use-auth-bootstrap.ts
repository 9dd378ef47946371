// Runs the start-up auth check once per page load, from the root route so it sees the location.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AUTH_COMPLETE, type AuthCompleteMessage, isAppMessage } from '../../lib/window-messages';
import { handlePopupAuth } from './popup-auth';
import { initSession, signInWithOneShotCode, watchSession } from './session';

/** SPEC §2: no automatic auth check on any route containing 'sevanta'. The provider callback page
 * builds its own session from the provider's token, so a parallel refresh there is wasted. */
export function skipsAuthCheck(pathname: string): boolean {
  return pathname.includes('sevanta') || pathname === '/auth/callback';
}

export function useAuthBootstrap(): void {
  const { pathname } = useLocation();
  const skip = skipsAuthCheck(pathname);
  const started = useRef(false);

  useEffect(() => watchSession(), []);

  useEffect(() => {
    if (skip || started.current) return;
    started.current = true;
    void (async () => {
      // If a finished popup cannot close itself (not opened by script), it still gets a session.
      await handlePopupAuth();
      await initSession();
    })();
  }, [skip]);

  // A sign-in popup we opened finished: it shares our refresh cookie, so a refresh picks it up.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isAppMessage(event, AUTH_COMPLETE)) return;
      const code = (event.data as AuthCompleteMessage).one_shot_code;
      if (typeof code === 'string') void signInWithOneShotCode(code);
      else void initSession({ forceRefresh: true });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
