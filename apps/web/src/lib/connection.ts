// Whether the server can be reached. A request that never got an answer (network failure) or the
// browser going offline marks it unreachable; from then on /api/health is polled with backoff
// (1 s, doubling to 30 s; at once when the browser says it is online again) until the server
// answers. Screens keep what they show meanwhile and act once it is back (onReconnect).
import { HEALTH_PATH } from '@knap/contracts';
import { create } from 'zustand';

export const FIRST_PROBE_MS = 1000;
export const MAX_PROBE_MS = 30_000;

interface ConnectionState {
  isReachable: boolean;
  /** The browser reports no network at all (navigator.onLine). */
  isOffline: boolean;
}

export const useConnectionStore = create<ConnectionState>(() => ({ isReachable: true, isOffline: false }));

const reconnectListeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
let delay = FIRST_PROBE_MS;
let probing = false;

/** Runs `listener` each time the server answers again after it could not be reached. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void probe(), ms);
}

/** Whether the server answers now (any HTTP answer of /api/health); says so to the store. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(HEALTH_PATH, { cache: 'no-store' });
    reportReachable();
    return true;
  } catch {
    reportUnreachable();
    return false;
  }
}

/** Asks /api/health once; any HTTP answer means the server is there again. */
async function probe(): Promise<void> {
  if (probing || useConnectionStore.getState().isReachable) return;
  probing = true;
  try {
    await fetch(HEALTH_PATH, { cache: 'no-store' });
    reportReachable();
  } catch {
    delay = Math.min(delay * 2, MAX_PROBE_MS);
    schedule(delay);
  } finally {
    probing = false;
  }
}

/** A request got no answer at all: the server (or the network) is away. */
export function reportUnreachable(): void {
  if (!useConnectionStore.getState().isReachable) return;
  useConnectionStore.setState({ isReachable: false });
  delay = FIRST_PROBE_MS;
  schedule(delay);
}

/**
 * The server answered: if it had been away, every screen is told it is back. While the browser
 * says it is offline, a late answer (to a request sent just before) changes nothing: only the
 * `online` event ends that state.
 */
export function reportReachable(): void {
  const { isReachable, isOffline } = useConnectionStore.getState();
  if (isOffline) return;
  if (timer) clearTimeout(timer);
  timer = null;
  if (isReachable) return;
  useConnectionStore.setState({ isReachable: true });
  for (const listener of reconnectListeners) listener();
}

/** Asks now rather than at the next backoff step (the banner's Retry now, the `online` event). */
export function probeNow(): void {
  if (useConnectionStore.getState().isReachable) return;
  delay = FIRST_PROBE_MS;
  schedule(0);
}

/** Follows the browser's online and offline events; returns the way to stop. */
export function watchConnection(): () => void {
  const onOffline = () => {
    reportUnreachable();
    useConnectionStore.setState({ isOffline: true });
  };
  const onOnline = () => {
    useConnectionStore.setState({ isOffline: false });
    probeNow();
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (navigator.onLine === false) onOffline();
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}

/** Back to the first state (tests). */
export function resetConnection(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  delay = FIRST_PROBE_MS;
  probing = false;
  reconnectListeners.clear();
  useConnectionStore.setState({ isReachable: true, isOffline: false });
}
