import { SIGNIN_PATH } from '@knap/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { hardNavigate } from '../../../lib/navigation';
import { isExternalPopup } from '../../../lib/run-mode';
import { AUTH_COMPLETE, notifyOpenerAndClose } from '../../../lib/window-messages';
import { createOneShotCode, providerStartUrl } from '../api';
import { CHALLENGE_PARAM } from '../one-shot-verifier';
import { isLoginProvider } from '../provider-signin';
import { GHOST_PATH, openerIsFramed } from '../sign-in-popup';
import { useAuthStatus } from '../store';

/**
 * Entry page of a sign-in popup (widget, or a host page that cannot show our sign-in). Signed-in:
 * tell the opener and close. Otherwise sign in, with ?provider= directly at that provider, and
 * come back here; the opener then refreshes from the shared cookie.
 */
export function AuthGhostPage() {
  const status = useAuthStatus();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const provider = searchParams.get('provider');
  const challenge = searchParams.get(CHALLENGE_PARAM);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (status === 'authenticated') {
      done.current = true;
      void (async () => {
        // A widget's cookies may live in another partition than this popup's: hand it a one-shot
        // code to trade for a session of its own, minted for the challenge it sent along (only
        // it holds the verifier). An unframed opener shares our cookie.
        const code =
          challenge && (openerIsFramed() || isExternalPopup())
            ? await createOneShotCode(challenge).then(
                (r) => r.code,
                () => undefined,
              )
            : undefined;
        // Opened as a normal tab there is no one to tell, so just continue into the app.
        if (!notifyOpenerAndClose({ type: AUTH_COMPLETE, ...(code ? { one_shot_code: code } : {}) }))
          navigate('/chat', { replace: true });
      })();
    }
    if (status === 'unauthenticated' && isLoginProvider(provider)) {
      done.current = true;
      // Back here after the provider, with the challenge still in the address.
      hardNavigate(providerStartUrl(provider, `${GHOST_PATH}${window.location.search}`));
    }
  }, [status, provider, challenge, navigate]);

  if (status === 'unauthenticated' && !isLoginProvider(provider)) {
    return (
      <Navigate
        to={`${SIGNIN_PATH}?redirect=${encodeURIComponent(`${GHOST_PATH}${window.location.search}`)}`}
        replace
      />
    );
  }
  return (
    <StatusPanel>
      <Spinner label="Completing sign-in..." showLabel />
    </StatusPanel>
  );
}
