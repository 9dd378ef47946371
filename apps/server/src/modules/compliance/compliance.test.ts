import { COMPLIANCE_PATHS, EMAIL_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { signUpFirm } from '../../testing/compliance.js';
import { formOf } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signIn } from '../../testing/users.js';
import { deleteStaleChats } from '../chats/service.js';
import { applyRetention } from './retention.js';
import { DEFAULT_POLICY } from './service.js';
import { holdForReview } from './supervision.js';

const DAY = 24 * 3600_000;
const clock = fixedClock('2026-06-01T12:00:00.000Z');

describe(`compliance: retention, legal hold and supervision (${testEngine()})`, () => {
  let t: TestApp;
  let admin: SignedInUser;
  let advisor: SignedInUser;
  let outsider: SignedInUser;
  const idOf = async (u: SignedInUser) =>
    (await as(t, u)({ method: 'GET', url: '/api/studio/users/me' })).json().id as string;
  const policy = DEFAULT_POLICY;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ admin, advisor, outsider } = await signUpFirm(t));
  });
  afterAll(() => t.close());

  it('answers 404 to members and to admins of another organization', async () => {
    const advisorId = await idOf(advisor);
    for (const [method, url, payload] of [
      ['GET', COMPLIANCE_PATHS.policy, undefined],
      ['PUT', COMPLIANCE_PATHS.policy, policy],
      ['GET', COMPLIANCE_PATHS.holds, undefined],
      ['PUT', COMPLIANCE_PATHS.hold(advisorId), { reason: 'Litigation' }],
      ['GET', COMPLIANCE_PATHS.reviews, undefined],
      ['POST', COMPLIANCE_PATHS.reviewDecision('x'), { approve: true }],
    ] as const) {
      const res = await as(t, advisor)({ method, url, ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'Not found' }]);
    }
    // The outsider administers their own firm, not ours.
    const foreign = await as(
      t,
      outsider,
    )({
      method: 'PUT',
      url: COMPLIANCE_PATHS.hold(advisorId),
      payload: { reason: 'Litigation' },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'Member not found' }]);
  });

  it('keeps one policy per organization, validated and audited', async () => {
    const initial = await as(t, admin)({ method: 'GET', url: COMPLIANCE_PATHS.policy });
    expect(initial.json()).toMatchObject({ ...policy, org_name: expect.any(String), updated_by: null });
    for (const bad of [{ ...policy, chats_days: 0 }, { ...policy, pdfs_days: 1.5 }, { chats_days: 30 }]) {
      const res = await as(t, admin)({ method: 'PUT', url: COMPLIANCE_PATHS.policy, payload: bad });
      expect(res.statusCode).toBe(422);
    }
    expect(
      (await as(t, admin)({ method: 'GET', url: COMPLIANCE_PATHS.policy })).json().updated_by,
    ).toBeNull();
    const saved = await as(
      t,
      admin,
    )({
      method: 'PUT',
      url: COMPLIANCE_PATHS.policy,
      payload: { ...policy, chats_days: 365 },
    });
    expect(saved.json()).toMatchObject({ chats_days: 365, updated_by: 'ada@harbor-wealth.example' });
    // The outsider's firm has its own, untouched policy.
    expect(
      (await as(t, outsider)({ method: 'GET', url: COMPLIANCE_PATHS.policy })).json().chats_days,
    ).toBeNull();
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'admin.policy_changed')
      .execute();
    expect(audited).toEqual([{ actor: 'ada@harbor-wealth.example' }]);
  });

  it('deletes what is older than the policy for everyone but a held user, and records the counts', async () => {
    const [adminId, advisorId, outsiderId] = await Promise.all([idOf(admin), idOf(advisor), idOf(outsider)]);
    const newChat = (u: SignedInUser, title: string) =>
      as(t, u)({ method: 'POST', url: '/api/chat/chats', payload: { title, initial_message: 'hello' } });
    const meeting = (userId: string, id: string) =>
      t.db.db
        .insertInto('meetings')
        .values({
          id,
          user_id: userId,
          source: 'manual',
          title: 'Review',
          start_time: clock.now().toISOString(),
          end_time: clock.now().toISOString(),
          transcript: 'Ann: hello',
          notes: '{"summary":"hi"}',
          notes_status: 'ready',
          created_at: clock.now().toISOString(),
          updated_at: clock.now().toISOString(),
        })
        .execute();
    for (const u of [admin, advisor, outsider]) await newChat(u, 'Old chat');
    await meeting(adminId, 'm-admin');
    await meeting(advisorId, 'm-advisor');
    await meeting(outsiderId, 'm-outsider');
    clock.advance(40 * DAY);
    // Sessions from 40 days ago have expired.
    admin = await signIn(t, admin);
    advisor = await signIn(t, advisor);
    outsider = await signIn(t, outsider);
    await newChat(admin, 'Recent chat');

    const held = await as(
      t,
      admin,
    )({
      method: 'PUT',
      url: COMPLIANCE_PATHS.hold(advisorId),
      payload: { reason: 'SEC inquiry 2026-14' },
    });
    expect(held.json()).toEqual([
      {
        user_id: advisorId,
        name: 'Bo Advisor',
        email: 'bo@harbor-wealth.example',
        reason: 'SEC inquiry 2026-14',
        placed_by: 'ada@harbor-wealth.example',
        placed_at: clock.now().toISOString(),
      },
    ]);
    expect(
      (await as(t, admin)({ method: 'PUT', url: COMPLIANCE_PATHS.hold(advisorId), payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(422);
    await as(
      t,
      admin,
    )({
      method: 'PUT',
      url: COMPLIANCE_PATHS.policy,
      payload: { ...policy, chats_days: 30, transcripts_days: 30, notes_days: 60 },
    });

    expect(await applyRetention(t.app.deps)).toEqual({ organizations: 1, deleted: 2 });
    const titles = async (u: SignedInUser) =>
      (await as(t, u)({ method: 'GET', url: '/api/chat/chats' }))
        .json()
        .chats.map((c: { title: string }) => c.title);
    expect(await titles(admin)).toEqual(['Recent chat']);
    expect(await titles(advisor)).toEqual(['Old chat']);
    expect(await titles(outsider)).toEqual(['Old chat']);
    const meetings = await t.db.db
      .selectFrom('meetings')
      .select(['id', 'transcript', 'notes'])
      .orderBy('id')
      .execute();
    expect(meetings).toEqual([
      { id: 'm-admin', transcript: null, notes: '{"summary":"hi"}' },
      { id: 'm-advisor', transcript: 'Ann: hello', notes: '{"summary":"hi"}' },
      { id: 'm-outsider', transcript: 'Ann: hello', notes: '{"summary":"hi"}' },
    ]);
    const record = await t.db.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'retention.deleted')
      .execute();
    expect(record.map((r) => [r.actor, JSON.parse(r.details)])).toEqual([
      ['system', { chats: 1, transcripts: 1, policy: { chats: 30, transcripts: 30, notes: 60 } }],
    ]);
    // Idempotent: nothing more to delete, nothing more recorded.
    expect(await applyRetention(t.app.deps)).toEqual({ organizations: 0, deleted: 0 });

    // A held user cannot delete their own chats either.
    const [chat] = (await as(t, advisor)({ method: 'GET', url: '/api/chat/chats' })).json().chats;
    const refused = await as(t, advisor)({ method: 'DELETE', url: `/api/chat/chats/${chat.id}` });
    expect([refused.statusCode, refused.json().detail]).toEqual([409, expect.stringMatching(/legal hold/)]);

    // Nor does their own 'Auto-delete old chats' (on by default); others' still runs.
    expect(await deleteStaleChats(t.app.deps)).toEqual({ deleted: 1 });
    expect(await titles(advisor)).toEqual(['Old chat']);
    expect(await titles(outsider)).toEqual([]);

    // Released, the next run deletes the rest.
    expect((await as(t, admin)({ method: 'DELETE', url: COMPLIANCE_PATHS.hold(advisorId) })).json()).toEqual(
      [],
    );
    expect((await as(t, admin)({ method: 'DELETE', url: COMPLIANCE_PATHS.hold(advisorId) })).statusCode).toBe(
      404,
    );
    expect(await applyRetention(t.app.deps)).toEqual({ organizations: 1, deleted: 2 });
    expect(await titles(advisor)).toEqual([]);
  });

  it('holds client email for review until an admin approves it; a returned one never leaves', async () => {
    await as(
      t,
      admin,
    )({ method: 'PUT', url: COMPLIANCE_PATHS.policy, payload: { ...policy, require_email_review: true } });
    const send = (u: SignedInUser, subject: string) =>
      as(
        t,
        u,
      )({
        method: 'POST',
        url: EMAIL_PATHS.send,
        payload: formOf({
          to: 'ann@henderson.example',
          subject,
          body: 'Hi Ann, your roadmap is attached.',
          connection_type: 'Gmail',
        }),
      });
    const outbox = async (u: SignedInUser) =>
      (await as(t, u)({ method: 'GET', url: EMAIL_PATHS.outbox }))
        .json()
        .map((m: { subject: string }) => m.subject);

    const held = await send(advisor, 'Your roadmap');
    expect(held.json()).toEqual({ success: true, delivered_to: 'review', review_id: expect.any(String) });
    const returned = await send(advisor, 'Second thoughts');
    expect(await outbox(advisor)).toEqual([]);
    // Another firm without the policy sends at once.
    expect((await send(outsider, 'Hello')).json()).toEqual({ success: true, delivered_to: 'outbox' });

    const mine = await as(t, advisor)({ method: 'GET', url: EMAIL_PATHS.reviews });
    expect(mine.json().map((r: { subject: string; status: string }) => [r.subject, r.status])).toEqual([
      ['Second thoughts', 'pending'],
      ['Your roadmap', 'pending'],
    ]);
    const queue = await as(t, admin)({ method: 'GET', url: COMPLIANCE_PATHS.reviews });
    expect(
      queue.json().map((r: { subject: string; author_email: string }) => [r.subject, r.author_email]),
    ).toEqual([
      ['Your roadmap', 'bo@harbor-wealth.example'],
      ['Second thoughts', 'bo@harbor-wealth.example'],
    ]);
    expect((await as(t, outsider)({ method: 'GET', url: COMPLIANCE_PATHS.reviews })).json()).toEqual([]);

    const decide = (u: SignedInUser, id: string, payload: object) =>
      as(t, u)({ method: 'POST', url: COMPLIANCE_PATHS.reviewDecision(id), payload });
    const heldId = held.json().review_id;
    expect((await decide(outsider, heldId, { approve: true })).json()).toEqual({
      detail: 'Email review not found',
    });
    expect((await decide(admin, returned.json().review_id, { approve: false })).statusCode).toBe(422);
    const back = await decide(admin, returned.json().review_id, {
      approve: false,
      comment: 'Add the disclosure.',
    });
    expect(back.json()).toMatchObject({
      status: 'returned',
      comment: 'Add the disclosure.',
      delivered_to: null,
    });
    expect(await outbox(advisor)).toEqual([]);

    const approved = await decide(admin, heldId, { approve: true });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      reviewer: 'ada@harbor-wealth.example',
      delivered_to: 'outbox',
    });
    expect(await outbox(advisor)).toEqual(['Your roadmap']);
    const again = await decide(admin, heldId, { approve: false, comment: 'Too late' });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { detail: 'This email has already been reviewed' },
    ]);
    expect(await outbox(advisor)).toEqual(['Your roadmap']);

    const trail = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('action', 'in', ['email.held', 'email.reviewed'])
      .where('target', '=', 'ann@henderson.example')
      .orderBy('seq')
      .execute();
    expect(trail).toEqual([
      { action: 'email.held', actor: null },
      { action: 'email.held', actor: null },
      { action: 'email.reviewed', actor: 'ada@harbor-wealth.example' },
      { action: 'email.reviewed', actor: 'ada@harbor-wealth.example' },
    ]);
  });

  it('tells the author in the chat the email was drafted in', async () => {
    const chat = (
      await as(
        t,
        advisor,
      )({ method: 'POST', url: '/api/chat/chats', payload: { title: 'Ann', initial_message: 'hi' } })
    ).json();
    const reviewId = await holdForReview(
      t.app.deps,
      await idOf(advisor),
      { to: 'ann@henderson.example', subject: 'Follow-up', body: 'Hi Ann' },
      { account: null, chatId: chat.id },
    );
    await as(
      t,
      admin,
    )({
      method: 'POST',
      url: COMPLIANCE_PATHS.reviewDecision(reviewId!),
      payload: { approve: false, comment: 'Mention the fee change.' },
    });
    const messages = (
      await as(t, advisor)({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages` })
    ).json().messages;
    expect(messages.at(-1)).toMatchObject({
      role: 'assistant',
      content:
        'Your email to ann@henderson.example ("Follow-up") was returned by ada@harbor-wealth.example: Mention the fee change.',
    });
  });
});
