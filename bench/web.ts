// Web budget: the JS each page loads (raw and gzipped), measured in Chromium with the cache off,
// against the built app served by the real server; and the widget loader's size (10 KB gzipped).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { saveResults } from './lib.js';

const BUDGET_GZIP_BYTES = 200 * 1024;
/** The widget loader a host page adds with one script tag. */
const LOADER_BUDGET_GZIP_BYTES = 10 * 1024;
/** The largest scripts of each page, printed so a growing page says where it grew. */
const LARGEST_SHOWN = 8;
const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-bench-web-')),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, proc };
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill();
  throw new Error('server did not start');
}

/** The bytes the server sends for `url` to a browser that accepts Brotli and gzip, as they are. */
function sentBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

const { url, proc } = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  async function measure(name: string, pathname: string, ready: string) {
    const scripts = new Map<string, Buffer>();
    const onResponse = async (res: import('playwright-core').Response) => {
      if (res.request().resourceType() === 'script')
        scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    };
    page.on('response', onResponse);
    await page.goto(`${url}${pathname}`, { waitUntil: 'networkidle' });
    await page.getByText(ready).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const raw = [...scripts.values()].reduce((n, b) => n + b.length, 0);
    const gzip = [...scripts.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    let sent = 0;
    for (const script of scripts.keys()) sent += await sentBytes(script);
    const largest = [...scripts]
      .map(([src, body]) => ({ file: new URL(src).pathname, gzip: gzipSync(body, { level: 9 }).length }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, LARGEST_SHOWN);
    return { name, files: scripts.size, raw, gzip, sent, largest };
  }

  const results = [await measure('/signin', '/signin', 'Sign in')];
  await page.request.post(`${url}/api/authentication/register`, {
    data: { email: 'bench@bench.example', password: 'bench password 1', name: 'Bench' },
  });
  results.push(await measure('/chat (signed in)', '/chat', 'Chat'));

  // An open chat with a streamed reply: includes the lazily loaded assistant and markdown chunks.
  const { access_token } = (await (
    await page.request.post(`${url}/api/authentication/login`, {
      data: { email: 'bench@bench.example', password: 'bench password 1' },
    })
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const chat = (await (await page.request.post(`${url}/api/chat/chats`, { headers, data: {} })).json()) as {
    id: string;
  };
  await page.request.post(`${url}/api/chat/completion`, {
    headers,
    data: { chat_id: chat.id, message: { content: 'Hello' } },
  });
  results.push(await measure('/chat?id= (open chat)', `/chat?id=${chat.id}`, 'built-in demo assistant'));

  console.log('\nJS loaded per page (cache off)');
  console.log(
    'page'.padEnd(22),
    'files'.padStart(6),
    'raw KB'.padStart(9),
    'gzip KB'.padStart(9),
    'sent KB'.padStart(9),
    'budget'.padStart(12),
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(22),
      String(r.files).padStart(6),
      (r.raw / 1024).toFixed(1).padStart(9),
      (r.gzip / 1024).toFixed(1).padStart(9),
      (r.sent / 1024).toFixed(1).padStart(9),
      `${((r.gzip / BUDGET_GZIP_BYTES) * 100).toFixed(0)}% of 200`.padStart(12),
    );
  }
  for (const r of results) {
    console.log(`\nlargest scripts of ${r.name} (gzip KB)`);
    for (const { file, gzip } of r.largest) console.log(`  ${(gzip / 1024).toFixed(1).padStart(7)}  ${file}`);
  }
  const loader = Buffer.from(await (await fetch(`${url}/widget.js`)).arrayBuffer());
  const loaderGzip = gzipSync(loader, { level: 9 }).length;
  console.log(
    `\nwidget loader /widget.js: ${(loader.length / 1024).toFixed(1)} KB raw, ${(loaderGzip / 1024).toFixed(1)} KB gzip (${((loaderGzip / LOADER_BUDGET_GZIP_BYTES) * 100).toFixed(0)}% of the 10 KB budget)`,
  );
  console.log(
    `\nresults: ${saveResults('web', { date: new Date().toISOString(), budgetGzipBytes: BUDGET_GZIP_BYTES, results, loader: { raw: loader.length, gzip: loaderGzip } })}`,
  );
  if (loaderGzip > LOADER_BUDGET_GZIP_BYTES) {
    console.error('widget loader over budget');
    process.exitCode = 1;
  }
  // The budget is the chat page's first load; an open chat adds the lazily loaded assistant and
  // markdown chunks, printed above for the record.
  const over = results.filter((r) => r.name === '/chat (signed in)' && r.gzip > BUDGET_GZIP_BYTES);
  if (over.length) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  proc.kill('SIGTERM');
}
