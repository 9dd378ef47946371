// A tiny loopback HTTP server for fakes: real sockets, real protocol, no framework.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/** `body` is the request as text; `raw` the same bytes, for bodies that are not text (gzip). */
export type Handler = (req: IncomingMessage, res: ServerResponse, body: string, raw: Buffer) => unknown;

export async function startFakeServer(handler: Handler, port = 0): Promise<FakeServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      Promise.resolve(handler(req, res, raw.toString('utf8'), raw)).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: 'fake_failure', message: String(err) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location });
  res.end();
}
