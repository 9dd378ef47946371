// A streaming reply's checkpoint (every 250 ms per reply): the update of its row as it grows, on
// SQLite and PostgreSQL, against the same update of a written reply in the same process — which
// the search index follows (migration 0033 leaves streaming rows out of it), as every checkpoint
// did before. And a round of checkpoints of many replies at once (what 100 streams bring every
// 250 ms): one statement each, as before, against the checkpoint writer's one statement for all
// (chats/checkpoints.ts). Blocks of each kind alternate, so a busy machine slows both alike.
import { CHAT_PATHS } from '@knap/contracts';
import { as, createCheckpointWriter, createTestApp, signUp, type TestApp } from '@knap/server/testing';
import { saveResults } from './lib.js';

const UPDATES = Number(process.env.BENCH_UPDATES ?? 3000);
const BLOCK = 100;
const ROUND = Number(process.env.BENCH_ROUND ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** A reply as it grows: 1,500 characters of advisor prose, checkpointed 5 words at a time. */
const REPLY = Array.from(
  { length: 300 },
  (_, i) => ['The', 'Roth', 'conversion', 'ladder', 'keeps', 'taxes', 'low', 'this', 'year'][i % 9],
).join(' ');

async function replyRow(t: TestApp, state: 'streaming' | null): Promise<string> {
  const user = await signUp(t);
  const call = as(t, user);
  const chat = (await call({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: 'Bench' } })).json();
  await call({
    method: 'POST',
    url: CHAT_PATHS.messages(chat.id),
    payload: { role: 'assistant', content: '…' },
  });
  const { id } = await t.db.db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chat.id)
    .executeTakeFirstOrThrow();
  await t.db.db.updateTable('messages').set({ state }).where('id', '=', id).execute();
  return id;
}

async function benchEngine(databaseUrl: string | undefined) {
  const t = await createTestApp({ config: { databaseUrl } });
  const rows = { streaming: await replyRow(t, 'streaming'), written: await replyRow(t, null) };
  const times: Record<keyof typeof rows, number[]> = { streaming: [], written: [] };
  let n = 0;
  const checkpoint = async (id: string) => {
    const content = REPLY.slice(0, ((n++ % 60) + 1) * 25);
    await t.db.db
      .updateTable('messages')
      .set({
        content,
        metadata: JSON.stringify({ parts: [{ type: 'text', text: content, state: 'streaming' }] }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  };
  for (let done = 0; done < UPDATES; done += BLOCK)
    for (const kind of ['streaming', 'written'] as const) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < BLOCK; i++) await checkpoint(rows[kind]);
      times[kind].push(Number(process.hrtime.bigint() - start) / 1e3 / BLOCK);
    }
  const round = await roundOfCheckpoints(t);
  await t.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const figure = { streaming: median(times.streaming), written: median(times.written) };
  console.log(
    `${t.db.engine.padEnd(8)} checkpoint of a streaming reply ${figure.streaming.toFixed(0).padStart(4)} µs;` +
      ` the same update of a written (indexed) reply ${figure.written.toFixed(0).padStart(4)} µs;` +
      ` ratio ${(figure.streaming / figure.written).toFixed(2)}`,
  );
  console.log(
    `${t.db.engine.padEnd(8)} a round of ${ROUND} replies' checkpoints: one statement each ${round.each.toFixed(1).padStart(6)} ms;` +
      ` together ${round.together.toFixed(1).padStart(6)} ms; ratio ${(round.together / round.each).toFixed(2)}`,
  );
  return { engine: t.db.engine, ...figure, round };
}

/** Median time of a round of ROUND replies' checkpoints at once, each way. */
async function roundOfCheckpoints(t: TestApp) {
  const ids = await Promise.all(Array.from({ length: ROUND }, () => replyRow(t, 'streaming')));
  const writer = createCheckpointWriter(t.db);
  const row = (i: number) => {
    const content = REPLY.slice(0, ((i % 60) + 1) * 25);
    return {
      content,
      metadata: JSON.stringify({ parts: [{ type: 'text', text: content, state: 'streaming' }] }),
      updated_at: new Date().toISOString(),
    };
  };
  const ways = {
    each: (i: number) =>
      Promise.all(
        ids.map((id) =>
          t.db.db
            .updateTable('messages')
            .set({ ...row(i), state: 'streaming' })
            .where('id', '=', id)
            .execute(),
        ),
      ),
    together: (i: number) => Promise.all(ids.map((id) => writer.write(id, row(i)))),
  };
  const times: Record<keyof typeof ways, number[]> = { each: [], together: [] };
  for (let i = 0; i < ROUNDS; i++)
    for (const way of ['each', 'together'] as const) {
      const start = process.hrtime.bigint();
      await ways[way](i);
      times[way].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { each: median(times.each), together: median(times.together) };
}

console.log(
  `checkpoints: ${UPDATES} updates of each kind, in blocks of ${BLOCK}, medians of the blocks' means`,
);
const results = [await benchEngine(undefined)];
if (DATABASE_URL) results.push(await benchEngine(DATABASE_URL));
console.log(`results: ${saveResults('checkpoints', results)}`);
