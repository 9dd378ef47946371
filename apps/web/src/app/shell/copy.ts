// The shell's texts: the sidebar menu and the command palette.
export const SHELL_COPY = {
  mainMenu: 'Main menu',
  workspaceGroup: 'Workspace',
  mailGroup: 'Mail and accounts',
  settings: 'Settings',
  openPalette: 'Search or jump to…',
  paletteShortcut: 'Ctrl K',
  paletteTitle: 'Command palette',
  palettePlaceholder: 'Type a screen, a chat or an action…',
  paletteEmpty: 'Nothing matches.',
  paletteSearching: 'Searching chats…',
  paletteScreens: 'Screens',
  paletteChats: 'Chats',
  paletteActions: 'Actions',
  newChat: 'New chat',
  toggleTheme: 'Toggle light and dark theme',
  signOut: 'Sign out',
} as const;
