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
  /**
   * Answers the unsubscribe function once the subscription is live (a push after it arrives); on
   * Redis, if Redis is away, after a bounded wait, and the subscription goes live when it is back.
   */
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

/** How long `subscribe` waits for Redis before answering (the channel is subscribed when it is back). */
export const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Redis pub/sub: one connection publishes, one listens to the channels of the users with
 * subscribers on this instance (subscribed with the first, dropped with the last), and hands what
 * arrives to the local subscribers. The channels wanted are this bus's own list, not the
 * connection's: at every (re)connect all of them are subscribed again, so one asked for while Redis
 * was away (which ioredis's own resubscribe would not know of) goes live when Redis is back.
 */
export function redisBus(url: string, log: RedisLog): EventBus {
  const options = { maxRetriesPerRequest: 3, lazyConnect: false, autoResubscribe: false };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const pubLog = redisWarnings(log, 'redis bus (publish)');
  const subLog = redisWarnings(log, 'redis bus (subscribe)');
  pub.on('error', pubLog.error).on('ready', pubLog.ready);
  sub.on('error', subLog.error).on('ready', subLog.ready);
  const local = inProcessBus();
  /** Local subscribers per user: the channels this instance wants. */
  const wanted = new Map<string, number>();
  const subscribeRedis = (userIds: string[]) =>
    userIds.length === 0
      ? Promise.resolve()
      : sub.subscribe(...userIds.map((id) => CHANNEL_PREFIX + id)).then(
          () => undefined,
          (err: unknown) => subLog.error(err),
        );
  sub.on('ready', () => void subscribeRedis([...wanted.keys()]));
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
      const count = (wanted.get(userId) ?? 0) + 1;
      wanted.set(userId, count);
      // Live once Redis confirms. While Redis is away the answer comes once the attempt failed or
      // SUBSCRIBE_WAIT_MS passed, whichever is first, and the channel goes live at the reconnect.
      if (count === 1)
        await Promise.race([
          subscribeRedis([userId]),
          new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
        ]);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        const left = (wanted.get(userId) ?? 1) - 1;
        if (left > 0) return void wanted.set(userId, left);
        wanted.delete(userId);
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
