// PDF rendering and everyone else: /api/health latency idle, then while 8 large roadmap PDFs render
// at once (each finished one replaced at once), with rendering in the worker pool and, for
// contrast, on the event loop as before issue 21. Both loads run in their own processes.
import { createTestApp, inlinePdfRenderer, sampleRoadmap, signUp } from '@knap/server/testing';
import { type Figure, load, saveResults } from './lib.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const HEALTH_CONNECTIONS = 10;
const PDFS_AT_ONCE = 8;
/** The aim for /api/health's p99 while the PDFs render (issue 21). */
const AIM_P99_MS = 50;
// The first render starts a worker (0.5–1 s); measuring starts after it.
const WARM_UP_MS = 2000;

/** Near the largest roadmap the caps take: 72 gaps of 4,000 characters (~290,000), 61 pages. */
function largeRoadmap(): ReturnType<typeof sampleRoadmap> {
  const words = (n: number) => 'planning '.repeat(Math.ceil(n / 9)).slice(0, n);
  return sampleRoadmap({
    gaps: Array.from({ length: 72 }, () => ({
      category: 'wealthTransfer' as const,
      gap: words(2000),
      action: words(2000),
    })),
  });
}

interface Run {
  name: string;
  health: Figure;
  pdfs: Figure | null;
  /** PDFs rendered during the run. */
  rendered: number;
}

async function measure(
  name: string,
  pdf: ReturnType<typeof inlinePdfRenderer> | undefined,
  withPdfs: boolean,
): Promise<Run> {
  const t = await createTestApp({ config: { logLevel: 'silent' }, ...(pdf ? { pdf } : {}) });
  try {
    const user = await signUp(t);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const health = () =>
      load(name, `${url}/api/health`, { connections: HEALTH_CONNECTIONS, durationSec: DURATION });
    if (!withPdfs) return { name, health: await health(), pdfs: null, rendered: 0 };
    const rendering = load(`${name}: PDFs`, `${url}/api/pdf/generate`, {
      connections: PDFS_AT_ONCE,
      durationSec: DURATION + (WARM_UP_MS + 1000) / 1000,
      tokens: [user.token],
      bodies: [JSON.stringify(largeRoadmap())],
    });
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    const measured = await health();
    const pdfs = await rendering;
    return { name, health: measured, pdfs, rendered: t.app.deps.pdf.stats().completed };
  } finally {
    await t.close();
  }
}

const runs = [
  await measure('idle', undefined, false),
  await measure(`${PDFS_AT_ONCE} large PDFs, worker pool`, undefined, true),
  await measure(`${PDFS_AT_ONCE} large PDFs, on the event loop`, inlinePdfRenderer(), true),
];
const idle = runs[0]!.health;

console.log(
  `\n/api/health, ${HEALTH_CONNECTIONS} connections, ${DURATION} s each; PDFs: ${PDFS_AT_ONCE} at once, ~290,000 characters each`,
);
console.log(
  'scenario'.padEnd(36),
  'req/s'.padStart(7),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'p99 vs idle'.padStart(12),
  'PDFs'.padStart(5),
  'PDF p50 ms'.padStart(11),
  'errors'.padStart(7),
);
for (const { name, health, pdfs, rendered } of runs) {
  console.log(
    name.padEnd(36),
    String(health.reqPerSec).padStart(7),
    String(health.p50).padStart(7),
    String(health.p99).padStart(7),
    (health.p99 / Math.max(idle.p99, 1)).toFixed(1).padStart(12),
    (pdfs ? String(rendered) : '').padStart(5),
    (pdfs ? String(pdfs.p50) : '').padStart(11),
    String(health.errors + health.non2xx + (pdfs ? pdfs.errors + pdfs.non2xx : 0)).padStart(7),
  );
}
const pool = runs[1]!.health;
console.log(
  `\naim: health p99 under ${AIM_P99_MS} ms while ${PDFS_AT_ONCE} large PDFs render — ${pool.p99} ms with the pool: ${pool.p99 < AIM_P99_MS ? 'met' : 'NOT met'}`,
);
console.log(
  `results: ${saveResults('pdf-health', { date: new Date().toISOString(), durationSec: DURATION, runs })}`,
);
