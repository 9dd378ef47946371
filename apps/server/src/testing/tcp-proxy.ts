// A loopback TCP proxy in front of a service (Redis in the tests), to cut its connections or take
// it away and bring it back while the app runs.
import net from 'node:net';
import { Redis } from 'ioredis';

export interface TcpProxy {
  /** The proxy's own URL: the target's with the proxy's port. */
  url: string;
  /** The addresses (`127.0.0.1:port`) the target sees the proxy's connections come from. */
  upstreamAddresses(): string[];
  /** Drops every open connection; new ones are still accepted (a blip). */
  cut(): void;
  /** Drops every connection and refuses new ones (an outage), until `up`. */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      cut();
    });
  return {
    url: url.toString(),
    upstreamAddresses: () => [...upstreams].map((s) => `${s.localAddress}:${s.localPort}`),
    cut,
    down,
    up: () => listen(port),
    close: async () => {
      if (server.listening) await down();
      else cut();
    },
  };
}

/**
 * Has Redis itself end the pub/sub connections that come through `proxy` (only those: other test
 * files share the Redis); answers how many it ended.
 */
export async function killPubSubThrough(proxy: TcpProxy, redisUrl: string): Promise<number> {
  const admin = new Redis(redisUrl);
  try {
    let killed = 0;
    for (const addr of proxy.upstreamAddresses())
      killed += Number(await admin.client('KILL', 'ADDR', addr, 'TYPE', 'pubsub'));
    return killed;
  } finally {
    await admin.quit();
  }
}
