import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeUrl, BlockedUrlError, blockedReason, createSafeFetch } from './safe-http.js';

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
  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111'])('allows %s', (address) => {
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

  it('caps the response size and times out a silent server', async () => {
    const small = createSafeFetch({ ...allowed(), maxResponseBytes: 1024 * 1024 });
    const res = await small(`http://127.0.0.1:${port}/big`);
    await expect(res.arrayBuffer()).rejects.toThrow(/larger than/);
    const quick = createSafeFetch({ ...allowed(), timeoutMs: 300 });
    await expect(quick(`http://127.0.0.1:${port}/hang`)).rejects.toThrow();
  });
});
