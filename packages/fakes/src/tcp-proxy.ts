// A loopback TCP proxy in front of a real service (PostgreSQL, Redis), to make it fail the ways a
// network does: `cut()` resets every open connection (a restart, a failover, a blip); `down()`
// also refuses new ones until `up()` (an outage); `partition()` lets nothing pass either way while
// connections stay open, and new connections hang unanswered, as when a network path is lost;
// `heal()` lets everything through again, held bytes included.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** The target's URL pointed at the proxy (`tcp://127.0.0.1:port` for a host and port). */
  readonly url: string;
  /** The addresses (`127.0.0.1:port`) the target sees the proxy's connections come from. */
  upstreamAddresses(): string[];
  cut(): void;
  down(): Promise<void>;
  up(): Promise<void>;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

/** Proxies to `target` (a URL, or a host and port), listening on `port` (any free one by default). */
export async function startTcpProxy(
  target: string | { host: string; port: number },
  port = 0,
): Promise<TcpProxy> {
  const to =
    typeof target === 'string'
      ? { host: new URL(target).hostname, port: Number(new URL(target).port || defaultPort(target)) }
      : target;
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  const waiting: net.Socket[] = [];
  let partitioned = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    return socket;
  };
  const bridge = (client: net.Socket) => {
    const upstream = track(net.connect(to));
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer((client) => {
    track(client);
    if (partitioned) {
      client.pause();
      client.on('error', () => client.destroy());
      waiting.push(client);
    } else bridge(client);
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(port);
  const bound = (server.address() as net.AddressInfo).port;
  let url = `tcp://127.0.0.1:${bound}`;
  if (typeof target === 'string') {
    const u = new URL(target);
    u.hostname = '127.0.0.1';
    u.port = String(bound);
    url = u.toString();
  }
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    waiting.length = 0;
  };
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      cut();
    });
  return {
    port: bound,
    url,
    upstreamAddresses: () => [...upstreams].map((s) => `${s.localAddress}:${s.localPort}`),
    cut,
    down,
    up: () => listen(bound),
    partition() {
      partitioned = true;
      // Read nothing more: bytes wait in the kernel's buffers, as they would on a lost path.
      for (const socket of sockets) socket.pause();
    },
    heal() {
      partitioned = false;
      for (const socket of sockets) socket.resume();
      for (const client of waiting.splice(0)) if (!client.destroyed) bridge(client);
    },
    async close() {
      if (server.listening) await down();
      else cut();
    },
  };
}

const defaultPort = (url: string) => ({ 'redis:': 6379, 'rediss:': 6380 })[new URL(url).protocol] ?? 5432;
