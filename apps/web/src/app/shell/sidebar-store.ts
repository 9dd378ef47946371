// Which panel the sidebar shows: the main menu, or a feature's panel opened from it (SPEC §2).
// Kept outside the sidebar because the mobile overlay mounts a fresh sidebar each time it opens.
import { create } from 'zustand';

export type SidebarPanel = 'menu' | 'chat' | 'meetings';

/** A request from outside the shell to open or close the mobile overlay (SPEC §4 Meeting overlay). */
export interface SidebarOverlayRequest {
  isOpen: boolean;
}

interface SidebarState {
  panel: SidebarPanel;
  /** A new object per request, so asking twice in a row still reaches the shell. */
  overlayRequest: SidebarOverlayRequest | null;
}

export const useSidebarStore = create<SidebarState>()(() => ({ panel: 'menu', overlayRequest: null }));

export function showSidebarPanel(panel: SidebarPanel): void {
  useSidebarStore.setState({ panel });
}

/** Asks the shell to open or close the mobile overlay; the desktop sidebar is always shown. */
export function requestSidebarOverlay(isOpen: boolean): void {
  useSidebarStore.setState({ overlayRequest: { isOpen } });
}

export const useSidebarPanel = () => useSidebarStore((state) => state.panel);
