// The tool-list cache on its own: its size bound and what happens to a listing in progress when
// the server is edited or tested meanwhile (mcp.test.ts covers the cache through real replies).
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import type { McpToolInfo } from './client.js';
import { MCP_TOOLS_RETRY_MS, McpServerRecentlyFailed, McpToolCache } from './tool-cache.js';

const toolsNamed = (...names: string[]): McpToolInfo[] =>
  names.map((name) => ({ name, description: name, inputSchema: { type: 'object' }, readOnly: true }));

/** A listing the test finishes when it wants, counting how often it was started. */
function deferredLister(tools: McpToolInfo[]) {
  const started: Array<() => void> = [];
  return {
    list: () => new Promise<McpToolInfo[]>((resolve) => started.push(() => resolve(tools))),
    started,
  };
}

describe('MCP tool-list cache', () => {
  it('keeps at most its capacity, dropping the least recently used', async () => {
    const clock = fixedClock('2026-11-20T09:00:00.000Z');
    const cache = new McpToolCache(2);
    let calls = 0;
    const list = async () => {
      calls += 1;
      return toolsNamed('t');
    };
    const a = { id: 'a', url: 'https://a.example/mcp' };
    const b = { id: 'b', url: 'https://b.example/mcp' };
    const c = { id: 'c', url: 'https://c.example/mcp' };
    await cache.tools(a, clock, list);
    await cache.tools(b, clock, list);
    await cache.tools(a, clock, list); // a is now the most recently used
    expect(calls).toBe(2);
    await cache.tools(c, clock, list); // b is dropped
    expect(cache.size).toBe(2);
    await cache.tools(a, clock, list);
    await cache.tools(c, clock, list);
    expect(calls).toBe(3);
    await cache.tools(b, clock, list);
    expect(calls).toBe(4);
  });

  it('does not store a listing that was in progress when the server was edited', async () => {
    const clock = fixedClock('2026-11-20T09:00:00.000Z');
    const cache = new McpToolCache();
    const server = { id: 's', url: 'https://s.example/mcp' };
    const old = deferredLister(toolsNamed('old'));
    const pending = cache.tools(server, clock, old.list);
    await Promise.resolve();
    cache.drop(server.id);
    // A reply after the edit does not join the old listing: it starts its own.
    const fresh = deferredLister(toolsNamed('new'));
    const next = cache.tools(server, clock, fresh.list);
    await Promise.resolve();
    expect(fresh.started).toHaveLength(1);
    // The new listing finishes first, then the old one: the old answer must not overwrite it.
    for (const finish of fresh.started) finish();
    expect((await next).map((t) => t.name)).toEqual(['new']);
    for (const finish of old.started) finish();
    expect((await pending).map((t) => t.name)).toEqual(['old']);
    const again = await cache.tools(server, clock, () => Promise.reject(new Error('not asked')));
    expect(again.map((t) => t.name)).toEqual(['new']);
  });

  it('a test that finishes while a reply is listing keeps the newer answer', async () => {
    const clock = fixedClock('2026-11-20T09:00:00.000Z');
    const cache = new McpToolCache();
    const server = { id: 's', url: 'https://s.example/mcp' };
    const slow = deferredLister(toolsNamed('before'));
    const pending = cache.tools(server, clock, slow.list);
    await Promise.resolve();
    cache.put(server, toolsNamed('tested'), clock);
    for (const finish of slow.started) finish();
    await pending;
    const kept = await cache.tools(server, clock, () => Promise.reject(new Error('not asked')));
    expect(kept.map((t) => t.name)).toEqual(['tested']);
  });

  it('a failed listing is not kept as a list: everyone who shared it sees the failure, and the server is left out until MCP_TOOLS_RETRY_MS has passed', async () => {
    const clock = fixedClock('2026-11-20T09:00:00.000Z');
    const cache = new McpToolCache();
    const server = { id: 's', url: 'https://s.example/mcp' };
    let calls = 0;
    const failing = async (): Promise<McpToolInfo[]> => {
      calls += 1;
      throw new Error('down');
    };
    const results = await Promise.allSettled([
      cache.tools(server, clock, failing),
      cache.tools(server, clock, failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    // Within the retry time the server is not asked: the reply leaves it out at once.
    clock.advance(MCP_TOOLS_RETRY_MS - 1);
    await expect(cache.tools(server, clock, async () => toolsNamed('up'))).rejects.toBeInstanceOf(
      McpServerRecentlyFailed,
    );
    clock.advance(1);
    expect((await cache.tools(server, clock, async () => toolsNamed('up'))).map((t) => t.name)).toEqual([
      'up',
    ]);
    // An edit (drop) forgets the failure at once.
    const other = { id: 'o', url: 'https://o.example/mcp' };
    await expect(cache.tools(other, clock, failing)).rejects.toThrow('down');
    cache.drop('o');
    expect((await cache.tools(other, clock, async () => toolsNamed('back'))).map((t) => t.name)).toEqual([
      'back',
    ]);
  });
});
