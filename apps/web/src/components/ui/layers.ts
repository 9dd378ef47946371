// The one stacking order of everything that floats, lowest first. A layer opened from another sits
// above it: a menu or popover can open from the mobile sidebar, a dialog from a menu, a confirmation
// from a dialog (equal layers stack in the order they open, as each portal is appended last).
// Class names are written out whole so Tailwind finds them.
export const LAYER = {
  /** A control lifted above a row that is one big link (a toggle, a popover's trigger). */
  raised: 'z-10',
  /** The dimmed backdrop behind the mobile sidebar. */
  sidebarBackdrop: 'z-40',
  /** The mobile sidebar overlay. */
  sidebar: 'z-50',
  /** Menus and popovers. */
  menu: 'z-60',
  /** Dialogs and their backdrop. */
  dialog: 'z-70',
} as const;
