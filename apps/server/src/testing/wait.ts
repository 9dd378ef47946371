// Waiting in tests for work done in the background, bounded so a test fails instead of hanging.

/** Polls until `check` holds (work done in the background), at most about 5 seconds. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}
