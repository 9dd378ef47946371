import {
  CLIENT_REVIEW_PATHS,
  EMAIL_PATHS,
  ERR,
  MEETING_PATHS,
  PDF_PATHS,
  type TClientReview,
  type TClientReviewClient,
  type TClientReviewUpdate,
} from '@knap/contracts';
import {
  type FakeLlm,
  type FakeOidc,
  type FakeWealthbox,
  startFakeOidc,
  startFakeOpenAI,
  startFakeWealthbox,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth } from '../../testing/connections.js';
import { pdfOf, uploadDocument } from '../../testing/documents.js';
import { fakeLlm } from '../../testing/llm.js';
import { pdfText } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { clientReviewsSource } from '../library/sources/client-reviews.js';
import type { ReviewDraftInput } from './prompts.js';
import { clientKeyOf } from './service.js';

const ANN = 'ann@henderson.example';
const HENDERSON_TRANSCRIPT = [
  'Dana Reyes: Welcome, Ann. Tell me where things stand.',
  "Ann Henderson: I'm 58 and I earn $180,000 a year as an engineer. My 401(k) has $850,000 and we keep savings of $120,000.",
  'Dana Reyes: What are your goals?',
  "Ann Henderson: I want to retire at 62 and help my daughter with college tuition. I'm moderate about risk.",
  'Dana Reyes: We agreed to review the rollover. I will send the plan next week.',
].join('\n');
const SMITH_TRANSCRIPT = [
  'Dana Reyes: Hello Bob.',
  'Bob Smith: We decided to buy a boat. I will call the marina.',
].join('\n');

const ANNUAL_2026 = {
  client_name: 'Ann Henderson',
  client_email: ANN,
  period_label: '2026 annual review',
  period_start: '2026-01-01',
  period_end: '2026-12-31',
};

it('keys reviews of one client by their address, else their name', () => {
  expect(clientKeyOf(' Ann  Henderson ', null)).toBe('name:ann henderson');
  expect(clientKeyOf('Ann', 'ANN@Henderson.example')).toBe(ANN);
});

