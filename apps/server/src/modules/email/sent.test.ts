import { COMPLIANCE_PATHS, EMAIL_PATHS, type TSentEmailSummary } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { formOf } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, joinByInvitation, type SignedInUser, signUp } from '../../testing/users.js';

const clock = fixedClock('2026-06-01T12:00:00.000Z');

const form = (subject: string, connection_type = 'Gmail', file?: { name: string; content: Buffer }) =>
  formOf(
    { to: 'ann@henderson.example', subject, body: `Body of ${subject}`, connection_type },
    file && { field: 'attachment', name: file.name, type: 'application/pdf', content: file.content },
  );

describe(`the Sent view (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let t: TestApp;
  let advisor: SignedInUser;
  let outlookUser: SignedInUser;
  let admin: SignedInUser;
  let member: SignedInUser;

  const send = async (u: SignedInUser, payload: FormData) => {
    clock.advance(1000);
    return as(t, u)({ method: 'POST', url: EMAIL_PATHS.send, payload });
  };
  const sent = async (u: SignedInUser, query = '') =>
    as(t, u)({ method: 'GET', url: `${EMAIL_PATHS.sent}${query}` });
  const rows = (items: TSentEmailSummary[]) =>
    items.map((i) => [i.subject, i.status, i.via, i.supervision, i.attachment_names]);

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    t = await createTestApp({ config: fakes.config, clock });
    advisor = await signUp(t);
    await connectViaOAuth(t, advisor, 'google_gmail_modify');
    outlookUser = await signUp(t);
    await connectViaOAuth(t, outlookUser, 'microsoft_outlook_read');
    admin = await signUp(t, { email: 'ada@harbor-wealth.example' });
    member = await signUp(t, { email: 'bo@harbor-wealth.example' });
    await joinByInvitation(t, admin, { user: member });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  it('lists Gmail sends and the outbox newest first, with attachment names, a page at a time', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(
      (await send(advisor, form('Roadmap', 'Gmail', { name: 'Roadmap.pdf', content: pdf }))).json(),
    ).toEqual({
      success: true,
      delivered_to: 'gmail',
    });
    // Outlook is not connected for this user: the mail waits in the local outbox.
    expect((await send(advisor, form('Kept', 'Outlook'))).json().delivered_to).toBe('outbox');
    await send(advisor, form('Third'));

    const first = await sent(advisor, '?limit=2');
    expect(first.statusCode).toBe(200);
    expect(rows(first.json().items)).toEqual([
      ['Third', 'sent', 'gmail', null, []],
      ['Kept', 'sent', 'outbox', null, []],
    ]);
    expect(first.json().next_skip).toBe(2);
    const second = (await sent(advisor, '?limit=2&skip=2')).json();
    expect(rows(second.items)).toEqual([['Roadmap', 'sent', 'gmail', null, ['Roadmap.pdf']]]);
    expect(second.next_skip).toBeNull();

    const one = await as(t, advisor)({ method: 'GET', url: EMAIL_PATHS.sentEmail(second.items[0].id) });
    expect(one.json()).toMatchObject({
      subject: 'Roadmap',
      body: 'Body of Roadmap',
      to: 'ann@henderson.example',
    });
    const kept = first.json().items[1];
    expect(kept.kind).toBe('outbox');
    expect((await as(t, advisor)({ method: 'GET', url: EMAIL_PATHS.sentEmail(kept.id) })).json().body).toBe(
      'Body of Kept',
    );
  });

  it("answers 404 for another user's email and for ids that name nothing", async () => {
    const [mine] = (await sent(advisor)).json().items;
    for (const id of [mine.id, 'outbox_nope', 'review_', 'bogus', 'sent']) {
      const res = await as(t, outlookUser)({ method: 'GET', url: EMAIL_PATHS.sentEmail(id) });
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Email not found' }]);
    }
    expect((await sent(outlookUser)).json().items.map((i: TSentEmailSummary) => i.subject)).not.toContain(
      'Roadmap',
    );
    for (const bad of ['?limit=0', '?limit=51', '?skip=-1', '?skip=x']) {
      expect((await sent(advisor, bad)).statusCode).toBe(422);
    }
  });

  it('records a send the account refused as failed, with why', async () => {
    const res = await send(
      outlookUser,
      form('Too big', 'Outlook', { name: 'Big.pdf', content: Buffer.alloc(3 * 1024 * 1024, 1) }),
    );
    expect(res.statusCode).toBe(413);
    const [item] = (await sent(outlookUser)).json().items;
    expect(item).toMatchObject({
      subject: 'Too big',
      status: 'failed',
      via: 'outlook',
      attachment_names: ['Big.pdf'],
    });
    expect(item.error).toMatch(/Outlook takes at most 4 MB/);
  });

  it('shows supervised email as held, returned, then approved once (as its delivery)', async () => {
    await as(
      t,
      admin,
    )({
      method: 'PUT',
      url: COMPLIANCE_PATHS.policy,
      payload: {
        chats_days: null,
        transcripts_days: null,
        notes_days: null,
        pdfs_days: null,
        emails_days: null,
        require_email_review: true,
      },
    });
    const held = (await send(member, form('Held'))).json().review_id;
    const back = (await send(member, form('Back'))).json().review_id;
    expect(rows((await sent(member)).json().items)).toEqual([
      ['Back', 'held', null, 'pending', []],
      ['Held', 'held', null, 'pending', []],
    ]);
    const decide = (id: string, payload: object) =>
      as(t, admin)({ method: 'POST', url: COMPLIANCE_PATHS.reviewDecision(id), payload });
    await decide(back, { approve: false, comment: 'Add the disclosure.' });
    clock.advance(1000);
    await decide(held, { approve: true });

    const items: TSentEmailSummary[] = (await sent(member)).json().items;
    expect(rows(items)).toEqual([
      ['Held', 'sent', 'outbox', 'approved', []],
      ['Back', 'returned', null, 'returned', []],
    ]);
    expect(items[0]!.reviewer).toBe('ada@harbor-wealth.example');
    const returned = await as(t, member)({ method: 'GET', url: EMAIL_PATHS.sentEmail(items[1]!.id) });
    expect(returned.json()).toMatchObject({ body: 'Body of Back', comment: 'Add the disclosure.' });
    // The admin's own list holds none of the member's email.
    expect((await sent(admin)).json().items).toEqual([]);
  });
});
