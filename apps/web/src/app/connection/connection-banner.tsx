import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { LAYER } from '../../components/ui/layers';
import { cn } from '../../lib/cn';
import { onReconnect, probeNow, useConnectionStore, watchConnection } from '../../lib/connection';
import { CONNECTION_COPY } from './copy';

/**
 * Says, over every screen, that the server cannot be reached and that the app keeps trying; the
 * screen underneath keeps what it shows. Gone as soon as the server answers.
 */
export function ConnectionBanner() {
  useEffect(watchConnection, []);
  // What the screens show is fetched again once the server is back.
  const queryClient = useQueryClient();
  useEffect(
    () => onReconnect(() => void queryClient.invalidateQueries({ refetchType: 'active' })),
    [queryClient],
  );
  const { isReachable, isOffline } = useConnectionStore();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'pointer-events-none fixed inset-x-0 top-2 flex justify-center px-3',
        LAYER.dialog,
        isReachable && 'sr-only',
      )}
    >
      {isReachable ? null : (
        <div className="pointer-events-auto flex max-w-xl items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 text-amber-950 text-sm shadow-md dark:border-amber-500/40 dark:bg-amber-950 dark:text-amber-100">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">
            {isOffline ? CONNECTION_COPY.offline : CONNECTION_COPY.unreachable}
          </p>
          {isOffline ? null : (
            <Button size="sm" variant="secondary" onClick={probeNow}>
              {CONNECTION_COPY.retryNow}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
