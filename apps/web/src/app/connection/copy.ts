// What the app says while it cannot reach the server.
export const CONNECTION_COPY = {
  unreachable: 'Can’t reach Knap Studio — retrying…',
  /** The browser itself says it is offline. */
  offline: 'You’re offline. Knap Studio will reconnect when you’re back online.',
  retryNow: 'Retry now',
  /** A screen whose code could not be loaded while the server was away. */
  screenTitle: 'This screen could not be loaded',
  screenBody: 'Knap Studio could not be reached. It loads again as soon as the connection is back.',
  tryAgain: 'Try again',
} as const;
