// Each custom MCP server's tool list, kept for a few minutes so a reply does not wait on every
// server the user added. Entries are keyed by the server row's id and URL (a URL edited on another
// instance is a new key there too); editing, deleting or testing a server on this instance drops or
// replaces its entry at once. A listing that fails or times out is never stored as a list: the
// server is left out of that reply, and of the replies in the next MCP_TOOLS_RETRY_MS, so a server
// that is down costs one wait, not one on every reply. Each app instance keeps its own entries.
import type { Clock } from '../../../platform/clock.js';
import type { McpToolInfo } from './client.js';

/**
 * How long a listing is used without asking the server again: short, because a server's tools can
 * change on its side without any edit here, and those changes should reach the assistant within
 * minutes; long enough that a conversation's back-to-back replies list each server once.
 */
export const MCP_TOOLS_FRESH_MS = 5 * 60_000;

/**
 * Servers whose lists are kept per app, least recently used dropped first. A list is names,
 * descriptions and JSON schemas (a few KB, rarely more than 50 KB), so this stays within tens of MB.
 */
export const MCP_TOOLS_CACHE_ENTRIES = 500;

/**
 * How long a server whose listing failed is left out without asking it again: a listing waits up
 * to 4 s, and a chat's replies come seconds apart. "Test connection" and edits ask at once.
 */
export const MCP_TOOLS_RETRY_MS = 30_000;

/** What a reply gets for a server whose listing failed within MCP_TOOLS_RETRY_MS. */
export class McpServerRecentlyFailed extends Error {
  constructor() {
    super('The MCP server did not list its tools a moment ago; it is asked again shortly');
  }
}

export interface McpServerKey {
  id: string;
  url: string;
}

interface Entry {
  /** The listing, or null when it failed (kept MCP_TOOLS_RETRY_MS, not freshMs). */
  tools: McpToolInfo[] | null;
  /** When the listing was stored, by the app's clock (ms). */
  at: number;
}

declare module '../../../platform/deps.js' {
  interface AppDeps {
    /** Custom MCP servers' tool lists, per app instance. */
    mcpToolCache: McpToolCache;
  }
}

export class McpToolCache {
  /** Fresh and stale listings, most recently used last. */
  private readonly entries = new Map<string, Entry>();
  /** Listings in progress: replies that need the same server together share one. */
  private readonly inFlight = new Map<string, Promise<McpToolInfo[]>>();

  constructor(
    private readonly capacity = MCP_TOOLS_CACHE_ENTRIES,
    private readonly freshMs = MCP_TOOLS_FRESH_MS,
    private readonly retryMs = MCP_TOOLS_RETRY_MS,
  ) {}

  private static key(server: McpServerKey): string {
    return `${server.id}\u0000${server.url}`;
  }

  /**
   * The server's tools: the stored list while fresh, else `list()`'s answer, one call shared by
   * everyone asking meanwhile. A stale list is not served while refetching (the simplest correct
   * choice: at most one slow reply per server every few minutes, and a server that has gone away
   * stops being offered); if the refetch fails, the caller leaves the server out.
   */
  tools(server: McpServerKey, clock: Clock, list: () => Promise<McpToolInfo[]>): Promise<McpToolInfo[]> {
    const key = McpToolCache.key(server);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      const age = clock.now().getTime() - hit.at;
      if (hit.tools && age < this.freshMs) {
        this.entries.set(key, hit);
        return Promise.resolve(hit.tools);
      }
      if (!hit.tools && age < this.retryMs) {
        this.entries.set(key, hit);
        return Promise.reject(new McpServerRecentlyFailed());
      }
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    // Started a microtask later, so `listing` is set before either callback can run.
    const listing: Promise<McpToolInfo[]> = Promise.resolve()
      .then(list)
      .then(
        (tools) => {
          // Stored only if nothing (an edit, a delete, a test) replaced this listing meanwhile.
          if (this.settle(key, listing)) this.store(key, { tools, at: clock.now().getTime() });
          return tools;
        },
        (err: unknown) => {
          if (this.settle(key, listing)) this.store(key, { tools: null, at: clock.now().getTime() });
          throw err;
        },
      );
    this.inFlight.set(key, listing);
    return listing;
  }

  /** Stores a listing made now outside `tools()` (the "test connection" button): it is the newest. */
  put(server: McpServerKey, tools: McpToolInfo[], clock: Clock): void {
    this.drop(server.id);
    this.store(McpToolCache.key(server), { tools, at: clock.now().getTime() });
  }

  /** Forgets the server's lists under any URL, and any listing of it in progress. */
  drop(serverId: string): void {
    const prefix = `${serverId}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.inFlight.keys()) if (key.startsWith(prefix)) this.inFlight.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private settle(key: string, listing: Promise<McpToolInfo[]>): boolean {
    if (this.inFlight.get(key) !== listing) return false;
    this.inFlight.delete(key);
    return true;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
