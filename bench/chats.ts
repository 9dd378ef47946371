// Chat list under load: 50 users x 10,000 chats each, first and last page, SQLite and PostgreSQL,
// against a bare Fastify route measured in the same process.
import { randomUUID } from 'node:crypto';
import { createTestApp, LIST_CACHE_ENTRIES, signUp, type TestApp } from '@knap/server/testing';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { type Figure, load, printTable, saveResults } from './lib.js';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const CHATS_PER_USER = Number(process.env.BENCH_CHATS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

async function seed(t: TestApp): Promise<string[]> {
  const tokens: string[] = [];
  const start = Date.now();
  for (let u = 0; u < USERS; u++) {
    const user = await signUp(t, { email: `bench${u}@bench${u}.example` });
    tokens.push(user.token);
    const userId = (
      await t.db.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()
    ).id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < CHATS_PER_USER; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, CHATS_PER_USER - i) }, (_, k) => {
        const at = new Date(base + (i + k) * 60_000).toISOString();
        return {
          id: randomUUID(),
          user_id: userId,
          title: `Client review ${i + k}`,
          metadata: null,
          last_message_preview: 'Here is the summary of the meeting with the client and the next steps.',
          message_count: 4,
          unread: ((i + k) % 7 === 0 ? 1 : 0) as 0 | 1,
          created_at: at,
          updated_at: at,
        };
      });
      await t.db.db.insertInto('chats').values(rows).execute();
    }
    // Seeding skips the API, so it keeps the per-user counter itself.
    await t.db.db.updateTable('users').set({ chat_count: CHATS_PER_USER }).where('id', '=', userId).execute();
  }
  console.log(
    `  seeded ${USERS} users x ${CHATS_PER_USER} chats in ${((Date.now() - start) / 1000).toFixed(1)} s`,
  );
  return tokens;
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  databaseUrl: string | undefined,
): Promise<Figure[]> {
  console.log(`\n[${engine}] seeding…`);
  // The pool the server gets by default (DATABASE_POOL_MAX), not the tests' smaller one.
  const t = await createTestApp({ config: { databaseUrl, databasePoolMax: 10, logLevel: 'silent' } });
  try {
    const tokens = await seed(t);
    // What autovacuum does to a table this size in production: statistics for the planner and a
    // visibility map, so the list's index-only scan does not visit the table.
    if (engine === 'postgres') await sql`VACUUM ANALYZE chats`.execute(t.db.db);
    else await sql`ANALYZE`.execute(t.db.db);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/chat/chats?limit=50&skip=0',
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    console.log(`  a page of 50 is ${(first.rawPayload.length / 1024).toFixed(1)} KB`);
    const figures: Figure[] = [];
    // The first page, the middle (where an offset walks the most index entries: listChats counts
    // older pages from the oldest chat) and the last page.
    for (const skip of [0, CHATS_PER_USER / 2, CHATS_PER_USER - 50]) {
      const options = { connections: CONNECTIONS, durationSec: DURATION, tokens };
      // Unchanged chats: the same page asked again, as the chat panel's refresh does.
      figures.push(
        await load(
          `${engine}: skip=${skip}, unchanged`,
          `${url}/api/chat/chats?limit=50&skip=${skip}`,
          options,
        ),
      );
      // Every answer computed afresh: 50 neighbouring pages per user, more pages than the list
      // cache holds, asked in a cycle (so the cache, least recently used first, never has one).
      const pages = Math.ceil((LIST_CACHE_ENTRIES * 1.25) / tokens.length);
      const paths = Array.from({ length: pages * tokens.length }, (_, j) => {
        const at = Math.max(0, skip - pages) + Math.floor(j / tokens.length);
        return `/api/chat/chats?limit=50&skip=${at}`;
      });
      figures.push(
        await load(`${engine}: skip≈${skip}, computed`, `${url}/api/chat/chats`, { ...options, paths }),
      );
    }
    // The same deep pages as the panel asks for them, after the previous page's last chat (each
    // cursor is the next_cursor of a one-chat page just before it), computed afresh likewise.
    const pages = Math.ceil((LIST_CACHE_ENTRIES * 1.25) / tokens.length);
    const deep = CHATS_PER_USER - 50 - pages;
    const cursorPaths: string[] = [];
    for (let j = 0; j < pages * tokens.length; j++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/chat/chats?limit=1&skip=${deep + Math.floor(j / tokens.length) - 1}`,
        headers: { authorization: `Bearer ${tokens[j % tokens.length]}` },
      });
      cursorPaths.push(`/api/chat/chats?limit=50&cursor=${res.json().next_cursor}`);
    }
    figures.push(
      await load(`${engine}: skip≈${CHATS_PER_USER - 50} by cursor, computed`, `${url}/api/chat/chats`, {
        connections: CONNECTIONS,
        durationSec: DURATION,
        tokens,
        paths: cursorPaths,
      }),
    );
    return figures;
  } finally {
    await t.close();
  }
}

/** A bare Fastify route answering `body`: the framework and the load generator, and nothing else. */
async function bare(name: string, body: string): Promise<Figure> {
  const app = Fastify();
  const bytes = Buffer.from(body);
  app.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load(name, `${url}/bare`, { connections: CONNECTIONS, durationSec: DURATION });
  } finally {
    await app.close();
  }
}

/** A first page as the list answers it for the seeded chats: the same fields, the same size. */
function samplePage(): string {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const chats = Array.from({ length: 50 }, (_, i) => {
    const at = new Date(base + (CHATS_PER_USER - i) * 60_000).toISOString();
    return {
      id: randomUUID(),
      title: `Client review ${CHATS_PER_USER - i}`,
      created_at: at,
      updated_at: at,
      message_count: 4,
      last_message_preview: 'Here is the summary of the meeting with the client and the next steps.',
      out_of_tokens: false,
      unread: i % 7 === 0,
    };
  });
  const cursor = Buffer.from(`${chats[49]!.updated_at}|${chats[49]!.id}`).toString('base64url');
  return JSON.stringify({ chats, total: CHATS_PER_USER, has_more: true, next_cursor: cursor });
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// The baseline: a bare route with an empty list. The second sends a page's worth of bytes:
// reading 12 KB answers costs the load generator (on the same two cores) far more than reading
// 40 bytes, so it shows how close the list comes to what this machine can measure at all.
const baseline = await bare('bare Fastify route', JSON.stringify({ chats: [], total: 0, has_more: false }));
const page = samplePage();
const sameBytes = await bare(`bare route, ${(page.length / 1024).toFixed(1)} KB page`, page);
const figures = [baseline, sameBytes, ...(await benchEngine('sqlite', undefined))];
if (pgUrl) figures.push(...(await benchEngine('postgres', pgUrl)));
else console.log('\n(PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
printTable(
  `Chat list, ${CONNECTIONS} connections, ${DURATION} s each, ${USERS} users x ${CHATS_PER_USER} chats`,
  figures,
  baseline,
  sameBytes,
);
console.log(
  `\nresults: ${saveResults('chats', { date: new Date().toISOString(), users: USERS, chatsPerUser: CHATS_PER_USER, figures })}`,
);