describe(`client reviews on the demo model (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  let t: TestApp;
  let auth: FakeOidc;
  let wealthbox: FakeWealthbox;
  let dana: SignedInUser;
  let other: SignedInUser;

  const call = (u: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, u)({ method, url, ...(payload ? { payload } : {}) });
  const create = (u: SignedInUser, payload: object) => call(u, 'POST', CLIENT_REVIEW_PATHS.list, payload);
  const get = async (u: SignedInUser, id: string) =>
    (await call(u, 'GET', CLIENT_REVIEW_PATHS.review(id))).json() as TClientReview;
  const draftOf = (r: TClientReview): TClientReviewUpdate => ({
    period_label: r.period_label,
    sections: r.sections,
    email: r.email,
  });

  /** A meeting on `day` with one guest, whose notes the demo model writes from the transcript. */
  async function meetingWithNotes(
    title: string,
    day: string,
    guest: { name: string; email: string },
    transcript: string,
  ) {
    const meeting = (
      await call(dana, 'POST', MEETING_PATHS.list, {
        title,
        start_time: `${day}T15:00:00.000Z`,
        participants: [guest],
      })
    ).json();
    await call(dana, 'PUT', MEETING_PATHS.transcript(meeting.meeting_id), { content: transcript });
    await eventually(
      () => call(dana, 'GET', MEETING_PATHS.notes(meeting.meeting_id)).then((r) => r.json()),
      (n) => n.notes_status === 'ready',
    );
    return meeting.meeting_id as string;
  }

  beforeAll(async () => {
    auth = await startFakeOidc({ user: { sub: 'w', email: 'dana@reyes.example', name: 'Dana' } });
    wealthbox = await startFakeWealthbox(auth);
    wealthbox.contacts.push(
      { id: 11, first_name: 'Ann', last_name: 'Henderson', email: ANN, birth_date: '1968-03-14' },
      { id: 12, first_name: 'Cara', last_name: 'Wealth', email: 'cara@wealthco.example' },
    );
    wealthbox.notes.push({
      id: 1,
      contact_id: 11,
      content: 'Daughter starts university in 2027.',
      created_at: '2026-05-02T10:00:00Z',
    });
    t = await createTestApp({
      clock,
      config: { oauthProviders: { wealthbox: auth.endpoints }, apis: { wealthbox: wealthbox.url } },
    });
    dana = await signUp(t, { name: 'Dana Reyes' });
    other = await signUp(t, { name: 'Other Advisor' });
  });
  afterAll(async () => {
    await t.close();
    await wealthbox.close();
    await auth.close();
  });

  it('drafts from the notes of that client’s meetings in the period and the CRM, then from the prior review', async () => {
    const ours = await meetingWithNotes(
      'Henderson annual review',
      '2026-11-20',
      { name: 'Ann Henderson', email: ANN },
      HENDERSON_TRANSCRIPT,
    );
    await meetingWithNotes(
      'Smith catch-up',
      '2026-10-01',
      { name: 'Bob Smith', email: 'bob@smith.example' },
      SMITH_TRANSCRIPT,
    );
    await meetingWithNotes(
      'Henderson 2025 review',
      '2025-11-10',
      { name: 'Ann Henderson', email: ANN },
      'Ann Henderson: We decided to buy a vacation house in Maine.',
    );
    await connectViaOAuth(t, dana, 'wealthbox');

    const res = await create(dana, { ...ANNUAL_2026, client_email: 'Ann@Henderson.example' });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as TClientReview;
    expect(first).toMatchObject({
      client_name: 'Ann Henderson',
      client_email: ANN,
      period_label: '2026 annual review',
      period_start: '2026-01-01',
      period_end: '2026-12-31',
      status: 'draft',
      pdf: null,
      pdf_is_current: false,
      sent_at: null,
      drafted_at: '2026-11-22T09:00:00.000Z',
      sources: {
        meetings: [{ id: ours, title: 'Henderson annual review', date: '2026-11-20' }],
        crm: ['wealthbox'],
        prior_reviews: [],
        documents: [],
      },
      email: { to: ANN, subject: 'Your 2026 annual review' },
    });
    expect(first.email.body).toMatch(/^Dear Ann,\n\nAttached is your 2026 annual review/);
    expect(first.email.body.endsWith('Best regards,\nDana Reyes')).toBe(true);
    // Ann's notes, this period only: not Bob's meeting, not last year's.
    const { summary, changes, goals, recommendations, next_steps } = first.sections;
    expect(summary).toContain('**Henderson annual review** (2026-11-20)');
    expect(summary).toContain('My 401(k) has $850,000 and we keep savings of $120,000.');
    expect(summary).toContain(
      'Wealthbox: Ann Henderson — born 1968-03-14, 1 CRM note, the latest: "Daughter starts university in 2027."',
    );
    expect(`${summary}${changes}${next_steps}`).not.toMatch(/boat|marina|Maine/);
    expect(changes).toBe(
      'This is the first review on record for Ann Henderson.\n\n- Decided: We agreed to review the rollover.',
    );
    expect(goals).toContain('- I want to retire at 62 and help my daughter with college tuition.');
    expect(recommendations).toContain('Update the retirement projection');
    expect(recommendations).toContain('Review education funding');
    expect(next_steps).toBe(
      '- I will send the plan next week. (Dana Reyes)\n- Schedule the review after the 2026 annual review.',
    );

    // The advisor's edit is what the next review of Ann reads as her prior review.
    const edited = {
      ...draftOf(first),
      sections: {
        ...first.sections,
        next_steps: '- Open a 529 plan for the daughter\n- Roll the 401(k) over',
      },
    };
    expect((await call(dana, 'PUT', CLIENT_REVIEW_PATHS.review(first.id), edited)).statusCode).toBe(200);
    clock.advance(60_000);
    const second = (
      await create(dana, { ...ANNUAL_2026, period_label: 'Year-end check-in', period_start: '2026-11-01' })
    ).json() as TClientReview;
    expect(second.sources.prior_reviews).toEqual([{ id: first.id, period_label: '2026 annual review' }]);
    expect(second.sections.changes).toContain('Since the 2026 annual review (ended 2026-12-31):');
    expect(second.sections.changes).toContain(
      '**Next steps from the 2026 annual review**\n\n- Open a 529 plan for the daughter — check it is done\n- Roll the 401(k) over — check it is done',
    );

    // The list, last edited first; the picker knows Ann from meetings, CRM and reviews, Cara from the CRM.
    const list = (await call(dana, 'GET', CLIENT_REVIEW_PATHS.list)).json();
    expect(list.map((r: TClientReview) => [r.id, r.period_label, r.status])).toEqual([
      [second.id, 'Year-end check-in', 'draft'],
      [first.id, '2026 annual review', 'draft'],
    ]);
    const clients = (await call(dana, 'GET', CLIENT_REVIEW_PATHS.clients)).json() as TClientReviewClient[];
    expect(clients).toEqual([
      {
        name: 'Ann Henderson',
        email: ANN,
        last_meeting: '2026-11-20',
        sources: ['meetings', 'crm', 'reviews'],
        last_review: { id: second.id, period_label: 'Year-end check-in' },
      },
      {
        name: 'Bob Smith',
        email: 'bob@smith.example',
        last_meeting: '2026-10-01',
        sources: ['meetings'],
        last_review: null,
      },
      {
        name: 'Cara Wealth',
        email: 'cara@wealthco.example',
        last_meeting: null,
        sources: ['crm'],
        last_review: null,
      },
    ]);
  });

  it('reads the chosen documents and cites them; another user’s document is 404 and nothing is stored', async () => {
    const statement = (
      await uploadDocument(
        as(t, dana),
        'Q3 statement.pdf',
        await pdfOf([
          'Statement for Lee Park.',
          'Asset allocation: 70% equities, 30% bonds. Balance 412,000.',
        ]),
        'application/pdf',
      )
    ).json();
    const theirs = (await uploadDocument(as(t, other), 'theirs.txt', Buffer.from('Balance 1.'))).json();
    const payload = {
      client_name: 'Lee Park',
      period_label: 'Q3 review',
      period_start: '2026-07-01',
      period_end: '2026-09-30',
    };
    const count = async () => (await call(dana, 'GET', CLIENT_REVIEW_PATHS.list)).json().length as number;
    const before = await count();
    const refused = await create(dana, { ...payload, document_ids: [statement.id, theirs.id] });
    expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'Document not found' }]);
    expect(await count()).toBe(before);

    const res = await create(dana, { ...payload, document_ids: [statement.id] });
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json() as TClientReview;
    expect(review.sources.documents).toEqual([
      { id: statement.id, filename: 'Q3 statement.pdf', kind: 'pdf' },
    ]);
    // The demo model quotes the passage the search found, with the link that opens it at its page.
    expect(review.sections.summary).toContain(
      `- Asset allocation: 70% equities, 30% bonds. Balance 412,000. [Q3 statement.pdf, page 2](/documents/${statement.id}?at=1)`,
    );
    const reads = await t.db.db
      .selectFrom('audit_log')
      .select(['target', 'details'])
      .where('action', '=', 'document.read')
      .execute();
    expect(reads.map((r) => [r.target, JSON.parse(r.details)])).toContainEqual([
      statement.id,
      { as: 'client review', review_id: review.id, passages: 2 },
    ]);
  });

  it('a client only named, with no meetings: drafted all the same, and their reviews found by name', async () => {
    const res = await create(dana, {
      client_name: 'Zed Quinn',
      period_label: 'Q3 review',
      period_start: '2026-07-01',
      period_end: '2026-09-30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json() as TClientReview;
    expect(review.client_email).toBeNull();
    expect(review.sources).toEqual({ meetings: [], crm: [], prior_reviews: [], documents: [] });
    expect(review.sections.summary).toContain(
      'No meeting with Zed Quinn has notes between 2026-07-01 and 2026-09-30.',
    );
    expect(review.email.to).toBe('');
    const again = (
      await create(dana, {
        ...review,
        client_name: ' zed  quinn ',
        client_email: null,
        period_label: 'Q4 review',
      })
    ).json() as TClientReview;
    expect(again.sources.prior_reviews).toEqual([{ id: review.id, period_label: 'Q3 review' }]);
  });

  it('autosaves the draft; a change to the content makes the PDF out of date; sends through the outbox', async () => {
    const review = (await create(dana, ANNUAL_2026)).json() as TClientReview;
    clock.advance(60_000);
    const pdfRes = await call(dana, 'POST', CLIENT_REVIEW_PATHS.pdf(review.id));
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    const exported = pdfRes.json() as TClientReview;
    expect(exported.pdf).toMatchObject({
      filename: 'client_review_ann_henderson.pdf',
      size: expect.any(Number),
    });
    expect(exported.pdf_is_current).toBe(true);
    expect(exported.updated_at).toBe(review.updated_at);

    const file = await call(dana, 'GET', PDF_PATHS.pdf(exported.pdf!.id));
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Client review — Ann Henderson',
      '2026 annual review',
      `Ann Henderson (${ANN})`,
      '2026-01-01 to 2026-12-31',
      'Summary',
      'Changes since last review',
      'Goals progress',
      'Recommendations',
      'Next steps',
      'I will send the plan next week. (Dana Reyes)',
      'Prepared by Dana Reyes',
    ])
      expect(text).toContain(expected);
    expect((await call(other, 'GET', PDF_PATHS.pdf(exported.pdf!.id))).statusCode).toBe(404);

    // Only the email changes: the PDF still matches the review.
    clock.advance(60_000);
    const emailOnly = await call(dana, 'PUT', CLIENT_REVIEW_PATHS.review(review.id), {
      ...draftOf(exported),
      email: { ...exported.email, subject: 'Your review, Ann' },
    });
    expect(emailOnly.json()).toMatchObject({ pdf_is_current: true, email: { subject: 'Your review, Ann' } });
    clock.advance(60_000);
    const edited = (
      await call(dana, 'PUT', CLIENT_REVIEW_PATHS.review(review.id), {
        ...draftOf(exported),
        sections: { ...exported.sections, summary: 'A calm year.' },
      })
    ).json() as TClientReview;
    expect(edited).toMatchObject({ pdf_is_current: false, sections: { summary: 'A calm year.' } });
    expect((await get(dana, review.id)).sections.summary).toBe('A calm year.');

    clock.advance(60_000);
    const fresh = (await call(dana, 'POST', CLIENT_REVIEW_PATHS.pdf(review.id))).json() as TClientReview;
    expect(fresh.pdf_is_current).toBe(true);
    expect(fresh.pdf!.id).not.toBe(exported.pdf!.id);
    expect(pdfText((await call(dana, 'GET', PDF_PATHS.pdf(fresh.pdf!.id))).rawPayload)).toContain(
      'A calm year.',
    );

    // The approved email is sent by the review's own endpoint, for its current PDF only...
    const email = { to: ANN, subject: 'Your review, Ann', body: fresh.email.body, connection_type: 'Gmail' };
    const stale = await call(dana, 'POST', CLIENT_REVIEW_PATHS.send(review.id), {
      ...email,
      pdf_id: exported.pdf!.id,
    });
    expect([stale.statusCode, stale.json().detail]).toEqual([
      409,
      "The email's attachment is not this review's current PDF: export the PDF again and send it",
    ]);
    expect((await get(dana, review.id)).status).toBe('draft');
    expect((await call(dana, 'GET', EMAIL_PATHS.outbox)).json()).toEqual([]);
    clock.advance(60_000);
    const sentAt = clock.now().toISOString();
    const sent = await call(dana, 'POST', CLIENT_REVIEW_PATHS.send(review.id), {
      ...email,
      pdf_id: fresh.pdf!.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'sent',
      sent_at: sentAt,
      sent_to: ANN,
      delivered_to: 'outbox',
    });
    // ...through the one email path: no mail account is connected, so it waits in the outbox, with the PDF.
    const [outboxed] = (await call(dana, 'GET', EMAIL_PATHS.outbox)).json();
    expect(outboxed).toMatchObject({ to: ANN, attachment_filename: 'client_review_ann_henderson.pdf' });
    const listed = (await call(dana, 'GET', CLIENT_REVIEW_PATHS.list)).json();
    expect(listed[0]).toMatchObject({ id: review.id, status: 'sent', sent_at: sentAt });
  });

  it("answers 404 for another user's review, on every verb, and changes nothing", async () => {
    const review = (await create(dana, ANNUAL_2026)).json() as TClientReview;
    const pdf = (await call(dana, 'POST', CLIENT_REVIEW_PATHS.pdf(review.id))).json() as TClientReview;
    const before = await get(dana, review.id);
    for (const [method, url, payload] of [
      ['GET', CLIENT_REVIEW_PATHS.review(review.id), undefined],
      ['PUT', CLIENT_REVIEW_PATHS.review(review.id), { ...draftOf(review), period_label: 'Stolen' }],
      ['DELETE', CLIENT_REVIEW_PATHS.review(review.id), undefined],
      ['POST', CLIENT_REVIEW_PATHS.pdf(review.id), undefined],
      [
        'POST',
        CLIENT_REVIEW_PATHS.send(review.id),
        { to: ANN, subject: 'Hi', body: 'Hello', connection_type: 'Gmail', pdf_id: pdf.pdf!.id },
      ],
      ['GET', CLIENT_REVIEW_PATHS.review('no-such-review'), undefined],
    ] as const) {
      const res = await call(other, method, url, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([
        method,
        url,
        404,
        { detail: 'Client review not found' },
      ]);
    }
    expect((await call(other, 'GET', CLIENT_REVIEW_PATHS.list)).json()).toEqual([]);
    expect((await call(other, 'GET', CLIENT_REVIEW_PATHS.clients)).json()).toEqual([]);
    expect(await get(dana, review.id)).toEqual(before);
  });

  it('refuses bad input with 422 and a clear detail, and changes nothing', async () => {
    const review = (await create(dana, ANNUAL_2026)).json() as TClientReview;
    const count = (await call(dana, 'GET', CLIENT_REVIEW_PATHS.list)).json().length;
    const createCases: Array<[object, string]> = [
      [
        { ...ANNUAL_2026, client_name: '  ' },
        'Invalid body.client_name: Choose a client or enter their name',
      ],
      [
        { ...ANNUAL_2026, client_email: 'not-an-address' },
        "Invalid body.client_email: Enter the client's email address, or leave it empty",
      ],
      [
        { ...ANNUAL_2026, period_label: '' },
        'Invalid body.period_label: Name the period, e.g. "2026 annual review"',
      ],
      [
        { ...ANNUAL_2026, period_start: '2026-13-01' },
        'Invalid body.period_start: Enter the start of the period as a date (YYYY-MM-DD)',
      ],
      [
        { ...ANNUAL_2026, period_end: '2025-12-31' },
        'Invalid body.period_end: The period ends before it starts',
      ],
      [
        { ...ANNUAL_2026, period_start: '2019-01-01' },
        'Invalid body.period_end: A review covers at most 1830 days (about five years)',
      ],
      [
        { ...ANNUAL_2026, client_name: 'x'.repeat(201) },
        "Invalid body.client_name: Keep the client's name under 200 characters",
      ],
    ];
    for (const [payload, detail] of createCases) {
      const res = await create(dana, payload);
      expect([res.statusCode, res.json().detail]).toEqual([422, detail]);
    }
    expect((await call(dana, 'GET', CLIENT_REVIEW_PATHS.list)).json()).toHaveLength(count);

    const putCases: Array<[object, string]> = [
      [
        { ...draftOf(review), sections: { ...review.sections, goals: 'x'.repeat(20_001) } },
        'Invalid body.sections.goals: Keep each section under 20,000 characters',
      ],
      [{ ...draftOf(review), sections: { summary: 'Only this' } }, 'Invalid body.sections.changes'],
      [
        { ...draftOf(review), period_label: ' ' },
        'Invalid body.period_label: Name the period, e.g. "2026 annual review"',
      ],
      [
        { ...draftOf(review), email: { ...review.email, subject: 's'.repeat(301) } },
        'Invalid body.email.subject',
      ],
    ];
    for (const [payload, detail] of putCases) {
      const res = await call(dana, 'PUT', CLIENT_REVIEW_PATHS.review(review.id), payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    const outbox = async () => (await call(dana, 'GET', EMAIL_PATHS.outbox)).json().length;
    const outboxBefore = await outbox();
    const mail = { to: ANN, subject: 'Your review', body: 'Hello', connection_type: 'Gmail', pdf_id: 'x' };
    const sendCases: object[] = [
      { ...mail, connection_type: 'carrier-pigeon' },
      { ...mail, to: '' },
      { ...mail, to: 'not an address' },
      { ...mail, subject: '' },
      { ...mail, pdf_id: undefined },
    ];
    for (const payload of sendCases)
      expect((await call(dana, 'POST', CLIENT_REVIEW_PATHS.send(review.id), payload)).statusCode).toBe(422);
    // Sent before any PDF was made: refused, and nothing goes out.
    const noPdf = await call(dana, 'POST', CLIENT_REVIEW_PATHS.send(review.id), mail);
    expect(noPdf.statusCode).toBe(409);
    expect(await outbox()).toBe(outboxBefore);
    expect(await get(dana, review.id)).toEqual(review);
  });

  it('deletes a review (not while on legal hold); its PDF stays in the PDFs', async () => {
    const review = (await create(dana, ANNUAL_2026)).json() as TClientReview;
    const { pdf } = (await call(dana, 'POST', CLIENT_REVIEW_PATHS.pdf(review.id))).json() as TClientReview;
    const danaId = await userIdOf(t, dana.email);
    await t.db.db
      .insertInto('legal_holds')
      .values({ user_id: danaId, reason: 'Litigation', placed_by: 'admin@x.example', placed_at: 'now' })
      .execute();
    const held = await call(dana, 'DELETE', CLIENT_REVIEW_PATHS.review(review.id));
    expect([held.statusCode, held.json()]).toEqual([
      409,
      { detail: 'Your account is under legal hold: client reviews cannot be deleted' },
    ]);
    await t.db.db.deleteFrom('legal_holds').where('user_id', '=', danaId).execute();
    // The Library lists it, and deletes it through the same rules.
    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', danaId)
      .executeTakeFirstOrThrow();
    expect((await clientReviewsSource.list(t.app.deps, user)).find((i) => i.id === review.id)).toEqual({
      id: review.id,
      kind: 'review',
      title: '2026 annual review — Ann Henderson',
      client: 'Ann Henderson',
      summary: 'Draft',
      created_at: review.created_at,
      updated_at: review.updated_at,
      open_path: `/client-review/${review.id}`,
      download_path: null,
      deletable: true,
    });
    expect((await call(dana, 'DELETE', CLIENT_REVIEW_PATHS.review(review.id))).json()).toEqual({
      success: true,
    });
    expect((await call(dana, 'GET', CLIENT_REVIEW_PATHS.review(review.id))).statusCode).toBe(404);
    expect((await call(dana, 'DELETE', CLIENT_REVIEW_PATHS.review(review.id))).statusCode).toBe(404);
    expect((await call(dana, 'GET', PDF_PATHS.pdf(pdf!.id))).statusCode).toBe(200);
  });
});

describe(`client reviews: what the model is given (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  let t: TestApp;
  let llm: FakeLlm;
  let dana: SignedInUser;

  const SECTIONS = {
    summary: 'Ann met twice.',
    changes: 'First review.',
    goals: '- Retire at 62',
    recommendations: '- Open a 529',
    next_steps: '- Send the plan',
  };
  const answer = (sections: object) => ({
    text: `Here you go:\n\`\`\`json\n${JSON.stringify(sections)}\n\`\`\``,
  });
  const create = (payload: object) => as(t, dana)({ method: 'POST', url: CLIENT_REVIEW_PATHS.list, payload });
  /** The system prompt and the JSON input of the model's last call. */
  const lastCall = () => {
    const messages = llm.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    return {
      system: messages.find((m) => m.role === 'system')!.content,
      input: JSON.parse(messages.find((m) => m.role === 'user')!.content) as ReviewDraftInput,
    };
  };

  beforeAll(async () => {
    llm = await startFakeOpenAI();
    const { config, model } = fakeLlm(llm);
    t = await createTestApp({ clock, llm: model, config: { llm: config } });
    dana = await signUp(t, { name: 'Dana Reyes', email: 'dana@reyes.example' });
    const userId = await userIdOf(t, dana.email);
    // Meetings whose notes are already written (the notetaker's output), seeded as stored rows.
    const meeting = (id: string, title: string, day: string, email: string, summary: string) => ({
      id,
      user_id: userId,
      source: 'manual' as const,
      external_id: null,
      title,
      start_time: `${day}T15:00:00.000Z`,
      end_time: null,
      meeting_url: null,
      participants: JSON.stringify([
        { name: '', email, response_status: 'accepted' },
        { name: 'Dana Reyes', email: 'dana@reyes.example', response_status: 'accepted' },
      ]),
      bot_status: null,
      bot_id: null,
      bot_error: null,
      transcript: null,
      notes: JSON.stringify({
        summary,
        decisions: [`${title}: decided`],
        action_items: [{ text: `${title}: follow up`, owner: 'Dana Reyes' }],
        client_facts: [{ category: 'goals', fact: `${title}: a goal` }],
      }),
      notes_status: 'ready' as const,
      created_at: `${day}T15:00:00.000Z`,
      updated_at: `${day}T15:00:00.000Z`,
    });
    await t.db.db
      .insertInto('meetings')
      .values([
        meeting('m1', 'Spring check-in', '2026-04-02', ANN, 'Spring went well.'),
        meeting('m2', 'Autumn review', '2026-10-15', ANN, 'Autumn went well.'),
        meeting('m3', 'Smith call', '2026-06-01', 'bob@smith.example', 'Bob is fine.'),
        meeting('m4', 'Old review', '2025-12-31', ANN, 'Last year.'),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('passes the notes of the client’s meetings in the period and the prior review as edited', async () => {
    llm.enqueue(answer(SECTIONS));
    const res = await create(ANNUAL_2026);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as TClientReview;
    expect(first.sections).toEqual(SECTIONS);
    const { system, input } = lastCall();
    expect(system.startsWith('You draft a periodic client review for a financial advisor.')).toBe(true);
    expect(input).toEqual({
      advisor: 'Dana Reyes',
      client: { name: 'Ann Henderson', email: ANN },
      period: { label: '2026 annual review', start: '2026-01-01', end: '2026-12-31' },
      meetings: [
        {
          title: 'Autumn review',
          date: '2026-10-15',
          summary: 'Autumn went well.',
          decisions: ['Autumn review: decided'],
          action_items: [{ text: 'Autumn review: follow up', owner: 'Dana Reyes' }],
          client_facts: [{ category: 'goals', fact: 'Autumn review: a goal' }],
        },
        expect.objectContaining({
          title: 'Spring check-in',
          date: '2026-04-02',
          summary: 'Spring went well.',
        }),
      ],
      crm: [],
      documents: [],
      prior_reviews: [],
    });

    const mine = { ...SECTIONS, next_steps: '- Roll the 401(k) over by March' };
    await as(
      t,
      dana,
    )({
      method: 'PUT',
      url: CLIENT_REVIEW_PATHS.review(first.id),
      payload: { period_label: first.period_label, sections: mine, email: first.email },
    });
    clock.advance(60_000);
    llm.enqueue(answer({ ...SECTIONS, changes: 'The rollover is done.' }));
    const second = (
      await create({
        ...ANNUAL_2026,
        period_label: '2027 annual review',
        period_start: '2027-01-01',
        period_end: '2027-12-31',
      })
    ).json() as TClientReview;
    expect(second.sections.changes).toBe('The rollover is done.');
    expect(lastCall().input.meetings).toEqual([]);
    expect(lastCall().input.prior_reviews).toEqual([
      { period_label: '2026 annual review', period_end: '2026-12-31', sections: mine },
    ]);
  });

  it('stores nothing when the model fails or answers what cannot be read', async () => {
    const before = (await as(t, dana)({ method: 'GET', url: CLIENT_REVIEW_PATHS.list })).json().length;
    llm.enqueue({ status: 500 });
    const failed = await create(ANNUAL_2026);
    expect([failed.statusCode, failed.json()]).toEqual([
      502,
      { detail: 'The model did not answer; try again' },
    ]);
    llm.enqueue({ text: 'Sorry, I cannot write reviews.' });
    const unreadable = await create(ANNUAL_2026);
    expect([unreadable.statusCode, unreadable.json()]).toEqual([422, { detail: ERR.parseEnhancedInsights }]);
    llm.enqueue(answer({ summary: 'Only a summary' }));
    expect((await create(ANNUAL_2026)).statusCode).toBe(422);
    expect((await as(t, dana)({ method: 'GET', url: CLIENT_REVIEW_PATHS.list })).json()).toHaveLength(before);
  });
});
