// Requests refused before any route runs, sent over a real socket: inject() never goes through
// Node's HTTP parser, which refuses some of them before Fastify sees them.
import net from 'node:net';
import { DETAIL } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('requests refused before routing, over a socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Writes `head` as it is and reads the answer until the server closes the connection. */
  function send(head: string): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let raw = '';
      socket.on('data', (chunk) => {
        raw += chunk.toString('utf8');
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [top = '', body = ''] = raw.split('\r\n\r\n');
        resolve({
          status: Number(top.split(' ')[1]),
          type: /^content-type: (.*)$/im.exec(top)?.[1] ?? '',
          body,
        });
      });
    });
  }
  const request = (target: string, headers = '') =>
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

  it.each([
    ['a path that does not percent-decode', 400, DETAIL.invalidUrl, request('/api/chat/chats/%ff')],
    [
      'a path segment past the router limit',
      414,
      DETAIL.urlTooLong,
      request(`/api/chat/chats/${'a'.repeat(500)}`),
    ],
    ["a URL past Node's limit", 414, DETAIL.urlTooLong, request(`/api/health?pad=${'a'.repeat(20_000)}`)],
    [
      "headers past Node's limit",
      431,
      DETAIL.headersTooLarge,
      request('/api/health', `X-Pad: ${'a'.repeat(20_000)}\r\n`),
    ],
    ['a NUL in the URL', 400, DETAIL.invalidUrl, request('/api/health\0')],
    ['bytes that are not HTTP', 400, DETAIL.malformedRequest, 'NOT HTTP AT ALL\r\n\r\n'],
  ])('%s answers %i with a detail', async (_what, status, detail, head) => {
    const res = await send(head);
    expect(res.status).toBe(status);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ detail });
  });

  it('still answers a good request on the same server', async () => {
    const res = await send(request('/api/health'));
    expect(res.status).toBe(200);
  });
});
