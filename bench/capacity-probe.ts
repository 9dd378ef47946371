// What each child process of bench/capacity.ts (server, relay, fake model, clients) reports about
// itself over its IPC channel for a measured window: event-loop delay and CPU time, and, when
// asked, a CPU profile of just that window (node:inspector, as --cpu-prof would take it).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessWindow {
  /** Event-loop delay over the window, ms. */
  lagP99: number;
  lagMax: number;
  /** CPU time (user + system) over the window, s. */
  cpuSeconds: number;
  wallSeconds: number;
  /** The server's PostgreSQL pool over the window: mean connections in use, mean and most callers waiting. */
  pool?: { busy: number; waiting: number; maxWaiting: number };
  /** Replies the server is still writing at the window's end. */
  running?: number;
}

/** More a child measures over a window, its figures merged into the window's. */
export interface ProbeExtra {
  start(): void;
  end(): Partial<ProcessWindow>;
}

/** Messages a child answers: start a window (optionally profiling it), end it. */
export type ProbeMessage = { probe: 'start'; profile?: string } | { probe: 'end' };

/**
 * Answers `{ probe: 'start' }` and `{ probe: 'end' }` on the IPC channel; the end's answer is a
 * ProcessWindow. With `profile`, the window's CPU profile is written to that file.
 */
export function answerProbes(extra?: ProbeExtra): void {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let cpu = process.cpuUsage();
  let wall = performance.now();
  let session: Session | undefined;
  let profileFile: string | undefined;
  process.on('message', async (m: ProbeMessage) => {
    if (m?.probe === 'start') {
      if (m.profile) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 500 });
        await session.post('Profiler.start');
        profileFile = m.profile;
      }
      extra?.start();
      lag.reset();
      cpu = process.cpuUsage();
      wall = performance.now();
      process.send?.({ probe: 'started' });
    } else if (m?.probe === 'end') {
      const used = process.cpuUsage(cpu);
      const window: ProcessWindow = {
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
        cpuSeconds: (used.user + used.system) / 1e6,
        wallSeconds: (performance.now() - wall) / 1000,
        ...extra?.end(),
      };
      if (session && profileFile) {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(profileFile, JSON.stringify(profile));
        session.disconnect();
        session = undefined;
      }
      process.send?.({ probe: 'window', window });
    }
  });
}
