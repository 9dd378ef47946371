// `npm test`: lint, typecheck, unit + integration on SQLite (and PostgreSQL when TEST_DATABASE_URL
// is set), then end-to-end in Chromium. Missing services fail loudly; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });
const CHROMIUM = '/usr/bin/chromium';
const summary = [];
let passed = 0;
let failed = 0;

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title} ━━\n$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

/**
 * Installs the Debian packages whose files are missing, in one apt-get run (as root; otherwise says
 * how). `needs` maps a file to the package that provides it.
 */
function ensureDebianPackages(needs) {
  const missing = Object.entries(needs).filter(([file]) => !existsSync(file));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg).join(' ');
  const cmd = `apt-get update && apt-get install -y ${packages}`;
  const what = missing.map(([file, pkg]) => `${file} (${pkg})`).join(', ');
  if (process.getuid?.() !== 0) fail(`Missing ${what}. Install with:\n  sudo sh -c '${cmd}'`);
  console.log(`Missing ${what}; installing from Debian…`);
  const res = spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${cmd}`], { stdio: 'inherit' });
  if (res.status !== 0 || missing.some(([file]) => !existsSync(file)))
    fail(`Could not install ${packages}. Run: ${cmd}`);
}

function reachable(url, defaultPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function vitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (skipped > 0)
    summary.push(`${path.basename(file)}: ${skipped} skipped or todo — nothing may be skipped`);
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + skipped + (r.numTotalTests === 0 ? 1 : 0),
    total: r.numTotalTests,
  };
}

function record(label, counts, ok) {
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`${label}: ${counts.total} tests (${counts.passed} passed, ${counts.failed} failed)`);
  return ok && counts.failed === 0 && counts.total > 0;
}

function vitest(label, args, env) {
  const file = path.join(out, `vitest-${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) fail(`${label}: vitest wrote no results`);
  return record(label, vitestCounts(file), ok);
}

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
let ok = true;

// End-to-end runs in Debian's Chromium; the PDF tests read PDFs back with poppler's pdftotext.
ensureDebianPackages({ [CHROMIUM]: 'chromium', '/usr/bin/pdftotext': 'poppler-utils' });
if (pgUrl && !(await reachable(pgUrl, 5432)))
  fail(`TEST_DATABASE_URL is set but PostgreSQL does not answer at ${pgUrl}`);
if (redisUrl && !(await reachable(redisUrl, 6379)))
  fail(`TEST_REDIS_URL is set but Redis does not answer at ${redisUrl}`);

if (!run('lint', 'npm', ['run', 'lint', '--silent']))
  fail('lint failed (npm run format fixes formatting; ARCHITECTURE.md § Modules explains a wall)');
if (!run('typecheck', 'npx', ['tsc', '-b'])) fail('typecheck failed');

// Scale-out starts two server processes on one PostgreSQL and one Redis, and Stop across
// instances drops Redis under them: the PostgreSQL run only (with Redis).
const REDIS_ONLY = ['**/scale-out.test.ts', '**/assistant/stop.test.ts'].flatMap((glob) => [
  '--exclude',
  glob,
]);
ok =
  vitest('unit + integration on SQLite', REDIS_ONLY, {
    TEST_DATABASE_URL: '',
    TEST_REDIS_URL: '',
  }) && ok;
if (pgUrl) {
  ok =
    vitest('integration on PostgreSQL', ['--project', 'server', ...(redisUrl ? [] : REDIS_ONLY)], {
      TEST_DATABASE_URL: pgUrl,
      TEST_REDIS_URL: redisUrl ?? '',
    }) && ok;
  if (!redisUrl)
    summary.push('scale-out and Stop across instances: not run (TEST_REDIS_URL is not set; .ci/run sets it)');
} else {
  summary.push('integration on PostgreSQL: not run (TEST_DATABASE_URL is not set; .ci/run sets it)');
}
if (redisUrl)
  summary.push(
    `Redis at ${redisUrl}: answering (the PostgreSQL run pushes through it and runs two instances on it)`,
  );

if (!run('build web app', 'npm', ['run', 'build'])) fail('web build failed');
const e2eFile = path.join(out, 'e2e.json');
const e2eOk = run(
  'end-to-end in Chromium',
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
  },
);
if (!existsSync(e2eFile)) fail('end-to-end: playwright wrote no results');
const e2e = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
ok =
  record(
    'end-to-end (Chromium)',
    {
      passed: e2e.expected,
      failed: e2e.unexpected + e2e.flaky,
      total: e2e.expected + e2e.unexpected + e2e.flaky + e2e.skipped,
    },
    e2eOk,
  ) && ok;
if (e2e.skipped > 0) {
  ok = false;
  summary.push(`end-to-end: ${e2e.skipped} skipped — nothing may be skipped`);
}

console.log(`\n━━ summary ━━\n${summary.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
