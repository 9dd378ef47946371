import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { refreshStartupCrmToken } from './api';
import { useConnectionsFinishedListener } from './connections-finished';
import { REFRESH_STARTUP_CRM_EVENT, setOpenConnectionsHandler, watchOpenConnectionsEvent } from './events';
import { connectionKeys } from './queries';

// The menu (and its Radix parts) loads when the event first asks for it, not with every page.
const ConnectionsDropdown = lazy(async () => ({
  default: (await import('./components/connections-dropdown')).ConnectionsDropdown,
}));

/**
 * The app-wide part of connections, mounted once for a signed-in user: reacts to the connect
 * popup's connections-finished message, opens the connections dropdown on the custom browser
 * event of SPEC §2 (a widget host page has no button of ours to click), and refreshes the startup
 * CRM's token on the other.
 */
export function ConnectionsBridge() {
  useConnectionsFinishedListener();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);

  useEffect(() => {
    const refresh = () =>
      refreshStartupCrmToken()
        .catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
        .finally(() => queryClient.invalidateQueries({ queryKey: connectionKeys.all() }));
    window.addEventListener(REFRESH_STARTUP_CRM_EVENT, refresh);
    return () => window.removeEventListener(REFRESH_STARTUP_CRM_EVENT, refresh);
  }, [queryClient]);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    watchOpenConnectionsEvent();
    setOpenConnectionsHandler(() => {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setWasOpened(true);
      setIsOpen(true);
    });
    return () => setOpenConnectionsHandler(null);
  }, []);

  const onOpenChange = (next: boolean) => {
    setIsOpen(next);
    // The anchor below cannot take focus; give it back to wherever it was when the event came.
    if (!next) requestAnimationFrame(() => returnFocusTo.current?.focus());
  };

  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionsDropdown isOpen={isOpen} onOpenChange={onOpenChange}>
        {/* Where the menu hangs from: the top-right corner, clear of the content. */}
        <span aria-hidden="true" className="pointer-events-none fixed top-3 right-3 size-px" />
      </ConnectionsDropdown>
    </Suspense>
  );
}
