// A worker for worker-pool.test.ts: 'grow' keeps what it allocates until the heap limit ends it;
// 'spin' runs until its signal ends it; anything else is echoed.
export default function hungry(task: string): string {
  if (task === 'spin') for (;;);
  if (task !== 'grow') return task;
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(kept.length));
}
