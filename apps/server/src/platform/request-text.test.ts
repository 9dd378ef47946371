// Text a database cannot store, sent to the endpoints that store text: each is refused with a 4xx
// {detail} before anything is written, on both engines (PostgreSQL answered 500 to most of them).
import {
  ASSISTANT_PATHS,
  CHAT_PATHS,
  CLIENT_REVIEW_PATHS,
  CONNECTION_PATHS,
  DETAIL,
  EMAIL_PATHS,
  FINANCIAL_PLAN_PATHS,
  FIRST_IMPRESSIONS_PATHS,
  KNAP_PATHS,
  MAX_JSON_DEPTH,
  NEWSLETTER_PATHS,
  type TBriefing,
  type TClientReview,
  type TFinancialPlan,
  type TNewsletter,
  USER_PATHS,
} from '@knap/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf } from '../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../testing/users.js';
import { unstorable } from './request-text.js';

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'before\ud800after';

/** Objects nested `depth` deep, as JSON text (JSON.stringify would recurse past the stack). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('unstorable', () => {
  it('finds the first value or key that cannot be stored, and nesting past the limit', () => {
    expect(unstorable({ a: ['ok', { b: NUL }] }, 'body')?.detail).toBe(
      `Invalid body.a.1.b: ${DETAIL.nulCharacter}`,
    );
    expect(unstorable({ meta: { [LONE_SURROGATE]: 1 } }, 'body')?.detail).toBe(
      `Invalid body.meta: ${DETAIL.loneSurrogate}`,
    );
    expect(unstorable({ q: ['x', 'y\u0000'] }, 'querystring')?.detail).toBe(
      `Invalid querystring.q.1: ${DETAIL.nulCharacter}`,
    );
    // A pair of surrogates is one character (an emoji), and fine.
    expect(unstorable({ a: 'ok 😀 \ud83d\ude00', b: 'ü' }, 'body')).toBeNull();
    expect(unstorable(JSON.parse(nested(MAX_JSON_DEPTH)), 'body')).toBeNull();
    const deep = unstorable(JSON.parse(nested(100_000)), 'body');
    expect([deep?.status, deep?.detail]).toEqual([400, DETAIL.jsonTooDeep(MAX_JSON_DEPTH)]);
  });
});

describe(`text a database cannot store (${testEngine()})`, () => {
  let t: TestApp;
  let user: SignedInUser;
  let chatId: string;
  let newsletter: TNewsletter;
  let plan: TFinancialPlan;
  let review: TClientReview;
  let briefing: TBriefing;

  beforeAll(async () => {
    t = await createTestApp({ config: { knapDefaults: ['advancedPlanning'] } });
    user = await signUp(t, { name: 'Dana Park' });
    const call = as(t, user);
    const created = async <T>(url: string, payload: object) => {
      const res = await call({ method: 'POST', url, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    chatId = (await created<{ id: string }>(CHAT_PATHS.chats, { title: 'Planning' })).id;
    newsletter = await created(NEWSLETTER_PATHS.list, {
      kind: 'topics',
      topics: ['Market update'],
      tone: 'warm',
      length: 'short',
    });
    plan = await created(FINANCIAL_PLAN_PATHS.list, { client_name: 'Ann Henderson' });
    review = await created(CLIENT_REVIEW_PATHS.list, {
      client_name: 'Ann Henderson',
      period_label: '2026 annual review',
      period_start: '2026-01-01',
      period_end: '2026-12-31',
    });
    briefing = await created(FIRST_IMPRESSIONS_PATHS.list, { name: 'Ann Henderson' });
  });
  afterAll(() => t.close());

  /** Every row the endpoints below could write, and the user's name. */
  async function stored(): Promise<string> {
    const db = t.db.db;
    const tables = [
      'chats',
      'messages',
      'mcp_servers',
      'newsletters',
      'financial_plans',
      'client_reviews',
      'briefings',
      'outbox_emails',
      'knap_component_data',
      'credit_ledger',
      'audit_log',
    ] as const;
    const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
    const names = await db.selectFrom('users').select('name').orderBy('id').execute();
    return JSON.stringify([rows, names]);
  }

  /** Each endpoint with `text` in one of the fields it stores. */
  const requests: Array<[string, (text: string) => InjectOptions]> = [
    ['chat create', (text) => ({ method: 'POST', url: CHAT_PATHS.chats, payload: { title: text } })],
    ['chat rename', (text) => ({ method: 'PUT', url: CHAT_PATHS.chat(chatId), payload: { title: text } })],
    [
      'chat message',
      (text) => ({
        method: 'POST',
        url: CHAT_PATHS.messages(chatId),
        payload: { role: 'user', content: text },
      }),
    ],
    [
      'chat message metadata key',
      (text) => ({
        method: 'POST',
        url: CHAT_PATHS.messages(chatId),
        payload: { role: 'user', content: 'ok', metadata: { [text]: 'x' } },
      }),
    ],
    [
      'completion',
      (text) => ({
        method: 'POST',
        url: ASSISTANT_PATHS.completion,
        payload: { chat_id: chatId, message: { content: text } },
      }),
    ],
    [
      'knap process',
      (text) => ({
        method: 'POST',
        url: KNAP_PATHS.process,
        payload: {
          component_id: 'meeting-notes',
          input_data: { notes: text },
          next_step: 'client-profile',
          next_component_id: 'client-profile',
        },
      }),
    ],
    [
      'MCP URL add',
      (text) => ({
        method: 'POST',
        url: CONNECTION_PATHS.addMcpUrl,
        payload: { mcp_description: text, mcp_url: 'https://mcp.example.com/mcp' },
      }),
    ],
    [
      'newsletter save',
      (text) => ({
        method: 'PUT',
        url: NEWSLETTER_PATHS.newsletter(newsletter.id),
        payload: { subject: 'Market update', body: text, settings: newsletter.settings },
      }),
    ],
    [
      'financial plan save',
      (text) => ({
        method: 'PUT',
        url: FINANCIAL_PLAN_PATHS.plan(plan.id),
        payload: { ...plan.inputs, narrative: text },
      }),
    ],
    [
      'client review save',
      (text) => ({
        method: 'PUT',
        url: CLIENT_REVIEW_PATHS.review(review.id),
        payload: {
          period_label: review.period_label,
          sections: review.sections,
          email: { ...review.email, body: text },
        },
      }),
    ],
    [
      'briefing save',
      (text) => ({
        method: 'PUT',
        url: FIRST_IMPRESSIONS_PATHS.briefing(briefing.id),
        payload: { briefing: text, questions: ['What matters most?'] },
      }),
    ],
    ['profile name', (text) => ({ method: 'PUT', url: USER_PATHS.name, payload: { name: text } })],
    [
      'email send (multipart)',
      (text) => ({
        method: 'POST',
        url: EMAIL_PATHS.send,
        payload: formOf({
          to: 'ann@henderson.example',
          subject: 'Your plan',
          body: text,
          connection_type: 'Gmail',
        }),
      }),
    ],
    [
      'query string (chat search)',
      (text) => ({ method: 'GET', url: `${CHAT_PATHS.search}?q=${encodeURIComponent(text)}` }),
    ],
    ['path (chat id)', (text) => ({ method: 'PUT', url: CHAT_PATHS.chat(text), payload: { title: 'x' } })],
  ];

  it.each(requests)('%s: the same request with plain text is stored', async (_name, request) => {
    const res = await as(t, user)(request('Plain text'));
    // The path case has no such chat; every other stores what it was sent.
    expect(res.statusCode, res.body).toBe(_name.startsWith('path') ? 404 : 200);
  });

  // URLs and multipart forms travel as UTF-8, which cannot spell a lone surrogate (a form's bytes
  // for one decode to U+FFFD; a path's answer 400; a query keeps the escape as typed): only JSON's
  // \u escapes can.
  const jsonRequests = requests.filter(([name]) => !/query|path|multipart/.test(name));
  for (const [kind, text, sent] of [
    ['NUL', NUL, requests],
    ['a lone surrogate', LONE_SURROGATE, jsonRequests],
  ] as const) {
    const detail = kind === 'NUL' ? DETAIL.nulCharacter : DETAIL.loneSurrogate;
    it.each(sent)(`%s: text with ${kind} is refused and nothing is written`, async (_name, request) => {
      const before = await stored();
      const res = await as(t, user)(request(text));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toMatch(
        new RegExp(`^Invalid (body|form|querystring|params)\\b.*: ${detail}$`),
      );
      expect(await stored()).toBe(before);
    });
  }

  it('refuses metadata nested 10,000 deep with 400 and writes nothing', async () => {
    const before = await stored();
    const res = await as(
      t,
      user,
    )({
      method: 'POST',
      url: CHAT_PATHS.messages(chatId),
      headers: { 'content-type': 'application/json' },
      payload: `{"role":"user","content":"deep","metadata":${nested(10_000)}}`,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { detail: DETAIL.jsonTooDeep(MAX_JSON_DEPTH) }]);
    expect(await stored()).toBe(before);
    const shallow = await as(
      t,
      user,
    )({
      method: 'POST',
      url: CHAT_PATHS.messages(chatId),
      headers: { 'content-type': 'application/json' },
      payload: `{"role":"user","content":"shallow","metadata":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(shallow.statusCode, shallow.body).toBe(200);
  });
});
