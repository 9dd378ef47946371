// How a screen opens Settings (the Account dialog, SPEC §2): the shell hands it to the screen it
// shows as its outlet context.
import { useOutletContext } from 'react-router';
import type { AccountDialogTab } from './components/account-dialog';

export interface SettingsOutletContext {
  openSettings: (tab?: AccountDialogTab) => void;
}

/** Opens Settings; undefined where no shell is around (e.g. a screen rendered on its own). */
export function useOpenSettings(): SettingsOutletContext['openSettings'] | undefined {
  return useOutletContext<SettingsOutletContext | undefined>()?.openSettings;
}
