// Hooks: how a module lets others act on its events without importing them (which would close an
// import cycle). app.ts, the composition root, registers the listeners.

export interface AppHooks {
  /**
   * An unverified account was claimed by the provider-verified owner of its address: whatever the
   * previous holder set up that leads outside (connections, custom tool URLs) must go.
   */
  accountClaimed: Array<(userId: string) => Promise<void>>;
}

export const emptyHooks = (): AppHooks => ({ accountClaimed: [] });
