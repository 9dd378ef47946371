import { CONNECTION_FAILURES, type ConnectionFailure } from '@knap/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { StatusPanel } from '../../components/ui/status-panel';
import {
  CONNECTIONS_FINISHED,
  type ConnectionsFinishedMessage,
  notifyOpenerAndClose,
} from '../../lib/window-messages';
import { announceConnectionResult } from './connections-finished';

/**
 * What the server's callback put in the address: `?scope={type}&mode=…&status=…&reason=…`. The
 * reason is a code this page words itself: nobody can write a message into the address for it.
 */
export function readGhostResult(searchParams: URLSearchParams): ConnectionsFinishedMessage {
  const failed = searchParams.get('status') === 'error';
  const reason = searchParams.get('reason') as ConnectionFailure | null;
  return {
    type: CONNECTIONS_FINISHED,
    scope: searchParams.get('scope') ?? '',
    status: failed ? 'error' : 'connected',
    message: failed ? (CONNECTION_FAILURES[reason ?? 'refused'] ?? CONNECTION_FAILURES.refused) : '',
  };
}

/**
 * Last page of a connect popup: tells the app window (its opener, on our own origin only) how the
 * flow ended and closes. Without an opener (popup blocked, so the flow ran in the app's own
 * window) it shows the result as a toast and goes to /connections.
 */
export function ConnectionsGhostPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const result = readGhostResult(searchParams);
    if (notifyOpenerAndClose(result)) return;
    announceConnectionResult(result);
    navigate('/connections', { replace: true });
  }, [searchParams, navigate]);

  return (
    <StatusPanel>
      <Spinner label="Finishing connection..." showLabel />
    </StatusPanel>
  );
}
