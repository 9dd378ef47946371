// The server as a deployment runs it: `main.ts` in a child process of its own, configured by
// environment only, for the tests that kill, signal or restart it (main.test.ts, crash.test.ts,
// scale-out.test.ts). Its URL is read from the "open <url>" line it prints once it listens.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/**
 * How long a process may take to say where it listens: tsx compiles the server as it loads, which
 * on a loaded 2-core machine, after migrations through a proxy, has taken over 20 s.
 */
export const SERVER_START_MS = 45_000;

export interface ServerProcess {
  proc: ChildProcessByStdio<null, Readable, Readable>;
  /** Its exit code and how long after the spawn it came. */
  exited: Promise<{ code: number | null; ms: number }>;
  /** What it wrote to stdout (the log) and to stderr, so far. */
  output(): string;
  errors(): string;
}

/**
 * Spawns `main.ts` with `env` (and PATH, LOG_LEVEL=warn unless given). It is killed after
 * `killAfterMs`, so a test that fails early leaves no server behind.
 */
export function spawnServer(
  env: Record<string, string>,
  { killAfterMs }: { killAfterMs: number },
): ServerProcess {
  const started = Date.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => {
    out += c;
  });
  proc.stderr.on('data', (c: Buffer) => {
    err += c;
  });
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    proc.on('exit', (code) => resolve({ code, ms: Date.now() - started })),
  );
  const timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
  void exited.then(() => clearTimeout(timer));
  return { proc, exited, output: () => out, errors: () => err };
}

/**
 * The URL the server says it listens on, once it says so. A server that exits first, or says
 * nothing within `ms`, is killed and the error carries what it wrote.
 */
export async function listeningUrl(server: ServerProcess, ms = SERVER_START_MS): Promise<string> {
  const end = Date.now() + ms;
  while (Date.now() < end && server.proc.exitCode === null) {
    const url = /open (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url) return url;
    await new Promise((r) => setTimeout(r, 50));
  }
  server.proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${server.output()}${server.errors()}`);
}
