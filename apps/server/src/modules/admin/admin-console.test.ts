import { ADMIN_PATHS, CHAT_PATHS, COMPLIANCE_PATHS, KNAP_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, joinByInvitation, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { recordAudit } from '../audit/service.js';
import { weekStartOf } from './service.js';

describe(`the admin console (${testEngine()})`, () => {
  let t: TestApp;
  let admin: SignedInUser;
  let advisor: SignedInUser;
  let rival: SignedInUser;
  let advisorId: string;
  let rivalId: string;
  // A Thursday: its week starts Monday 2026-11-16.
  const clock = fixedClock('2026-11-19T15:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signUp(t, { email: 'ada@harbor-wealth.example', name: 'Ada Admin' });
    advisor = await signUp(t, { email: 'bo@harbor-wealth.example', name: 'Bo Advisor' });
    rival = await signUp(t, { email: 'cy@other-firm.example', name: 'Cy Rival' });
    await joinByInvitation(t, admin, { user: advisor });
    advisorId = await userIdOf(t, advisor.email);
    rivalId = await userIdOf(t, rival.email);
  });
  afterAll(() => t.close());

  const call = (u: SignedInUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    as(t, u)({ method, url, ...(payload ? { payload } : {}) });
  const chatOf = async (u: SignedInUser, title: string, words: string) => {
    const chat = (await call(u, 'POST', '/api/chat/chats', { title, initial_message: words })).json();
    await call(u, 'POST', `/api/chat/chats/${chat.id}/messages`, { role: 'user', content: words });
    await call(u, 'POST', `/api/chat/chats/${chat.id}/messages`, {
      role: 'assistant',
      content: `About ${words}`,
    });
    return chat.id as string;
  };

  it('answers 404 to a member on every admin endpoint, and changes nothing', async () => {
    const chatId = await chatOf(admin, 'Admin notes', 'succession');
    const endpoints: Array<[string, string, object?]> = [
      ['GET', ADMIN_PATHS.members],
      ['PUT', ADMIN_PATHS.memberRole(advisorId), { role: 'admin' }],
      ['PUT', ADMIN_PATHS.memberKnap(advisorId, 'Prospecting')],
      ['DELETE', ADMIN_PATHS.memberKnap(advisorId, 'Prospecting')],
      ['POST', ADMIN_PATHS.memberCredits(advisorId), { delta: 10, reason: 'bonus' }],
      ['GET', ADMIN_PATHS.memberChats(advisorId)],
      ['GET', ADMIN_PATHS.knapRequests],
      ['POST', ADMIN_PATHS.knapRequestDecision('x'), { status: 'approved' }],
      ['GET', ADMIN_PATHS.organization],
      ['PUT', ADMIN_PATHS.organization, { account_label: 'WAM' }],
      ['GET', ADMIN_PATHS.usage],
      ['GET', ADMIN_PATHS.audit],
      ['GET', ADMIN_PATHS.chat(chatId)],
      ['GET', ADMIN_PATHS.invitations],
      ['POST', ADMIN_PATHS.invitations, { email: 'friend@harbor-wealth.example' }],
      ['DELETE', ADMIN_PATHS.invitation('x')],
      ['PUT', ADMIN_PATHS.domain, { auto_join: true }],
      ['DELETE', ADMIN_PATHS.domain],
      ['GET', COMPLIANCE_PATHS.policy],
      ['GET', COMPLIANCE_PATHS.reviews],
    ];
    for (const [method, url, payload] of endpoints) {
      const res = await call(advisor, method as 'GET', url, payload);
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'Not found' }]);
    }
    const me = (await call(advisor, 'GET', '/api/studio/users/me')).json();
    expect(me.account_label).toBe('all');
    expect(
      (await call(admin, 'GET', ADMIN_PATHS.members))
        .json()
        .find((m: { email: string }) => m.email === advisor.email),
    ).toMatchObject({ role: 'member' });
  });

  it("lists members with plan, credits and knaps; grants, revokes and adjusts credits only in the admin's organization", async () => {
    const members = (await call(admin, 'GET', ADMIN_PATHS.members)).json();
    const bo = members.find((m: { email: string }) => m.email === advisor.email);
    expect(bo).toMatchObject({
      name: 'Bo Advisor',
      plan: 'free',
      knaps: expect.arrayContaining(['Prospecting']),
    });
    expect(typeof bo.credits).toBe('number');

    const revoked = await call(admin, 'DELETE', ADMIN_PATHS.memberKnap(advisorId, 'Prospecting'));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().knaps).not.toContain('Prospecting');
    const knapsOfBo = (await call(advisor, 'GET', KNAP_PATHS.list))
      .json()
      .map((k: { name: string }) => k.name);
    expect(knapsOfBo).not.toContain('Prospecting');
    expect(
      (await call(admin, 'PUT', ADMIN_PATHS.memberKnap(advisorId, 'Prospecting'))).json().knaps,
    ).toContain('Prospecting');
    expect((await call(admin, 'PUT', ADMIN_PATHS.memberKnap(advisorId, 'nonsense'))).statusCode).toBe(422);
    expect((await call(admin, 'PUT', ADMIN_PATHS.memberKnap(rivalId, 'Prospecting'))).json()).toEqual({
      detail: 'Member not found',
    });

    // A credit change needs a reason, is whole and bounded; it lands in the member's ledger.
    for (const bad of [
      { delta: 10 },
      { delta: 10, reason: ' ' },
      { delta: 0, reason: 'none' },
      { delta: 1.5, reason: 'half' },
    ])
      expect((await call(admin, 'POST', ADMIN_PATHS.memberCredits(advisorId), bad)).statusCode).toBe(422);
    expect(
      (await call(admin, 'POST', ADMIN_PATHS.memberCredits(rivalId), { delta: 5, reason: 'nope' }))
        .statusCode,
    ).toBe(404);
    const before = bo.credits as number;
    const added = await call(admin, 'POST', ADMIN_PATHS.memberCredits(advisorId), {
      delta: 25,
      reason: 'Onboarding bonus',
    });
    expect(added.json().credits).toBe(before + 25);
    const ledger = (await call(advisor, 'GET', '/api/credits/ledger')).json();
    // (The fixed clock gives the month's grant the same time: find the change by its amount.)
    expect(ledger.find((e: { delta: number }) => e.delta === 25)).toMatchObject({
      delta: 25,
      reason: 'Onboarding bonus (by ada@harbor-wealth.example)',
    });
  });

  it("decides the organization's knap requests, never another organization's", async () => {
    await call(admin, 'DELETE', ADMIN_PATHS.memberKnap(advisorId, 'outreachRecommendations'));
    const asked = await call(advisor, 'POST', KNAP_PATHS.requests, {
      knap: 'outreachRecommendations',
      note: 'For Q1',
    });
    expect(asked.statusCode).toBe(200);
    const pending = (await call(admin, 'GET', `${ADMIN_PATHS.knapRequests}?status=pending`)).json();
    expect(pending.map((r: { email: string; knap: string }) => [r.email, r.knap])).toEqual([
      [advisor.email, 'outreachRecommendations'],
    ]);
    expect((await call(rival, 'GET', ADMIN_PATHS.knapRequests)).json()).toEqual([]);
    expect(
      (await call(rival, 'POST', ADMIN_PATHS.knapRequestDecision(pending[0].id), { status: 'approved' }))
        .statusCode,
    ).toBe(404);
    const approved = await call(admin, 'POST', ADMIN_PATHS.knapRequestDecision(pending[0].id), {
      status: 'approved',
    });
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(
      (await call(admin, 'POST', ADMIN_PATHS.knapRequestDecision(pending[0].id), { status: 'declined' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(advisor, 'GET', KNAP_PATHS.list)).json().map((k: { name: string }) => k.name),
    ).toContain('outreachRecommendations');
  });

  it("sets the organization's account label, which its members then carry", async () => {
    const org = (await call(admin, 'GET', ADMIN_PATHS.organization)).json();
    expect(org).toMatchObject({
      org_name: "Ada Admin's workspace",
      account_label: null,
      effective_label: 'all',
      domain: null,
      auto_join: false,
      claimable_domain: 'harbor-wealth.example',
    });
    expect((await call(admin, 'PUT', ADMIN_PATHS.organization, { account_label: 'Bogus' })).statusCode).toBe(
      422,
    );
    const set = await call(admin, 'PUT', ADMIN_PATHS.organization, { account_label: 'WAM' });
    expect(set.json()).toMatchObject({ account_label: 'WAM', effective_label: 'WAM' });
    expect((await call(advisor, 'GET', '/api/studio/users/me')).json().account_label).toBe('WAM');
    expect((await call(rival, 'GET', '/api/studio/users/me')).json().account_label).toBe('all');
    await call(admin, 'PUT', ADMIN_PATHS.organization, { account_label: null });
    expect((await call(advisor, 'GET', '/api/studio/users/me')).json().account_label).toBe('all');
  });

  it('counts usage by week for the organization only', async () => {
    expect(weekStartOf('2026-11-19')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-22T23:59:59Z')).toBe('2026-11-16');
    await chatOf(advisor, 'Henderson', 'roth conversion');
    await chatOf(rival, 'Elsewhere', 'not ours');
    await recordAudit(
      { ...t.app.deps },
      { action: 'tool.called', userId: advisorId, target: 'list_meetings', details: {} },
    );
    const weeks = (await call(admin, 'GET', `${ADMIN_PATHS.usage}?weeks=4`)).json().weeks;
    expect(weeks.map((w: { week_start: string }) => w.week_start)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    // This week: the admin's chat from the first test and Bo's; one reply each; one tool call.
    expect(weeks[3]).toMatchObject({ chats: 2, completions: 2, tool_calls: 1 });
    expect(weeks[0]).toMatchObject({ chats: 0, completions: 0, tool_calls: 0, credits: 0 });
    expect((await call(admin, 'GET', `${ADMIN_PATHS.usage}?weeks=53`)).statusCode).toBe(422);
  });

  it('counts the members’ feedback on replies, with their notes and not the replies', async () => {
    const rate = async (u: SignedInUser, words: string, rating: 'up' | 'down', note?: string) => {
      const chatId = await chatOf(u, words, words);
      const reply = (await call(u, 'GET', CHAT_PATHS.messages(chatId))).json().messages[1];
      expect((await call(u, 'PUT', CHAT_PATHS.feedback(reply.id), { rating, note })).statusCode).toBe(200);
    };
    const before = (await call(admin, 'GET', ADMIN_PATHS.usage)).json().feedback;
    await rate(advisor, 'estate taxes', 'up', 'Saved me an hour');
    await rate(advisor, 'bond ladders', 'down', 'Missed the tax angle');
    await rate(admin, 'annuities', 'up');
    await rate(rival, 'secret strategy', 'down', 'Not ours to see');
    const feedback = (await call(admin, 'GET', ADMIN_PATHS.usage)).json().feedback;
    expect(feedback.up - before.up).toBe(2);
    expect(feedback.down - before.down).toBe(1);
    // The test clock stands still, so the two notes are equally new.
    expect(feedback.notes).toHaveLength(2);
    expect(feedback.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rating: 'down', note: 'Missed the tax angle', member: 'Bo Advisor' }),
        expect.objectContaining({ rating: 'up', note: 'Saved me an hour', member: 'Bo Advisor' }),
      ]),
    );
    const text = JSON.stringify(feedback);
    expect(text).not.toContain('Not ours to see');
    expect(text).not.toContain('About bond ladders');
  });

  it("shows a member's chat read-only with the view in the audit trail; another organization's chat is 404", async () => {
    const boChat = await chatOf(advisor, 'Estate plan', 'trust funding');
    const rivalChat = await chatOf(rival, 'Secret', 'their client');
    const chats = (await call(admin, 'GET', ADMIN_PATHS.memberChats(advisorId))).json();
    expect(chats.map((c: { title: string }) => c.title)).toContain('Estate plan');
    expect((await call(admin, 'GET', ADMIN_PATHS.memberChats(rivalId))).statusCode).toBe(404);

    const view = await call(admin, 'GET', ADMIN_PATHS.chat(boChat));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      title: 'Estate plan',
      owner: { email: advisor.email, name: 'Bo Advisor' },
      approvals: [],
    });
    expect(view.json().messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'trust funding'],
      ['assistant', 'About trust funding'],
    ]);
    const crossing = await call(admin, 'GET', ADMIN_PATHS.chat(rivalChat));
    expect([crossing.statusCode, crossing.json()]).toEqual([404, { detail: 'Chat not found' }]);

    const viewed = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.chat_viewed')
      .execute();
    expect(viewed.map((r) => [r.actor, r.user_id, r.target])).toEqual([[admin.email, advisorId, boChat]]);
  });

  it("exports the organization's audit trail as JSONL and CSV, filtered by user and date, never another organization's", async () => {
    const jsonl = await call(admin, 'GET', ADMIN_PATHS.audit);
    expect(jsonl.headers['content-type']).toContain('application/x-ndjson');
    const rows = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const users = new Set(rows.map((r: { user_id: string | null }) => r.user_id));
    expect(users.has(advisorId)).toBe(true);
    expect(users.has(rivalId)).toBe(false);
    expect(rows.some((r: { action: string }) => r.action === 'admin.chat_viewed')).toBe(true);

    const onlyBo = (await call(admin, 'GET', `${ADMIN_PATHS.audit}?user_id=${advisorId}`)).body
      .trim()
      .split('\n');
    expect(onlyBo.every((l) => JSON.parse(l).user_id === advisorId)).toBe(true);
    expect((await call(admin, 'GET', `${ADMIN_PATHS.audit}?user_id=${rivalId}`)).statusCode).toBe(404);

    const later = await call(admin, 'GET', `${ADMIN_PATHS.audit}?from=2026-11-20T00:00:00Z&format=csv`);
    expect(later.headers['content-type']).toContain('text/csv');
    const lines = later.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,user_id,actor,action,target,details,prev_hash,hash');
    // Nothing happened that late: the clock never moved.
    expect(lines.length).toBe(1);
    expect(
      (await call(admin, 'GET', `${ADMIN_PATHS.audit}?from=2026-11-20T00:00:00Z&to=2026-11-01T00:00:00Z`))
        .statusCode,
    ).toBe(422);
  });
});
