// The one way to call a URL a user gave us (custom MCP servers): http(s) only; loopback, private,
// link-local, metadata and other special addresses refused after DNS resolution, at connect time
// (so DNS rebinding cannot slip past) and again on every redirect; timeouts and a size limit.
// IPv6 addresses that carry an IPv4 address (mapped, compatible, 6to4, NAT64, Teredo) are judged
// by the IPv4 address they lead to. Errors say what was refused, never the addresses DNS answered.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
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
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
  // NAT64 local-use: which IPv4 address it leads to is the local gateway's choice (RFC 8215).
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const) {
  blockList.addSubnet(addr, prefix, 'ipv6');
}

const v4At = (bytes: number[], at: number, mask = 0) =>
  bytes
    .slice(at, at + 4)
    .map((b) => b ^ mask)
    .join('.');

/**
 * IPv6 forms that lead to an IPv4 address, with where it sits: traffic to them reaches that IPv4
 * address (through the kernel, a 6to4 relay, a NAT64 gateway or a Teredo peer).
 */
const CARRIERS: Array<[prefix: ipaddr.IPv6, bits: number, v4: (bytes: number[]) => string[]]> = [
  [ipaddr.IPv6.parse('::'), 96, (b) => [v4At(b, 12)]], // IPv4-compatible ::a.b.c.d (also :: and ::1)
  [ipaddr.IPv6.parse('::ffff:0:0'), 96, (b) => [v4At(b, 12)]], // IPv4-mapped
  [ipaddr.IPv6.parse('::ffff:0:0:0'), 96, (b) => [v4At(b, 12)]], // IPv4-translated (SIIT)
  [ipaddr.IPv6.parse('64:ff9b::'), 96, (b) => [v4At(b, 12)]], // NAT64 well-known prefix
  [ipaddr.IPv6.parse('2002::'), 16, (b) => [v4At(b, 2)]], // 6to4
  // Teredo: the server's address, and the client's, stored inverted.
  [ipaddr.IPv6.parse('2001::'), 32, (b) => [v4At(b, 4), v4At(b, 12, 0xff)]],
];

/** The IPv4 addresses an IPv6 address leads to (none for a plain IPv6 address). */
function carriedIPv4(address: string): string[] {
  const ip = ipaddr.IPv6.parse(address);
  const carrier = CARRIERS.find(([prefix, bits]) => ip.match(prefix, bits));
  return carrier ? carrier[2](ip.toByteArray()) : [];
}

/** Why an address may not be reached, or null when it may. */
export function blockedReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    for (const v4 of carriedIPv4(address)) {
      const reason = blockedReason(v4);
      if (reason) return reason;
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

/** What the user is told when a network step failed, by the error's code: no addresses in it. */
const NETWORK_ERRORS: Record<string, string> = {
  ENOTFOUND: 'The host name could not be resolved',
  EAI_AGAIN: 'The host name could not be resolved',
  ECONNREFUSED: 'The server refused the connection',
  ECONNRESET: 'The server closed the connection',
  UND_ERR_SOCKET: 'The server closed the connection',
  EHOSTUNREACH: 'The server could not be reached',
  ENETUNREACH: 'The server could not be reached',
  ETIMEDOUT: 'The server did not answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'The server did not answer in time',
};
const TLS_ERROR = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

/** The error and what it wraps (causes, and each attempt of an AggregateError), outermost first. */
function* causesOf(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  const queue = [error];
  for (let e = queue.shift(); e !== undefined; e = queue.shift()) {
    if (seen.has(e)) continue;
    seen.add(e);
    yield e;
    if (e instanceof AggregateError) queue.push(...e.errors);
    if (e instanceof Error && e.cause !== undefined) queue.push(e.cause);
  }
}

/** What might be an IP address, bracketed or not, with a port or not. */
const ADDRESS_LIKE = /\[[0-9a-f:.]+\](?::\d+)?|[0-9a-f:.]*[:.][0-9a-f:.]*/gi;
function isAddress(token: string): boolean {
  const bare = token.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1');
  return net.isIP(bare) !== 0 || net.isIP(bare.replace(/:\d+$/, '')) === 4;
}
/** `text` with every IP address (and its port) written `[address]`. */
const withoutAddresses = (text: string) =>
  text.replace(ADDRESS_LIKE, (token) => (isAddress(token) ? '[address]' : token));

/**
 * A failed call to a user's URL as the user may see it: what was refused (BlockedUrlError's own
 * text), or what went wrong on the network by its code, never the addresses a host name resolved
 * to (connect errors name them: `connect ECONNREFUSED 10.0.0.5:443`); any other text (an answer
 * the server gave) has IP addresses taken out.
 */
export function fetchErrorText(error: unknown): string {
  for (const e of causesOf(error)) {
    if (e instanceof BlockedUrlError) return e.message;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
    if (typeof code === 'string' && TLS_ERROR.test(code))
      return "The server's TLS certificate was not accepted";
    const name = (e as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return 'The server did not answer in time';
  }
  const text = error instanceof Error ? error.message : String(error);
  return withoutAddresses(text.trim() || 'The server could not be reached');
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
