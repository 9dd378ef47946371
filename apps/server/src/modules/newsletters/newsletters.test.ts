import {
  COMPLIANCE_PATHS,
  EMAIL_PATHS,
  firstNameOf,
  MEETING_PATHS,
  NEWSLETTER_DETAIL,
  NEWSLETTER_LIMITS,
  NEWSLETTER_PATHS,
  newsletterPlainText,
  personalize,
  type TNewsletter,
} from '@knap/contracts';
import {
  type FakeCalendarApi,
  type FakeOidc,
  type FakeWealthbox,
  startFakeOidc,
  startFakeOpenAI,
  startFakeWealthbox,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, joinByInvitation, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { CLAIM_LEASE_MS, type PendingSend } from './deliveries.js';
import { DISCLAIMER, figureLines } from './service.js';

const clock = fixedClock('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * DAY).toISOString();

const topics = {
  kind: 'topics',
  topics: ['Market update', 'Retirement'],
  tone: 'warm',
  length: 'short',
} as const;
const quarterly = {
  kind: 'quarterly',
  quarter: 'Q1 2026',
  figures: 'S&P 500: +4.2%\n- 10-year Treasury yield: 4.1%\n\n',
  firm_news: 'We welcome Priya Shah, CFP, to the team.',
} as const;

describe('newsletter text rules', () => {
  it('turns the Markdown body into the plain text that is emailed', () => {
    expect(
      newsletterPlainText(
        'Hi {{first_name}},\r\n\r\n## Market recap\n\nStocks **rose**; see [the report](https://x.example/r).\n* one\n+ two\n\n\n\nBye',
      ),
    ).toBe(
      'Hi {{first_name}},\n\nMarket recap\n------------\n\nStocks rose; see the report (https://x.example/r).\n- one\n- two\n\nBye',
    );
    // A short heading still gets a visible rule.
    expect(newsletterPlainText('# Q1')).toBe('Q1\n---');
  });

  it('puts in each first name, or "there" when there is none', () => {
    expect(firstNameOf('Ann Henderson')).toBe('Ann');
    expect(firstNameOf('  Bob ')).toBe('Bob');
    expect(firstNameOf('ann@henderson.example')).toBeNull();
    expect(firstNameOf('')).toBeNull();
    expect(personalize('Hi {{first_name}}, {{first_name}}!', 'Ann')).toBe('Hi Ann, Ann!');
    expect(personalize('Hi {{first_name}},', null)).toBe('Hi there,');
  });

  it("reads the advisor's figures one per line, bullets or not, at most 20", () => {
    expect(figureLines('S&P 500: +4.2%\r\n\n - Bonds: +1%\n• Cash: 5%  ')).toEqual([
      'S&P 500: +4.2%',
      'Bonds: +1%',
      'Cash: 5%',
    ]);
    expect(figureLines(Array.from({ length: 25 }, (_, i) => `F${i}: ${i}`).join('\n'))).toHaveLength(20);
  });
});

describe(`newsletters (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let wealthboxAuth: FakeOidc;
  let wealthbox: FakeWealthbox;
  let t: TestApp;
  let advisor: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let reviewed: SignedInUser;

  const meeting = (u: SignedInUser, title: string, when: string, people: Array<[string, string]>) =>
    as(
      t,
      u,
    )({
      method: 'POST',
      url: MEETING_PATHS.list,
      payload: { title, start_time: when, participants: people.map(([name, email]) => ({ name, email })) },
    });
  const create = (u: SignedInUser, payload: object) =>
    as(t, u)({ method: 'POST', url: NEWSLETTER_PATHS.list, payload });
  const outbox = async (u: SignedInUser) =>
    t.db.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'body'])
      .where('user_id', '=', await userIdOf(t, u.email))
      .orderBy('to_address')
      .execute();

  /** Sends as the request does, then runs the job as its timer (or the kick) would. */
  const sendAndDeliver = async (u: SignedInUser, id: string, payload: object) => {
    const res = await as(t, u)({ method: 'POST', url: NEWSLETTER_PATHS.send(id), payload });
    expect([res.statusCode, res.json().status]).toEqual([200, 'sending']);
    await t.app.deps.jobs.runNow('newsletters.send');
    return (await as(t, u)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(id) })).json() as TNewsletter;
  };
  const deliveries = (newsletterId: string) =>
    t.db.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'status', 'delivered_to'])
      .where('newsletter_id', '=', newsletterId)
      .orderBy('position')
      .execute();

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    google = fakes.google;
    wealthboxAuth = await startFakeOidc({ user: { sub: 'w', email: 'advisor@firm.example', name: 'A' } });
    wealthbox = await startFakeWealthbox(wealthboxAuth);
    wealthbox.contacts.push({ id: 7, first_name: 'Cara', last_name: 'Ng', email: 'cara@ng.example' });
    t = await createTestApp({
      clock,
      config: {
        oauthProviders: { ...fakes.config.oauthProviders, wealthbox: wealthboxAuth.endpoints },
        apis: { ...fakes.config.apis, wealthbox: wealthbox.url },
      },
    });
    advisor = await signUp(t, { email: 'dana@solo-advice.example', name: 'Dana Advisor' });
    other = await signUp(t, { email: 'eve@elsewhere.example', name: 'Eve Other' });
    admin = await signUp(t, { email: 'ada@harbor-wealth.example', name: 'Ada Admin' });
    reviewed = await signUp(t, { email: 'bo@harbor-wealth.example', name: 'Bo Advisor' });
    await joinByInvitation(t, admin, { user: reviewed });
    for (const u of [advisor, reviewed]) {
      await meeting(u, 'Henderson review', daysAgo(12), [['Ann Henderson', 'ann@henderson.example']]);
      await meeting(u, 'Li catch-up', daysAgo(200), [
        ['Bob Li', 'bob@li.example'],
        ['', 'ann@henderson.example'],
      ]);
    }
    // Met only in the future: not a client yet.
    await meeting(advisor, 'Intro call', new Date(clock.now().getTime() + 3 * DAY).toISOString(), [
      ['Zed Future', 'zed@future.example'],
    ]);
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
    await wealthbox.close();
    await wealthboxAuth.close();
  });

  it('drafts a newsletter on the chosen topics into the template, and lists it', async () => {
    const res = await create(advisor, topics);
    expect(res.statusCode).toBe(200);
    const n = res.json() as TNewsletter;
    expect(n).toMatchObject({
      kind: 'topics',
      subject: 'Market update, Retirement and more',
      status: 'draft',
      drafted_at: clock.now().toISOString(),
      settings: { ...topics, note: '' },
      last_send: null,
    });
    expect(n.draft_error).toBeUndefined();
    expect(n.body.startsWith('Hi {{first_name}},\n\nI hope this note finds you')).toBe(true);
    expect(n.body).toContain('## Markets: staying the course');
    expect(n.body).toContain('## Retirement: checking you are on track');
    // Short: one paragraph per topic.
    expect(n.body).not.toContain('We keep watching how your portfolio is spread');
    expect(n.body).toContain('Best regards,\n\nDana Advisor');
    expect(n.body.endsWith(DISCLAIMER)).toBe(true);

    clock.advance(1000);
    const long = (await create(advisor, { ...topics, topics: ['Crypto questions'], length: 'long' })).json();
    expect(long.subject).toBe('Crypto questions: a note from your advisor');
    expect(long.body).toContain('## Crypto questions');
    expect(long.body).toContain('If you would like to talk it through');

    const listed = await as(t, advisor)({ method: 'GET', url: `${NEWSLETTER_PATHS.list}?kind=topics` });
    expect(listed.json().map((s: { label: string; status: string }) => [s.label, s.status])).toEqual([
      ['Crypto questions', 'draft'],
      ['Market update, Retirement', 'draft'],
    ]);
    expect(
      (await as(t, advisor)({ method: 'GET', url: `${NEWSLETTER_PATHS.list}?kind=quarterly` })).json(),
    ).toEqual([]);
    expect((await as(t, other)({ method: 'GET', url: NEWSLETTER_PATHS.list })).json()).toEqual([]);
  });

  it("drafts the quarterly edition: the model's sections, the advisor's figures and firm news as written", async () => {
    const n = (await create(advisor, quarterly)).json() as TNewsletter;
    expect(n.subject).toBe('Your Q1 2026 market commentary');
    expect(n.settings).toEqual({
      ...quarterly,
      figures: quarterly.figures.trim(),
      tip_topic: '',
    });
    const sections = [...n.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Market recap', 'Outlook', 'Planning tip of the quarter', 'Firm news']);
    expect(n.body).toContain('where S&P 500 and 10-year Treasury yield ended the quarter');
    expect(n.body).toContain('Key figures for Q1 2026:\n\n- S&P 500: +4.2%\n- 10-year Treasury yield: 4.1%');
    // Q1's seasonal tip, and the firm news exactly as typed.
    expect(n.body).toContain('Contributions to an IRA for last year');
    expect(n.body).toContain('## Firm news\n\nWe welcome Priya Shah, CFP, to the team.');

    // No firm news, no figures: neither section nor list; a tip topic steers the tip.
    const bare = (
      await create(advisor, { kind: 'quarterly', quarter: 'Q4 2026', tip_topic: 'Roth conversions' })
    ).json() as TNewsletter;
    expect(bare.body).not.toContain('## Firm news');
    expect(bare.body).not.toContain('Key figures');
    expect(bare.body).toContain("This quarter's tip is about roth conversions.");
  });

  it('answers 404 for another user’s newsletter, on every call, and changes nothing', async () => {
    const n = (await create(advisor, topics)).json() as TNewsletter;
    const update = { subject: 'Hijacked', body: 'x', settings: topics };
    for (const [method, url, payload] of [
      ['GET', NEWSLETTER_PATHS.newsletter(n.id), undefined],
      ['PUT', NEWSLETTER_PATHS.newsletter(n.id), update],
      ['DELETE', NEWSLETTER_PATHS.newsletter(n.id), undefined],
      ['POST', NEWSLETTER_PATHS.draft(n.id), undefined],
      ['POST', NEWSLETTER_PATHS.pdf(n.id), undefined],
      [
        'POST',
        NEWSLETTER_PATHS.send(n.id),
        { recipients: ['ann@henderson.example'], connection_type: 'Gmail' },
      ],
    ] as const) {
      const res = await as(t, other)({ method, url, ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'Newsletter not found' }]);
    }
    const after = (await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).json();
    expect(after).toEqual({ ...n, draft_error: undefined });
    expect(await outbox(other)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: NEWSLETTER_PATHS.list })).statusCode).toBe(401);
  });

  it('refuses bad settings and bad drafts with 422, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('newsletters')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [payload, detail] of [
      [{ ...topics, topics: [] }, 'Invalid body.topics: Pick at least one topic'],
      [
        { ...topics, topics: Array.from({ length: 9 }, (_, i) => `T${i}`) },
        'Invalid body.topics: Pick at most 8 topics',
      ],
      [{ ...topics, topics: ['Tax', 'tax'] }, 'Invalid body.topics: Each topic only once'],
      [{ ...topics, topics: ['Tax\nBcc: x'] }, 'Invalid body.topics.0: must not contain line breaks'],
      [{ ...quarterly, quarter: 'Q5 2026' }, 'Invalid body.quarter: Pick a quarter like "Q4 2026"'],
      [
        { ...quarterly, firm_news: 'x'.repeat(4001) },
        'Invalid body.firm_news: Keep the firm news under 4000 characters',
      ],
    ] as const) {
      const res = await create(advisor, payload);
      expect([res.statusCode, res.json()]).toEqual([422, { detail }]);
    }
    expect((await create(advisor, { ...topics, tone: 'angry' })).statusCode).toBe(422);
    expect((await create(advisor, { kind: 'poem' })).statusCode).toBe(422);
    expect(await count()).toBe(before);

    const n = (await create(advisor, topics)).json() as TNewsletter;
    const put = (payload: object) =>
      as(t, advisor)({ method: 'PUT', url: NEWSLETTER_PATHS.newsletter(n.id), payload });
    for (const [payload, detail] of [
      [
        { subject: 'A\r\nBcc: spy@evil.example', body: 'x', settings: topics },
        'Invalid body.subject: must not contain line breaks',
      ],
      [{ subject: ' ', body: 'x', settings: topics }, 'Invalid body.subject: Enter a subject'],
      [
        { subject: 'S', body: 'x'.repeat(NEWSLETTER_LIMITS.body + 1), settings: topics },
        'Invalid body.body: Keep the newsletter under 18,000 characters',
      ],
      [
        { subject: 'S', body: 'x', settings: quarterly },
        'Invalid body.settings.kind: a newsletter cannot change its kind',
      ],
    ] as const) {
      const res = await put(payload);
      expect([res.statusCode, res.json()]).toEqual([422, { detail }]);
    }
    expect((await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).json()).toEqual({
      ...n,
      draft_error: undefined,
    });

    // A good save keeps everything it was sent.
    clock.advance(60_000);
    const saved = await put({
      subject: 'June notes for {{first_name}}',
      body: 'Hi {{first_name}},\n\n## Hello\n\nA **short** one.',
      settings: { ...topics, tone: 'plain', note: 'Most readers are retired' },
    });
    expect(saved.json()).toMatchObject({
      subject: 'June notes for {{first_name}}',
      body: 'Hi {{first_name}},\n\n## Hello\n\nA **short** one.',
      settings: { tone: 'plain', note: 'Most readers are retired' },
      updated_at: clock.now().toISOString(),
    });
  });

  it('offers the clients with an email by segment: met lately, or not in 90 days', async () => {
    const res = await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.recipients });
    expect(res.json()).toEqual({
      segments: [
        expect.objectContaining({ id: 'all', count: 2 }),
        expect.objectContaining({ id: 'recent', count: 1 }),
        expect.objectContaining({ id: 'lapsed', count: 1 }),
      ],
      clients: [
        {
          email: 'ann@henderson.example',
          name: 'Ann Henderson',
          last_contact: daysAgo(12).slice(0, 10),
          segments: ['all', 'recent'],
        },
        {
          email: 'bob@li.example',
          name: 'Bob Li',
          last_contact: daysAgo(200).slice(0, 10),
          segments: ['all', 'lapsed'],
        },
      ],
    });
    expect((await as(t, other)({ method: 'GET', url: NEWSLETTER_PATHS.recipients })).json().clients).toEqual(
      [],
    );
  });

  it('refuses a send over the cap, to strangers, twice to one address, or of an empty newsletter', async () => {
    const n = (await create(advisor, topics)).json() as TNewsletter;
    const send = (payload: object) =>
      as(t, advisor)({ method: 'POST', url: NEWSLETTER_PATHS.send(n.id), payload });
    const many = Array.from({ length: NEWSLETTER_LIMITS.recipients + 1 }, (_, i) => `c${i}@x.example`);
    for (const [payload, detail] of [
      [
        { recipients: many, connection_type: 'Gmail' },
        'Invalid body.recipients: A newsletter goes to at most 200 recipients at a time',
      ],
      [
        { recipients: [], connection_type: 'Gmail' },
        'Invalid body.recipients: Choose at least one recipient',
      ],
      [
        { recipients: ['ann@henderson.example', 'ANN@henderson.example'], connection_type: 'Gmail' },
        'Invalid body.recipients: Each recipient only once',
      ],
      [
        {
          recipients: ['ann@henderson.example', 'zed@future.example', 'spam@list.example'],
          connection_type: 'Gmail',
        },
        'Invalid body.recipients: not among your clients: zed@future.example, spam@list.example',
      ],
    ] as const) {
      const res = await send(payload);
      expect([res.statusCode, res.json()]).toEqual([422, { detail }]);
    }
    expect((await send({ recipients: ['not-an-address'], connection_type: 'Gmail' })).statusCode).toBe(422);
    await as(
      t,
      advisor,
    )({
      method: 'PUT',
      url: NEWSLETTER_PATHS.newsletter(n.id),
      payload: { subject: n.subject, body: '  \n', settings: topics },
    });
    const empty = await send({ recipients: ['ann@henderson.example'], connection_type: 'Gmail' });
    expect([empty.statusCode, empty.json()]).toEqual([
      422,
      { detail: 'The newsletter is empty: draft or write it before sending' },
    ]);
    expect(await outbox(advisor)).toEqual([]);
    expect(await deliveries(n.id)).toEqual([]);
    const stored = (await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).json();
    expect([stored.status, stored.last_send, stored.sending]).toEqual(['draft', null, null]);
  });

  it('sends one email per recipient, with their first name, to the outbox when no account is connected', async () => {
    const n = (await create(advisor, topics)).json() as TNewsletter;
    await as(
      t,
      advisor,
    )({
      method: 'PUT',
      url: NEWSLETTER_PATHS.newsletter(n.id),
      payload: { subject: 'June notes for {{first_name}}', body: n.body, settings: topics },
    });
    clock.advance(60_000);
    const res = await as(
      t,
      advisor,
    )({
      method: 'POST',
      url: NEWSLETTER_PATHS.send(n.id),
      payload: { recipients: ['bob@li.example', 'Ann@Henderson.example'], connection_type: 'Gmail' },
    });
    // The answer comes at once: the emails go out in the background job.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'sending',
      sending: { total: 2, sent: 0, failed: 0 },
      sent_at: null,
      last_send: null,
    });
    await t.app.deps.jobs.runNow('newsletters.send');
    const sent = (
      await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })
    ).json() as TNewsletter;
    expect(sent).toMatchObject({ status: 'sent', sent_at: clock.now().toISOString(), sending: null });
    expect(sent.last_send).toEqual({
      sent_at: clock.now().toISOString(),
      connection_type: 'Gmail',
      results: [
        { email: 'bob@li.example', name: 'Bob Li', delivered_to: 'outbox', error: null },
        { email: 'ann@henderson.example', name: 'Ann Henderson', delivered_to: 'outbox', error: null },
      ],
    });
    const mails = await outbox(advisor);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['ann@henderson.example', 'June notes for Ann'],
      ['bob@li.example', 'June notes for Bob'],
    ]);
    expect(mails[0]!.body.startsWith('Hi Ann,\n\nI hope this note finds you')).toBe(true);
    expect(mails[1]!.body.startsWith('Hi Bob,')).toBe(true);
    // Sent as plain text: headings underlined, no Markdown marks left.
    expect(mails[0]!.body).toContain('Markets: staying the course\n---');
    expect(mails[0]!.body).not.toContain('##');
    expect(mails[0]!.body).not.toContain('{{first_name}}');

    const list = (await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.list })).json();
    expect(list.find((s: { id: string }) => s.id === n.id)).toMatchObject({ status: 'sent', sent_count: 2 });
    // The outbox API the rest of the studio reads shows them too.
    expect((await as(t, advisor)({ method: 'GET', url: EMAIL_PATHS.outbox })).json()).toHaveLength(2);
    // Another run sends nothing again.
    await t.app.deps.jobs.runNow('newsletters.send');
    expect(await outbox(advisor)).toHaveLength(2);
  });

  it('sends through the connected Gmail, one message per recipient, CRM contacts included', async () => {
    const gmailUser = await signUp(t, { email: 'gus@gmail-advice.example', name: 'Gus Advisor' });
    await connectViaOAuth(t, gmailUser, 'google_gmail_modify');
    await connectViaOAuth(t, gmailUser, 'wealthbox');
    await meeting(gmailUser, 'Henderson review', daysAgo(5), [['Ann Henderson', 'ann@henderson.example']]);
    const audience = (await as(t, gmailUser)({ method: 'GET', url: NEWSLETTER_PATHS.recipients })).json();
    // Cara is in Wealthbox only: never met, so in the lapsed segment.
    expect(audience.clients.map((c: { email: string; segments: string[] }) => [c.email, c.segments])).toEqual(
      [
        ['ann@henderson.example', ['all', 'recent']],
        ['cara@ng.example', ['all', 'lapsed']],
      ],
    );
    const n = (await create(gmailUser, quarterly)).json() as TNewsletter;
    const before = google.sentMail.length;
    const sent = await sendAndDeliver(gmailUser, n.id, {
      recipients: ['ann@henderson.example', 'cara@ng.example'],
      connection_type: 'Gmail',
    });
    expect(sent).toMatchObject({ status: 'sent', sending: null });
    expect(sent.last_send?.results.map((r) => r.delivered_to)).toEqual(['gmail', 'gmail']);
    // Sent a few at a time: they reach Gmail in no particular order.
    const mails = google.sentMail.slice(before).sort((a, b) => a.to.localeCompare(b.to));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['ann@henderson.example', 'Your Q1 2026 market commentary'],
      ['cara@ng.example', 'Your Q1 2026 market commentary'],
    ]);
    expect(mails[1]!.body).toMatch(/^Hi Cara,/);
    expect(mails[1]!.body).toContain('Firm news\n---------\n\nWe welcome Priya Shah, CFP, to the team.');
    expect(await outbox(gmailUser)).toEqual([]);
  });

  it('holds each email for review when the organization requires it', async () => {
    const policy = await as(
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
    expect(policy.statusCode).toBe(200);
    const n = (await create(reviewed, topics)).json() as TNewsletter;
    const sent = await sendAndDeliver(reviewed, n.id, {
      recipients: ['ann@henderson.example', 'bob@li.example'],
      connection_type: 'Outlook',
    });
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent.last_send?.connection_type).toBe('Outlook');
    expect(sent.last_send?.results.map((r) => r.delivered_to)).toEqual(['review', 'review']);
    expect(await outbox(reviewed)).toEqual([]);
    // Sent a few at a time, so held in no particular order.
    const queue = (
      (await as(t, admin)({ method: 'GET', url: COMPLIANCE_PATHS.reviews })).json() as Array<{
        to: string;
        subject: string;
        body: string;
      }>
    ).sort((a, b) => a.to.localeCompare(b.to));
    expect(queue.map((r) => [r.to, r.subject])).toEqual([
      ['ann@henderson.example', 'Market update, Retirement and more'],
      ['bob@li.example', 'Market update, Retirement and more'],
    ]);
    expect(queue[0]!.body).toMatch(/^Hi Ann,/);
  });

  /** The state a send leaves in the database part way (or a crash leaves): 'sending', and its rows. */
  const putSending = async (
    u: SignedInUser,
    n: TNewsletter,
    send: Omit<PendingSend, 'subject' | 'body'>,
    rows: Array<{
      email: string;
      name: string;
      status: 'pending' | 'sent' | 'failed';
      delivered_to?: 'gmail' | 'outbox';
      error?: string;
      claimed_at?: string;
    }>,
  ) => {
    const now = clock.now().toISOString();
    const userId = await userIdOf(t, u.email);
    await t.db.db
      .updateTable('newsletters')
      .set({
        status: 'sending',
        pending_send: JSON.stringify({ subject: n.subject, body: n.body, ...send }),
      })
      .where('id', '=', n.id)
      .execute();
    await t.db.db
      .insertInto('newsletter_deliveries')
      .values(
        rows.map((r, position) => ({
          id: `${n.id}-${position}`,
          newsletter_id: n.id,
          user_id: userId,
          position,
          email: r.email,
          name: r.name,
          status: r.status,
          delivered_to: r.delivered_to ?? null,
          error: r.error ?? null,
          claimed_at: r.claimed_at ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  };
  const getNewsletter = async (u: SignedInUser, id: string) =>
    (await as(t, u)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(id) })).json() as TNewsletter;

  it('answers 409 to a second send while one is under way, writing nothing', async () => {
    const u = await signUp(t, { email: 'sam@busy-advice.example', name: 'Sam Advisor' });
    await meeting(u, 'Henderson review', daysAgo(5), [['Ann Henderson', 'ann@henderson.example']]);
    await meeting(u, 'Li review', daysAgo(6), [['Bob Li', 'bob@li.example']]);
    const n = (await create(u, topics)).json() as TNewsletter;
    await putSending(u, n, { connection_type: 'Gmail', previous_status: 'draft' }, [
      { email: 'ann@henderson.example', name: 'Ann Henderson', status: 'pending' },
    ]);
    const stateOf = async () => [
      await deliveries(n.id),
      await t.db.db.selectFrom('newsletters').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow(),
    ];
    const before = await stateOf();
    const again = await as(
      t,
      u,
    )({
      method: 'POST',
      url: NEWSLETTER_PATHS.send(n.id),
      payload: { recipients: ['bob@li.example'], connection_type: 'Outlook' },
    });
    expect([again.statusCode, again.json()]).toEqual([409, { detail: NEWSLETTER_DETAIL.alreadySending }]);
    expect(await stateOf()).toEqual(before);
    expect(await getNewsletter(u, n.id)).toMatchObject({
      status: 'sending',
      sending: { total: 1, sent: 0, failed: 0 },
    });
    // Once the job has sent it, the newsletter may go again, to a new list.
    await t.app.deps.jobs.runNow('newsletters.send');
    expect((await outbox(u)).map((m) => m.to_address)).toEqual(['ann@henderson.example']);
    const next = await sendAndDeliver(u, n.id, { recipients: ['bob@li.example'], connection_type: 'Gmail' });
    expect(next.last_send?.results.map((r) => [r.email, r.delivered_to])).toEqual([
      ['bob@li.example', 'outbox'],
    ]);
    expect(await deliveries(n.id)).toEqual([
      { email: 'bob@li.example', status: 'sent', delivered_to: 'outbox' },
    ]);
    expect((await outbox(u)).map((m) => m.to_address)).toEqual(['ann@henderson.example', 'bob@li.example']);
  });

  it('after a crash, sends only the pending emails, nobody twice; a taken one again once its lease ends', async () => {
    const u = await signUp(t, { email: 'gia@gmail-advice.example', name: 'Gia Advisor' });
    await connectViaOAuth(t, u, 'google_gmail_modify');
    const n = (await create(u, topics)).json() as TNewsletter;
    const before = google.sentMail.length;
    const longAgo = new Date(clock.now().getTime() - CLAIM_LEASE_MS - 1).toISOString();
    // Ann's went before the crash; Bob's was never taken; Cara's was in flight in a run that died;
    // Dan's is being sent right now by a run on another server.
    await putSending(u, n, { connection_type: 'Gmail', previous_status: 'draft' }, [
      { email: 'ann@henderson.example', name: 'Ann Henderson', status: 'sent', delivered_to: 'gmail' },
      { email: 'bob@li.example', name: 'Bob Li', status: 'pending' },
      { email: 'cara@ng.example', name: 'Cara Ng', status: 'pending', claimed_at: longAgo },
      { email: 'dan@dee.example', name: 'Dan Dee', status: 'pending', claimed_at: clock.now().toISOString() },
    ]);
    await t.app.deps.jobs.runNow('newsletters.send');
    const sentTo = () =>
      google.sentMail
        .slice(before)
        .map((m) => m.to)
        .sort();
    expect(sentTo()).toEqual(['bob@li.example', 'cara@ng.example']);
    expect(google.sentMail.slice(before).find((m) => m.to === 'bob@li.example')?.body).toMatch(/^Hi Bob,/);
    expect(await getNewsletter(u, n.id)).toMatchObject({
      status: 'sending',
      last_send: null,
      sending: { total: 4, sent: 3, failed: 0 },
    });
    // Dan's run never finishes: once its lease is over, the job takes it.
    clock.advance(CLAIM_LEASE_MS + 1);
    await t.app.deps.jobs.runNow('newsletters.send');
    await t.app.deps.jobs.runNow('newsletters.send');
    expect(sentTo()).toEqual(['bob@li.example', 'cara@ng.example', 'dan@dee.example']);
    const done = await getNewsletter(u, n.id);
    expect(done).toMatchObject({ status: 'sent', sent_at: clock.now().toISOString(), sending: null });
    expect(done.last_send).toEqual({
      sent_at: clock.now().toISOString(),
      connection_type: 'Gmail',
      results: [
        { email: 'ann@henderson.example', name: 'Ann Henderson', delivered_to: 'gmail', error: null },
        { email: 'bob@li.example', name: 'Bob Li', delivered_to: 'gmail', error: null },
        { email: 'cara@ng.example', name: 'Cara Ng', delivered_to: 'gmail', error: null },
        { email: 'dan@dee.example', name: 'Dan Dee', delivered_to: 'gmail', error: null },
      ],
    });
    const list = (await as(t, u)({ method: 'GET', url: NEWSLETTER_PATHS.list })).json();
    expect(list[0]).toMatchObject({ id: n.id, status: 'sent', sent_count: 4 });
  });

  it('goes back to the status before the send when no email of it went', async () => {
    const u = await signUp(t, { email: 'flo@failing-advice.example', name: 'Flo Advisor' });
    const n = (await create(u, topics)).json() as TNewsletter;
    await putSending(u, n, { connection_type: 'Outlook', previous_status: 'draft' }, [
      { email: 'ann@henderson.example', name: 'Ann Henderson', status: 'failed', error: 'Refused' },
    ]);
    await t.app.deps.jobs.runNow('newsletters.send');
    expect(await getNewsletter(u, n.id)).toMatchObject({
      status: 'draft',
      sent_at: null,
      sending: null,
      last_send: {
        connection_type: 'Outlook',
        results: [
          { email: 'ann@henderson.example', name: 'Ann Henderson', delivered_to: null, error: 'Refused' },
        ],
      },
    });
    expect(await outbox(u)).toEqual([]);
  });

  it('exports a PDF into the user’s PDFs, redrafts, and deletes', async () => {
    const n = (await create(advisor, quarterly)).json() as TNewsletter;
    const pdf = await as(t, advisor)({ method: 'POST', url: NEWSLETTER_PATHS.pdf(n.id) });
    expect(pdf.json()).toMatchObject({ filename: 'newsletter_q1_2026.pdf', size: expect.any(Number) });
    const bytes = (await as(t, advisor)({ method: 'GET', url: `/api/pdf-service/${pdf.json().id}` }))
      .rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await as(
      t,
      advisor,
    )({
      method: 'PUT',
      url: NEWSLETTER_PATHS.newsletter(n.id),
      payload: { subject: 'Edited', body: 'Edited body', settings: { ...quarterly, quarter: 'Q3 2026' } },
    });
    clock.advance(60_000);
    const redrafted = (await as(t, advisor)({ method: 'POST', url: NEWSLETTER_PATHS.draft(n.id) })).json();
    expect(redrafted).toMatchObject({
      subject: 'Your Q3 2026 market commentary',
      drafted_at: clock.now().toISOString(),
    });
    expect(redrafted.body).toContain('Open enrollment for workplace benefits');

    const removed = await as(t, advisor)({ method: 'DELETE', url: NEWSLETTER_PATHS.newsletter(n.id) });
    expect(removed.json()).toEqual({ success: true });
    expect((await as(t, advisor)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).statusCode).toBe(
      404,
    );
    expect(
      (await as(t, advisor)({ method: 'DELETE', url: NEWSLETTER_PATHS.newsletter(n.id) })).statusCode,
    ).toBe(404);
  });
});

describe(`newsletters when the model fails (${testEngine()})`, () => {
  it('keeps the new newsletter with its settings and says the draft failed; a redraft that fails changes nothing', async () => {
    const llm = await startFakeOpenAI();
    const t = await createTestApp({ clock, llm: fakeLlm(llm).model });
    try {
      const user = await signUp(t);
      llm.enqueue({ text: 'Sorry, I cannot write newsletters.' });
      const res = await as(t, user)({ method: 'POST', url: NEWSLETTER_PATHS.list, payload: topics });
      expect(res.statusCode).toBe(200);
      const n = res.json() as TNewsletter;
      expect(n).toMatchObject({ body: '', subject: 'Market update, Retirement', drafted_at: null });
      expect(n.draft_error).toMatch(/.+/);
      const stored = (await as(t, user)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).json();
      expect(stored).toMatchObject({ settings: topics, body: '' });
      expect(stored.draft_error).toBeUndefined();

      llm.enqueue({ text: 'still not JSON' });
      const again = await as(t, user)({ method: 'POST', url: NEWSLETTER_PATHS.draft(n.id) });
      expect(again.statusCode).toBe(422);
      expect((await as(t, user)({ method: 'GET', url: NEWSLETTER_PATHS.newsletter(n.id) })).json()).toEqual(
        stored,
      );

      llm.enqueue({
        text: JSON.stringify({
          subject: 'Your June letter',
          intro: 'A quick note.',
          sections: [{ topic: 'Market update', heading: 'Markets', body: 'Calm.' }],
          closing: 'Talk soon.',
        }),
      });
      const drafted = (await as(t, user)({ method: 'POST', url: NEWSLETTER_PATHS.draft(n.id) })).json();
      expect(drafted.subject).toBe('Your June letter');
      expect(drafted.body).toContain('A quick note.\n\n## Markets\n\nCalm.\n\nTalk soon.');
    } finally {
      await t.close();
      await llm.close();
    }
  });
});
