import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebarStore } from '../../app/shell/sidebar-store';
import { CONNECTIONS_FINISHED } from '../../lib/window-messages';
import { reactToConnectionsFinished } from './connections-finished';

function effects() {
  return { navigate: vi.fn(), refetchConnections: vi.fn() };
}

describe('reactToConnectionsFinished', () => {
  beforeEach(() => useSidebarStore.setState({ panel: 'menu', overlayRequest: null }));

  it('a connected calendar opens the meetings panel on /chat', () => {
    const fx = effects();
    reactToConnectionsFinished(
      { type: CONNECTIONS_FINISHED, scope: 'microsoft_calendar_read', status: 'connected', message: '' },
      fx,
    );
    expect(fx.refetchConnections).toHaveBeenCalledOnce();
    expect(fx.navigate).toHaveBeenCalledWith('/chat');
    expect(useSidebarStore.getState().panel).toBe('meetings');
  });

  it('another service, or a failed calendar, leaves the route and the panel alone', () => {
    for (const message of [
      { scope: 'google_drive', status: 'connected' as const },
      { scope: 'google_calendar_read', status: 'error' as const },
    ]) {
      const fx = effects();
      reactToConnectionsFinished({ type: CONNECTIONS_FINISHED, message: '', ...message }, fx);
      expect(fx.refetchConnections).toHaveBeenCalledOnce();
      expect(fx.navigate).not.toHaveBeenCalled();
    }
    expect(useSidebarStore.getState().panel).toBe('menu');
  });
});
