// Which panel the sidebar shows: the main menu, or a feature's panel opened from it (SPEC §2).
// Kept outside the sidebar because the mobile overlay mounts a fresh sidebar each time it opens.
import { create } from 'zustand';

export type SidebarPanel = 'menu' | 'chat';

interface SidebarState {
  panel: SidebarPanel;
}

export const useSidebarStore = create<SidebarState>()(() => ({ panel: 'menu' }));

export function showSidebarPanel(panel: SidebarPanel): void {
  useSidebarStore.setState({ panel });
}

export const useSidebarPanel = () => useSidebarStore((state) => state.panel);
