// A streaming reply's checkpoint (every 250 ms per reply): the update of its row as it grows, on
// SQLite and PostgreSQL, against the same update of a written reply in the same process — which
// the search index follows (migration 0033 leaves streaming rows out of it), as every checkpoint
// did before. Blocks of each kind alternate, so a busy machine slows both alike.
import { CHAT_PATHS } from '@knap/contracts';
import { as, createTestApp, signUp, type TestApp } from '@knap/server/testing';
import { saveResults } from './lib.js';

const UPDATES = Number(process.env.BENCH_UPDATES ?? 3000);
const BLOCK = 100;
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
  await t.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const figure = { streaming: median(times.streaming), written: median(times.written) };
  console.log(
    `${t.db.engine.padEnd(8)} checkpoint of a streaming reply ${figure.streaming.toFixed(0).padStart(4)} µs;` +
      ` the same update of a written (indexed) reply ${figure.written.toFixed(0).padStart(4)} µs;` +
      ` ratio ${(figure.streaming / figure.written).toFixed(2)}`,
  );
  return { engine: t.db.engine, ...figure };
}

console.log(
  `checkpoints: ${UPDATES} updates of each kind, in blocks of ${BLOCK}, medians of the blocks' means`,
);
const results = [await benchEngine(undefined)];
if (DATABASE_URL) results.push(await benchEngine(DATABASE_URL));
console.log(`results: ${saveResults('checkpoints', results)}`);
