// A second app server for specs that need settings the main e2e server (playwright.config.ts)
// does not have: the same build and code, on a free port with a data directory of its own and the
// extra environment the spec gives. Started per worker by the spec that uses it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app server did not answer within 60 s:\n${log()}`);
}

export interface AppServer {
  /** The app's base URL. */
  url: string;
  /** Ends the process with the signal (SIGKILL: a crash) and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the same server again: same port, data directory and environment. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-e2e-app-'));
  let child: ChildProcess | null = null;

  const start = async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = server;
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await waitForHealth(url, server, () => stderr);
    } catch (error) {
      server.kill('SIGKILL');
      throw error;
    }
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  try {
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    kill,
    start,
    close: async () => {
      await kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
