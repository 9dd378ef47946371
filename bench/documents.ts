// Client documents (issue 26): how long reading a long PDF takes per page (upload to stored
// passages, in the worker pool), and how long one question's search takes over 1,000 pages, with
// whether it found the page that holds the answer. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
import {
  as,
  createTestApp,
  passagesForQuestion,
  pdfOf,
  signUp,
  testEngine,
  uploadDocument,
} from '@knap/server/testing';
import { saveResults } from './lib.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 200);

/** About 1,800 characters of filing prose a page, every page different, one fact of its own each. */
function pageText(n: number): string {
  const words = [
    'revenue',
    'operating',
    'expenses',
    'allocation',
    'equity',
    'fixed',
    'income',
    'fund',
    'risk',
    'quarter',
  ];
  const prose = Array.from({ length: 220 }, (_, i) => words[(n * 7 + i * 3) % words.length]).join(' ');
  return `Page ${n}. Holding code Z${n}Q is valued at ${(n * 1234) % 99_991} dollars. ${prose}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const t = await createTestApp({
  config: {
    logLevel: 'silent',
    documents: {
      maxBytes: 200 * 1024 * 1024,
      kinds: ['pdf'],
      maxPages: PAGES,
      maxCells: 200_000,
      maxUnpackedBytes: 500 * 1024 * 1024,
      maxImagePixels: 40_000_000,
      scanPages: 0,
      workers: 1,
    },
  },
});
try {
  const user = await signUp(t);
  const call = as(t, user);
  const userId = (await call({ method: 'GET', url: '/api/studio/users/me' })).json().uuid as string;
  const made = performance.now();
  const pdf = await pdfOf(Array.from({ length: PAGES }, (_, i) => pageText(i + 1)));
  const makeMs = performance.now() - made;

  // The first document pays the worker's start (tsx and pdf.js load): a one-page warm-up.
  await uploadDocument(call, 'warm-up.pdf', await pdfOf(['warm up']), 'application/pdf');
  const started = performance.now();
  const res = await uploadDocument(call, 'filing.pdf', pdf, 'application/pdf');
  const readMs = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const documentId = res.json().id as string;

  const times: number[] = [];
  let right = 0;
  for (let q = 0; q < QUESTIONS; q += 1) {
    const page = 1 + ((q * 7919) % PAGES);
    const begun = performance.now();
    const found = await passagesForQuestion(t.app.deps, {
      userId,
      documentIds: [documentId],
      question: `What is holding Z${page}Q valued at?`,
    });
    times.push(performance.now() - begun);
    if (found.passages[0]?.page === page) right += 1;
  }
  times.sort((a, b) => a - b);

  const figures = {
    engine: testEngine(),
    pages: PAGES,
    pdf_bytes: pdf.length,
    passages: res.json().passages as number,
    make_pdf_ms: Math.round(makeMs),
    read_ms: Math.round(readMs),
    read_ms_per_page: Number((readMs / PAGES).toFixed(2)),
    questions: QUESTIONS,
    search_p50_ms: Number(percentile(times, 0.5).toFixed(2)),
    search_p99_ms: Number(percentile(times, 0.99).toFixed(2)),
    right_page_first: `${right}/${QUESTIONS}`,
  };
  console.log(
    `\nDocuments on ${figures.engine}: a ${PAGES}-page PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MB)`,
  );
  console.log(
    `  read into ${figures.passages} passages in ${figures.read_ms} ms: ${figures.read_ms_per_page} ms a page`,
  );
  console.log(
    `  search, ${QUESTIONS} questions: p50 ${figures.search_p50_ms} ms, p99 ${figures.search_p99_ms} ms; right page first ${figures.right_page_first}`,
  );
  console.log(`  results: ${saveResults('documents', figures)}`);
} finally {
  await t.close();
}
