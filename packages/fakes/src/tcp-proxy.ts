// A loopback TCP proxy in front of a real service (PostgreSQL, Redis), to make it fail the ways a
// network does: `cut()` resets every open connection (a restart, a failover); `partition()` lets
// nothing pass either way while connections stay open, and new connections hang unanswered, as
// when a network path is lost; `heal()` lets everything through again, held bytes included.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** The same URL pointed at the proxy. */
  url(target: string): string;
  cut(): void;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

/** Listens on `port` (any free one by default). */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const waiting: net.Socket[] = [];
  let partitioned = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    return socket;
  };
  const bridge = (client: net.Socket) => {
    const upstream = track(net.connect(target));
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const proxy: TcpProxy = {
    port: (server.address() as net.AddressInfo).port,
    url(targetUrl) {
      const u = new URL(targetUrl);
      u.hostname = '127.0.0.1';
      u.port = String(proxy.port);
      return u.toString();
    },
    cut() {
      for (const socket of sockets) socket.resetAndDestroy();
      waiting.length = 0;
    },
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
      proxy.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
