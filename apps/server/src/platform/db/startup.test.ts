// Start-up's probe of PostgreSQL: what it says about a server that is not there, one that never
// answers, a database that does not exist, and a URL's password, which it never shows.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { probeDatabase, redactedUrl } from './startup.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('probeDatabase', () => {
  const servers: net.Server[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('says a port nobody listens on refuses, worth waiting for', async () => {
    expect(await probeDatabase('postgres://knap@127.0.0.1:1/knap', 1_000)).toEqual({
      ok: false,
      problem: 'down',
      reason: 'connection refused (ECONNREFUSED)',
    });
  });

  it('gives up on a server that accepts and never answers after its timeout', async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const probe = await probeDatabase(`postgres://knap@127.0.0.1:${port}/knap`, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(probe).toEqual({ ok: false, problem: 'down', reason: 'no answer within 0.3 s' });
    for (const socket of held) socket.destroy();
  });

  // The PostgreSQL run only.
  if (databaseUrl)
    it('answers ok, and names a database that does not exist', async () => {
      expect(await probeDatabase(databaseUrl!, 5_000)).toEqual({ ok: true });
      const missing = new URL(databaseUrl!);
      missing.pathname = '/knap_missing_db_x';
      expect(await probeDatabase(missing.toString(), 5_000)).toEqual({
        ok: false,
        problem: 'no-database',
        reason: 'database "knap_missing_db_x" does not exist',
      });
    });
});

describe('redactedUrl', () => {
  it.each([
    ['postgres://knap:s3cret@db:5432/knap', 'postgres://knap:***@db:5432/knap'],
    [
      'postgres://knap@db/knap?password=s3cret&sslmode=require',
      'postgres://knap@db/knap?password=***&sslmode=require',
    ],
    ['postgres://db/knap', 'postgres://db/knap'],
    ['not a url', '(unreadable URL)'],
  ])('%s -> %s', (url, shown) => {
    expect(redactedUrl(url)).toBe(shown);
  });
});
