import { useEffect, useRef, useState } from 'react';
import { ConnectionsDropdown } from './components/connections-dropdown';
import { useConnectionsFinishedListener } from './connections-finished';
import { setOpenConnectionsHandler, watchOpenConnectionsEvent } from './events';

/**
 * The app-wide part of connections, mounted once for a signed-in user: reacts to the connect
 * popup's connections-finished message, and opens the connections dropdown on the custom browser
 * event of SPEC §2 (a widget host page has no button of ours to click).
 */
export function ConnectionsBridge() {
  useConnectionsFinishedListener();
  const [isOpen, setIsOpen] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    watchOpenConnectionsEvent();
    setOpenConnectionsHandler(() => {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setIsOpen(true);
    });
    return () => setOpenConnectionsHandler(null);
  }, []);

  const onOpenChange = (next: boolean) => {
    setIsOpen(next);
    // The anchor below cannot take focus; give it back to wherever it was when the event came.
    if (!next) requestAnimationFrame(() => returnFocusTo.current?.focus());
  };

  return (
    <ConnectionsDropdown isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* Where the menu hangs from: the top-right corner, clear of the content. */}
      <span aria-hidden="true" className="pointer-events-none fixed top-3 right-3 size-px" />
    </ConnectionsDropdown>
  );
}
