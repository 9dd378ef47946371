import { useEffect, useRef } from 'react';
import { useSidebarStore } from './sidebar-store';

/**
 * Lets features open or close the shell's mobile overlay (requestSidebarOverlay), e.g. the
 * connections-finished reaction of SPEC §4. The shell owns the overlay state and passes its setter.
 */
export function useSidebarOverlayRequests(onRequest: (isOpen: boolean) => void): void {
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });

  useEffect(
    () =>
      useSidebarStore.subscribe((state, previous) => {
        if (state.overlayRequest && state.overlayRequest !== previous.overlayRequest) {
          latest.current(state.overlayRequest.isOpen);
        }
      }),
    [],
  );
}
