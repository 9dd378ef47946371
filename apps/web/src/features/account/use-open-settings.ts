// How a screen opens Settings (the Account dialog, SPEC §2): the shell hands it to the screen it
// shows as its outlet context.
import { useOutletContext } from 'react-router';

export interface SettingsOutletContext {
  openSettings: () => void;
}

/** Opens Settings; undefined where no shell is around (e.g. a screen rendered on its own). */
export function useOpenSettings(): (() => void) | undefined {
  return useOutletContext<SettingsOutletContext | undefined>()?.openSettings;
}
