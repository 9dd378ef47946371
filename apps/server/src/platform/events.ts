// Pushes to a user's open sockets. Publishers do not know where the sockets are: in one process
// the bus hands the message straight to the subscribers; several processes need a shared bus.
import type { AppDeps } from '../app.js';

export interface UserMessage {
  type: string;
}

export interface EventBus {
  /** Delivers to every current subscriber of the user; nobody listening is not an error. */
  publish(userId: string, message: UserMessage): void;
  /** Answers the unsubscribe function. */
  subscribe(userId: string, fn: (message: UserMessage) => void): () => void;
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
    subscribe(userId, fn) {
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
  };
}

/**
 * The bus of one app, made on first use. It hangs off the app's deps (one bus per app, so test
 * apps never hear each other) instead of being a field of AppDeps, so a module can publish without
 * the app wiring it; the scale-out work swaps in a REDIS_URL-backed bus here.
 */
const buses = new WeakMap<AppDeps, EventBus>();
export function eventsOf(deps: AppDeps): EventBus {
  let bus = buses.get(deps);
  if (!bus) {
    bus = inProcessBus();
    buses.set(deps, bus);
  }
  return bus;
}
