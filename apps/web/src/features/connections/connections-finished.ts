// The app window's reaction to the connect popup's connections-finished message (SPEC §4 Meeting
// overlay, §5 allowed origins).
import { isCalendarIntegration } from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { requestSidebarOverlay, showSidebarPanel } from '../../app/shell/sidebar-store';
import { type ConnectionsFinishedMessage, readConnectionsFinished } from '../../lib/window-messages';
import { COPY, integrationName } from './copy';
import { connectionKeys } from './queries';

/** Tells the user how a connect flow ended. */
export function announceConnectionResult({
  scope,
  status,
  message,
}: Pick<ConnectionsFinishedMessage, 'scope' | 'status' | 'message'>) {
  const name = integrationName(scope);
  if (status === 'connected') toast.success(COPY.connected(name));
  else toast.error(COPY.connectFailed(name), message ? { description: message } : undefined);
}

export interface ConnectionsFinishedEffects {
  navigate: (path: string) => void;
  refetchConnections: () => void;
}

/**
 * A connected calendar switches to the chat route with the sidebar's meetings overlay, where the
 * notetaker now has meetings to show; anything else closes the (mobile) overlay. Connections are
 * refetched either way.
 */
export function reactToConnectionsFinished(
  message: ConnectionsFinishedMessage,
  effects: ConnectionsFinishedEffects,
) {
  effects.refetchConnections();
  announceConnectionResult(message);
  if (message.status === 'connected' && isCalendarIntegration(message.scope)) {
    effects.navigate('/chat');
    showSidebarPanel('meetings');
    requestSidebarOverlay(true);
  } else {
    requestSidebarOverlay(false);
  }
}

/** Listens for connections-finished messages from allowed origins while mounted. */
export function useConnectionsFinishedListener(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readConnectionsFinished(event);
      if (!message) return;
      reactToConnectionsFinished(message, {
        navigate: (path) => navigate(path),
        refetchConnections: () => void queryClient.invalidateQueries({ queryKey: connectionKeys.all() }),
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, queryClient]);
}
