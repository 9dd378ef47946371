// The chat list's answers as JSON bytes (encoded once, not on every answer) by page (limit and skip
// or cursor), kept under the user's chats_version: every change to a
// user's chats raises that counter in the same transaction (chats/repo.ts `chatsChanged`), and the
// session check reads it with the user row, so a page is served again only while nothing changed
// (the chat panel asks every 45 s). Each instance keeps its own entries; the version lives in the
// database, so instances never serve each other's stale pages.
import type { UserRow } from '../../platform/db/schema.js';

/** Entries kept per app (about 12 KB each for a page of 50), least recently used dropped first. */
export const LIST_CACHE_ENTRIES = 2_000;

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** The chat list's pages as JSON bytes, per app (chats/service.ts listChatsJson). */
    chatListCache: ChatListCache;
  }
}

export class ChatListCache {
  private readonly entries = new Map<string, Buffer>();

  constructor(private readonly capacity = LIST_CACHE_ENTRIES) {}

  static key(
    user: Pick<UserRow, 'id' | 'chats_version'>,
    page: { limit: number; skip: number; cursor?: string | undefined },
  ): string {
    const at = page.cursor === undefined ? `skip:${page.skip}` : `after:${page.cursor}`;
    return `${user.id}\u0000${user.chats_version}\u0000${page.limit}\u0000${at}`;
  }

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, bytes);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
