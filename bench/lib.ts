// Shared bench helpers: run autocannon, and print figures with ratios to a baseline.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';

export interface Figure {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Runs autocannon in a child process, so the load generator does not share the server's event
 * loop. `tokens` are rotated across requests as bearer tokens, `paths` likewise.
 */
export async function load(
  name: string,
  url: string,
  options: {
    connections: number;
    durationSec: number;
    tokens?: string[];
    bodies?: string[];
    /** Paths (with query) rotated across requests, by the same index as the tokens. */
    paths?: string[];
  },
): Promise<Figure> {
  const child = fork(path.join(import.meta.dirname, 'load-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    child.once('message', (m) => resolve(m as autocannon.Result));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
    child.send({
      url,
      connections: options.connections,
      duration: options.durationSec,
      tokens: options.tokens ?? [],
      bodies: options.bodies,
      paths: options.paths,
    });
  });
  child.kill();
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Prints the figures with each one's throughput against `baseline`, and against `sameBytes` when
 * given (a bare route sending an answer of the same size, which is what the load generator itself
 * can take in).
 */
export function printTable(title: string, figures: Figure[], baseline: Figure, sameBytes?: Figure): void {
  console.log(`\n${title}`);
  console.log(
    'scenario'.padEnd(44),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'vs bare req/s'.padStart(14),
    ...(sameBytes ? ['vs same bytes'.padStart(14)] : []),
    'errors'.padStart(7),
  );
  for (const f of figures) {
    console.log(
      f.name.padEnd(44),
      String(f.reqPerSec).padStart(8),
      String(f.p50).padStart(8),
      String(f.p99).padStart(8),
      (f.reqPerSec / baseline.reqPerSec).toFixed(2).padStart(14),
      ...(sameBytes ? [(f.reqPerSec / sameBytes.reqPerSec).toFixed(2).padStart(14)] : []),
      String(f.errors + f.non2xx).padStart(7),
    );
  }
}

/** POSTs JSON (as `token`'s user when given); answers the JSON answer, or throws on a status not 2xx. */
export async function post(
  url: string,
  token: string | null,
  body: unknown,
): Promise<Record<string, string>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, string>>;
}

export function saveResults(name: string, data: unknown): string {
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
