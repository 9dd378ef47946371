import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { showSidebarPanel } from '../../app/shell/sidebar-store';

export const CALENDAR_PERMISSIONS_PATH = '/calendar-permissions';

/**
 * The main menu's Notetaker (SPEC §2): switches the sidebar to the meetings panel, or, when neither
 * a Google nor a Microsoft calendar is connected and the app is not in full-screen mode, routes to
 * /calendar-permissions. The app has no full-screen mode (no screen or run mode maximises it; widget
 * and normal app alike show the sidebar beside the content), so it is never in one and the rule
 * reads: no connected calendar → /calendar-permissions. `onRouted` runs after that route change
 * (the mobile overlay closes then).
 */
export function useOpenNotetaker(onRouted?: () => void): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    let hasCalendar: boolean;
    try {
      // Loaded on the first click: the connections code is not needed to show the menu.
      const { hasConnectedCalendar } = await import('./calendars');
      hasCalendar = await hasConnectedCalendar(queryClient);
    } catch (error) {
      // Not knowing is no reason to send the user away: the panel shows what it can load.
      console.error(error instanceof Error ? error.message : error);
      hasCalendar = true;
    }
    if (hasCalendar) {
      showSidebarPanel('meetings');
    } else {
      navigate(CALENDAR_PERMISSIONS_PATH);
      onRouted?.();
    }
  }, [queryClient, navigate, onRouted]);
}
