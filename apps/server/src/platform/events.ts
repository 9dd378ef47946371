// Pushes to a user's open sockets. Publishers do not know where the sockets are: in one process
// the bus hands the message straight to the subscribers; with REDIS_URL every server instance
// publishes to and listens on Redis pub/sub, so a push reaches the user's sockets on any instance.
import { Redis } from 'ioredis';
import { type RedisLog, redisWarnings } from './redis-log.js';

export interface UserMessage {
  type: string;
}

export interface EventBus {
  /** Delivers to every current subscriber of the user; nobody listening is not an error. */
  publish(userId: string, message: UserMessage): void;
  /** Answers the unsubscribe function once the subscription is live (a push after it arrives). */
  subscribe(userId: string, fn: (message: UserMessage) => void): Promise<() => void>;
  close(): Promise<void>;
  /** Redis's state for the health check: null when there is no Redis (the in-process bus). */
  ping(): Promise<'ok' | 'down' | null>;
}

export function inProcessBus(): EventBus {
  const listeners = new Map<string, Set<(message: UserMessage) => void>>();
  return {
    publish(userId, message) {
      for (const fn of listeners.get(userId) ?? []) {
        // A subscriber that throws is a socket closing mid-send; its close handler unsubscribes
        // it, and it must not keep the message from the others.
        try {
          fn(message);
        } catch {}
      }
    },
    async subscribe(userId, fn) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    close: async () => listeners.clear(),
    ping: async () => null,
  };
}

const CHANNEL_PREFIX = 'knap:user:';

/**
 * Redis pub/sub: one connection publishes, one listens to the channels of the users with sockets
 * on this instance (subscribed while the first socket is open, dropped with the last), and hands
 * what arrives to the local subscribers.
 */
export function redisBus(url: string, log: RedisLog): EventBus {
  const options = { maxRetriesPerRequest: 3, lazyConnect: false };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const pubLog = redisWarnings(log, 'redis bus (publish)');
  const subLog = redisWarnings(log, 'redis bus (subscribe)');
  pub.on('error', pubLog.error).on('ready', pubLog.ready);
  sub.on('error', subLog.error).on('ready', subLog.ready);
  const local = inProcessBus();
  const sockets = new Map<string, number>();
  sub.on('message', (channel: string, raw: string) => {
    try {
      local.publish(channel.slice(CHANNEL_PREFIX.length), JSON.parse(raw) as UserMessage);
    } catch (err) {
      log.warn({ err }, 'redis bus: unreadable message');
    }
  });
  return {
    publish(userId, message) {
      pub.publish(CHANNEL_PREFIX + userId, JSON.stringify(message)).catch(pubLog.error);
    },
    async subscribe(userId, fn) {
      const off = await local.subscribe(userId, fn);
      const count = (sockets.get(userId) ?? 0) + 1;
      sockets.set(userId, count);
      if (count === 1) await sub.subscribe(CHANNEL_PREFIX + userId);
      return () => {
        off();
        const left = (sockets.get(userId) ?? 1) - 1;
        if (left > 0) return sockets.set(userId, left);
        sockets.delete(userId);
        sub.unsubscribe(CHANNEL_PREFIX + userId).catch(() => undefined);
      };
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
    async ping() {
      const answer = await Promise.race([
        pub.ping().catch(() => 'down'),
        new Promise<string>((resolve) => setTimeout(() => resolve('down'), 1000).unref()),
      ]);
      return answer === 'PONG' ? 'ok' : 'down';
    },
  };
}
