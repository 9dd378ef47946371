import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSafeUrl,
  BlockedUrlError,
  blockedReason,
  createSafeFetch,
  fetchErrorText,
} from './safe-http.js';

/**
 * IPv6 addresses that lead to a loopback, private or link-local IPv4 address, or are private
 * themselves: each must be refused.
 */
const PRIVATE_IPV6 = [
  ['IPv4-compatible, dotted', '::127.0.0.1'],
  ['IPv4-compatible, as the URL parser writes it', '::7f00:1'],
  ['IPv4-compatible metadata address', '::a9fe:a9fe'],
  ['IPv4-mapped', '::ffff:10.0.0.1'],
  ['IPv4-mapped, hex', '::ffff:c0a8:101'],
  ['IPv4-translated (SIIT)', '::ffff:0:7f00:1'],
  ['6to4 of loopback', '2002:7f00:1::'],
  ['6to4 of 192.168.1.1', '2002:c0a8:101::1'],
  ['6to4 of the metadata address', '2002:a9fe:a9fe::'],
  ['NAT64 of loopback', '64:ff9b::127.0.0.1'],
  ['NAT64 of 10.0.0.1', '64:ff9b::a00:1'],
  ['NAT64 local-use', '64:ff9b:1::808:808'],
  ['Teredo, client 127.0.0.1 (stored inverted)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo, server 10.0.0.1', '2001:0:a00:1::1'],
  ['unique local', 'fd12:3456::1'],
  ['link-local', 'fe80::1'],
  ['site-local', 'fec0::1'],
  ['multicast', 'ff02::1'],
  ['discard-only', '100::1'],
  ['documentation', '2001:db8::1'],
] as const;

describe('blockedReason', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ])('blocks %s', (address) => {
    expect(blockedReason(address)).not.toBeNull();
  });
  it.each(PRIVATE_IPV6)('blocks %s (%s)', (_form, address) => {
    expect(blockedReason(address)).not.toBeNull();
  });
  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    // The same IPv6 forms leading to a public IPv4 address.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('allows %s', (address) => {
    expect(blockedReason(address)).toBeNull();
  });
});

describe('assertSafeUrl', () => {
  it.each([
    ['ftp://example.com/', /Only http and https/],
    ['file:///etc/passwd', /Only http and https/],
    ['http://127.0.0.1/', /not allowed/],
    ['http://[::1]:8080/', /not allowed/],
    ['http://[::ffff:7f00:1]/', /not allowed/],
    ['http://169.254.169.254/latest/meta-data', /not allowed/],
    ['http://2130706433/', /not allowed/], // decimal 127.0.0.1
    ['http://0x7f.0.0.1/', /not allowed/], // hex
    ['http://017700000001/', /not allowed/], // octal
    ['http://localhost:3000/', /local host name/],
    ['http://metadata.google.internal/', /local host name/],
    ['https://user:pw@example.com/', /credentials/],
    ['not a url', /valid URL/],
  ])('refuses %s', (url, message) => {
    expect(() => assertSafeUrl(url)).toThrow(message);
  });
  it.each(PRIVATE_IPV6)('refuses a URL at %s (%s) without writing the address back', (_form, address) => {
    let message = '';
    try {
      assertSafeUrl(`http://[${address}]:8080/mcp`);
    } catch (e) {
      expect(e).toBeInstanceOf(BlockedUrlError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/^This address is not allowed: a private or reserved (IPv6 )?address$/);
  });

  it('accepts public URLs and allowlisted private hosts', () => {
    expect(assertSafeUrl('https://mcp.example.com/mcp').hostname).toBe('mcp.example.com');
    expect(assertSafeUrl('http://127.0.0.1:9999/mcp', { allowedHosts: ['127.0.0.1:9999'] }).port).toBe(
      '9999',
    );
    expect(() => assertSafeUrl('http://127.0.0.1:9998/mcp', { allowedHosts: ['127.0.0.1:9999'] })).toThrow(
      BlockedUrlError,
    );
  });
});

describe('createSafeFetch on loopback', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect-private') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        return res.end();
      }
      if (req.url === '/redirect-ok') {
        res.writeHead(302, { location: '/ok' });
        return res.end();
      }
      if (req.url === '/big') {
        res.writeHead(200);
        return res.end(Buffer.alloc(2 * 1024 * 1024, 97));
      }
      if (req.url === '/hang') return; // never answers
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const allowed = () => ({ allowedHosts: [`127.0.0.1:${port}`] });

  it('reaches an allowlisted host and follows a safe redirect', async () => {
    const f = createSafeFetch(allowed());
    expect(await (await f(`http://127.0.0.1:${port}/redirect-ok`)).text()).toBe('ok');
  });

  it('re-checks redirects and refuses a redirect to the metadata address', async () => {
    const f = createSafeFetch(allowed());
    await expect(f(`http://127.0.0.1:${port}/redirect-private`)).rejects.toThrow(/not allowed/);
  });

  it('refuses a host name that resolves to a private address, at connect time', async () => {
    const lookup = ((
      _host: string,
      _opts: unknown,
      cb: (e: null, a: Array<{ address: string; family: number }>) => void,
    ) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    const f = createSafeFetch({ lookup });
    const err = await f(`http://rebind.example:${port}/`).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error & { cause?: unknown }).cause ?? err)).toMatch(/resolves to a private/);
  });

  it.each([
    ['A', '10.20.30.40', 4],
    ['AAAA embedding an IPv4 address', '2002:a14:1e28::1', 6],
    ['AAAA, unique local', 'fd00:abcd::40', 6],
  ])('refuses a DNS answer (%s) and says so without the address', async (_what, address, family) => {
    const lookup = ((
      _host: string,
      _opts: unknown,
      cb: (e: null, a: Array<{ address: string; family: number }>) => void,
    ) => cb(null, [{ address, family }])) as never;
    const err = await createSafeFetch({ lookup })(`http://internal.example:${port}/`).catch(
      (e: unknown) => e,
    );
    const text = fetchErrorText(err);
    expect(text).toMatch(/^This address is not allowed: internal\.example resolves to a private or reserved/);
    expect(text).not.toContain(address);
  });

  it('answers a failed connection by what happened, not the addresses the name resolved to', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const f = createSafeFetch({ allowedHosts: [`localhost:${closedPort}`] });
    const err = await f(`http://localhost:${closedPort}/mcp`).catch((e: unknown) => e);
    expect(String((err as Error & { cause?: unknown }).cause)).toMatch(/127\.0\.0\.1|::1/);
    expect(fetchErrorText(err)).toBe('The server refused the connection');
    expect(fetchErrorText(new Error('upstream said 10.1.2.3:8443 and [fd00::1]:80 were busy'))).toBe(
      'upstream said [address] and [address] were busy',
    );
  });

  it('caps the response size and times out a silent server', async () => {
    const small = createSafeFetch({ ...allowed(), maxResponseBytes: 1024 * 1024 });
    const res = await small(`http://127.0.0.1:${port}/big`);
    await expect(res.arrayBuffer()).rejects.toThrow(/larger than/);
    const quick = createSafeFetch({ ...allowed(), timeoutMs: 300 });
    await expect(quick(`http://127.0.0.1:${port}/hang`)).rejects.toThrow();
  });
});
