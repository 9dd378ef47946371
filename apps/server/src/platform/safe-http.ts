// The one way to call a URL a user gave us (custom MCP servers): http(s) only; loopback, private,
// link-local, metadata and other special addresses refused after DNS resolution, at connect time
// (so DNS rebinding cannot slip past) and again on every redirect; timeouts and a size limit.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import net from 'node:net';
import { Agent, type Dispatcher, fetch as undiciFetch } from 'undici';

export class BlockedUrlError extends Error {}

export interface SafeFetchOptions {
  /** host or host:port allowed even though it resolves to a private address (self-hosted servers). */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** DNS resolver (tests give a fake one); defaults to the system's. */
  lookup?: typeof dnsLookup;
}

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const blockList = new net.BlockList();
for (const [addr, prefix] of BLOCKED_V4) blockList.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 can reach IPv4 private space
  ['2001:db8::', 32],
] as const) {
  blockList.addSubnet(addr, prefix, 'ipv6');
}

/** Why an address may not be reached, or null when it may. */
export function blockedReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    // IPv4-mapped addresses, dotted (::ffff:127.0.0.1) or as the URL parser writes them (::ffff:7f00:1).
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (dotted) return blockedReason(dotted);
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
      return blockedReason(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    return blockList.check(address, 'ipv6') ? 'a private or reserved IPv6 address' : null;
  }
  return blockList.check(address, 'ipv4') ? 'a private or reserved address' : null;
}

const hostKey = (url: URL) => [
  url.hostname.replace(/^\[|\]$/g, ''),
  url.port ? `${url.hostname}:${url.port}` : url.hostname,
];

/** Checks scheme and literal addresses; DNS names are checked when the connection is made. */
export function assertSafeUrl(raw: string, options: SafeFetchOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('Enter a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedUrlError('Only http and https URLs are allowed');
  if (url.username || url.password) throw new BlockedUrlError('URLs with credentials are not allowed');
  const allowed = hostKey(url).some((h) => options.allowedHosts?.includes(h));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && net.isIP(host)) {
    const reason = blockedReason(host);
    if (reason) throw new BlockedUrlError(`This address is not allowed: ${reason}`);
  }
  if (!allowed && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))) {
    throw new BlockedUrlError('This address is not allowed: a local host name');
  }
  return url;
}

/** DNS lookup that refuses private answers (unless the host is allowed). */
function guardedLookup(allowedHosts: readonly string[], resolve: typeof dnsLookup) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!allowedHosts.includes(hostname)) {
        for (const a of addresses) {
          const reason = blockedReason(a.address);
          if (reason)
            return callback(
              new BlockedUrlError(`This address is not allowed: ${hostname} resolves to ${reason}`),
              [],
            );
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), []);
      callback(null, first.address, first.family);
    });
  };
}

const agents = new WeakMap<typeof dnsLookup, Map<string, Dispatcher>>();
function agentFor(allowedHosts: readonly string[], resolve: typeof dnsLookup): Dispatcher {
  let byHosts = agents.get(resolve);
  if (!byHosts) {
    byHosts = new Map();
    agents.set(resolve, byHosts);
  }
  const key = allowedHosts.join(',');
  let agent = byHosts.get(key);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(allowedHosts, resolve) as never },
      connectTimeout: 10_000,
    });
    byHosts.set(key, agent);
  }
  return agent;
}

/** Caps a response body; a longer one errors instead of filling memory. */
function limitBody(body: ReadableStream<Uint8Array> | null, max: number): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new BlockedUrlError(`Response larger than ${max} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** A fetch for user-supplied URLs: same signature as fetch, with every check above. */
export function createSafeFetch(options: SafeFetchOptions = {}): typeof fetch {
  const allowedHosts = options.allowedHosts ?? [];
  const maxRedirects = options.maxRedirects ?? 5;
  const maxBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = assertSafeUrl(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      options,
    );
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    for (let hop = 0; ; hop++) {
      const allowed = hostKey(url).some((h) => allowedHosts.includes(h));
      const res = await undiciFetch(url, {
        ...(init as object),
        signal,
        redirect: 'manual',
        dispatcher: agentFor(allowed ? [url.hostname] : [], options.lookup ?? dnsLookup),
      } as Parameters<typeof undiciFetch>[1]);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        if (hop >= maxRedirects) throw new BlockedUrlError('Too many redirects');
        url = assertSafeUrl(new URL(location, url).href, options);
        continue;
      }
      const bodyless = res.status === 204 || res.status === 205 || res.status === 304;
      return new Response(
        bodyless ? null : limitBody(res.body as ReadableStream<Uint8Array> | null, maxBytes),
        {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers as unknown as Headers,
        },
      );
    }
  }) as typeof fetch;
}
