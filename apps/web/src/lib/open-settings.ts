// How a screen opens Settings (the Account dialog, SPEC §2): the shell owns the dialog and hands
// `openSettings` to the screen it shows as its outlet context, so no screen imports the dialog.
import { useOutletContext } from 'react-router';

/** The Account dialog's tabs. */
export type SettingsTab = 'account' | 'subscription';

export interface SettingsOutletContext {
  openSettings: (tab?: SettingsTab) => void;
}

/** Opens Settings; undefined where no shell is around (e.g. a screen rendered on its own). */
export function useOpenSettings(): SettingsOutletContext['openSettings'] | undefined {
  return useOutletContext<SettingsOutletContext | undefined>()?.openSettings;
}
