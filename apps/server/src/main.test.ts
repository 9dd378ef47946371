// The process as `npm start` runs it: boots on embedded defaults, stops cleanly on SIGTERM, and
// refuses a bad configuration with one line naming the variable.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
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
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, exited, output: () => out, errors: () => err };
}

async function waitFor<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('the server process', () => {
  it('starts on embedded defaults, prints the URL, and exits 0 on SIGTERM after finishing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-main-'));
    const s = start({ PORT: '0', DATA_DIR: dataDir });
    const url = await waitFor(() => /open (http:\/\/\S+)/.exec(s.output())?.[1]);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'sqlite' });
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('refuses a bad value with one line naming the variable', async () => {
    const s = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-main-')) });
    expect(await s.exited).toBe(1);
    expect(s.errors().trim().split('\n')).toHaveLength(1);
    expect(s.errors()).toMatch(/^Invalid configuration: PORT /);
  });
});
