import {
  ERR,
  FIRST_IMPRESSIONS_PATHS,
  LIBRARY_PATHS,
  MEETING_PATHS,
  PDF_PATHS,
  type TBriefing,
  type TBriefingSummary,
  type TLibraryItem,
  type TPdfInfo,
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
import type { BriefingDraftInput } from './prompts.js';

const ANN = 'ann@henderson.example';
const CARA = 'cara@wealthco.example';
const HENDERSON_TRANSCRIPT = [
  'Dana Reyes: Welcome, Ann. Tell me where things stand.',
  "Ann Henderson: I'm 58 and I earn $180,000 a year as an engineer. My 401(k) has $850,000 and we keep savings of $120,000.",
  'Dana Reyes: What are your goals?',
  "Ann Henderson: I want to retire at 62 and help my daughter with college tuition. I'm moderate about risk.",
  'Dana Reyes: We agreed to review the rollover. I will send the plan next week.',
].join('\n');

describe(`first impressions on the demo model (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  let t: TestApp;
  let auth: FakeOidc;
  let wealthbox: FakeWealthbox;
  let dana: SignedInUser;
  let other: SignedInUser;
  let annMeeting: string;
  let upcomingMeeting: string;

  const call = (u: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, u)({ method, url, ...(payload ? { payload } : {}) });
  const create = (u: SignedInUser, payload: object) => call(u, 'POST', FIRST_IMPRESSIONS_PATHS.list, payload);
  const created = async (u: SignedInUser, payload: object) => {
    const res = await create(u, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TBriefing;
  };
  const get = async (u: SignedInUser, id: string) =>
    (await call(u, 'GET', FIRST_IMPRESSIONS_PATHS.briefing(id))).json() as TBriefing;
  const list = async (u: SignedInUser) =>
    (await call(u, 'GET', FIRST_IMPRESSIONS_PATHS.list)).json() as TBriefingSummary[];

  async function meeting(title: string, start: string, guest: { name: string; email: string }) {
    const res = await call(dana, 'POST', MEETING_PATHS.list, {
      title,
      start_time: start,
      participants: [guest],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().meeting_id as string;
  }
  async function withNotes(meetingId: string, transcript: string) {
    await call(dana, 'PUT', MEETING_PATHS.transcript(meetingId), { content: transcript });
    await eventually(
      () => call(dana, 'GET', MEETING_PATHS.notes(meetingId)).then((r) => r.json()),
      (n) => n.notes_status === 'ready',
    );
  }

  beforeAll(async () => {
    auth = await startFakeOidc({ user: { sub: 'w', email: 'dana@reyes.example', name: 'Dana' } });
    wealthbox = await startFakeWealthbox(auth);
    wealthbox.contacts.push({ id: 12, first_name: 'Cara', last_name: 'Wealth', email: CARA });
    wealthbox.notes.push({
      id: 1,
      contact_id: 12,
      content: 'Met at the chamber breakfast; selling her business next year.',
      created_at: '2026-09-02T10:00:00Z',
    });
    t = await createTestApp({
      clock,
      config: { oauthProviders: { wealthbox: auth.endpoints }, apis: { wealthbox: wealthbox.url } },
    });
    dana = await signUp(t, { name: 'Dana Reyes', email: 'dana@reyes.example' });
    other = await signUp(t, { name: 'Other Advisor' });

    annMeeting = await meeting('Henderson intro call', '2026-11-20T15:00:00.000Z', {
      name: 'Ann Henderson',
      email: ANN,
    });
    await withNotes(annMeeting, HENDERSON_TRANSCRIPT);
    upcomingMeeting = await meeting('Henderson planning session', '2026-12-03T15:00:00.000Z', {
      name: 'Ann Henderson',
      email: ANN,
    });
    const bob = await meeting('Smith catch-up', '2026-11-10T15:00:00.000Z', {
      name: 'Bob Smith',
      email: 'bob@smith.example',
    });
    await withNotes(bob, 'Bob Smith: We decided to buy a boat. I will call the marina.');
  });
  afterAll(async () => {
    await t.close();
    await wealthbox.close();
    await auth.close();
  });

  it('briefs from the meetings with a matching participant and their notes, naming each source', async () => {
    const briefing = await created(dana, { email: 'Ann@Henderson.example', company: '' });
    expect(briefing).toMatchObject({
      name: null,
      email: ANN,
      company: null,
      drafted_at: '2026-11-22T09:00:00.000Z',
      sources: {
        meetings: [
          {
            id: upcomingMeeting,
            title: 'Henderson planning session',
            date: '2026-12-03',
            upcoming: true,
            has_notes: false,
          },
          {
            id: annMeeting,
            title: 'Henderson intro call',
            date: '2026-11-20',
            upcoming: false,
            has_notes: true,
          },
        ],
        crm: [],
      },
    });
    const text = briefing.briefing;
    expect(text).toContain('## Who they are\n**ann@henderson.example**.');
    expect(text).toContain('- You met in **Henderson intro call** (2026-11-20): A conversation between');
    expect(text).toContain('- **Henderson planning session** is coming up on 2026-12-03.');
    expect(text).toContain('- They said: “My 401(k) has $850,000 and we keep savings of $120,000”');
    expect(text).toContain('- Decided: We agreed to review the rollover.');
    expect(text).toContain(
      '## Where this comes from\n- Meeting: **Henderson planning session** (2026-12-03), upcoming\n' +
        '- Meeting: **Henderson intro call** (2026-11-20), with notes\n- What you entered: email ann@henderson.example',
    );
    expect(text).toContain('- Pick up from **Henderson intro call** (2026-11-20)');
    expect(text).not.toMatch(/boat|marina|Smith/);
    expect(briefing.questions).toEqual([
      'Since we spoke in “Henderson intro call” on 2026-11-20, what has changed for you?',
      'You said “I want to retire at 62 and help my daughter with college tuition”. What would make that feel on track?',
      'Who else is part of your financial decisions: a partner, family, other advisors?',
      'You mentioned “My 401(k) has $850,000 and we keep savings of $120,000”. How is that invested today, and who looks after it?',
      "On risk you said “I'm moderate about risk”. What did you do in the last market downturn?",
      'Last time: “We agreed to review the rollover”. Where does that stand now?',
      'What would you like to have in place a year from now?',
    ]);

    // By name alone, the same meetings are found.
    const byName = await created(dana, { name: '  Ann   Henderson ' });
    expect(byName.name).toBe('Ann Henderson');
    expect(byName.sources.meetings.map((m) => m.id)).toEqual([upcomingMeeting, annMeeting]);
    expect(byName.briefing).toContain('## Who they are\n**Ann Henderson**.');
  });

  it('briefs from a matching contact in the connected Wealthbox', async () => {
    await connectViaOAuth(t, dana, 'wealthbox');
    const briefing = await created(dana, { name: 'Cara Wealth', email: CARA, company: 'WealthCo' });
    expect(briefing.sources).toEqual({
      meetings: [],
      crm: [{ crm: 'wealthbox', name: 'Cara Wealth', email: CARA, company: null }],
      documents: [],
    });
    expect(briefing.briefing).toContain(
      '## Who they are\n**Cara Wealth** (cara@wealthco.example), WealthCo.',
    );
    expect(briefing.briefing).toContain(
      '- Wealthbox has a contact Cara Wealth — 1 note, the latest (2026-09-02): "Met at the chamber breakfast; selling her business next year.".',
    );
    expect(briefing.briefing).toContain('- Wealthbox: contact Cara Wealth (cara@wealthco.example)');
    expect(briefing.questions).toContain(
      'How does your work at WealthCo shape your finances: benefits, retirement plan, equity?',
    );
    expect(briefing.questions.length).toBeGreaterThanOrEqual(5);
    expect(briefing.questions.length).toBeLessThanOrEqual(8);
    // By address alone the contact is found too; someone else of the same first name is not her.
    expect((await created(dana, { email: CARA })).sources.crm).toHaveLength(1);
    expect((await created(dana, { name: 'Cara Other' })).sources.crm).toEqual([]);
  });

  it('finds a meeting whose title gives only the surname, as a client review does', async () => {
    const res = await call(dana, 'POST', MEETING_PATHS.list, {
      title: 'Okafor annual review',
      start_time: '2026-10-02T15:00:00.000Z',
      participants: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const briefing = await created(dana, { name: 'Ngozi Okafor' });
    expect(briefing.sources.meetings.map((m) => m.id)).toEqual([res.json().meeting_id]);
    // Another Okafor on the invite is someone else.
    await meeting('Okafor family call', '2026-10-03T15:00:00.000Z', {
      name: 'Ike Okafor',
      email: 'ike@o.example',
    });
    expect((await created(dana, { name: 'Ngozi Okafor' })).sources.meetings).toHaveLength(1);
  });

  it('says plainly when nothing is known, and still asks questions', async () => {
    const briefing = await created(dana, {
      name: 'Zed Quinn',
      email: 'zed@quinn.example',
      company: 'Quinn & Co',
    });
    expect(briefing.sources).toEqual({ meetings: [], crm: [], documents: [] });
    expect(briefing.briefing).toContain(
      'Nothing is known about Zed Quinn yet: no meeting, meeting note or CRM record matches Zed Quinn or zed@quinn.example.',
    );
    expect(briefing.briefing).toContain(
      '- What you entered: name Zed Quinn, email zed@quinn.example, company Quinn & Co',
    );
    expect(briefing.questions).toEqual([
      'What prompted you to look for a financial advisor now?',
      'What are the goals that matter most to you over the next five to ten years?',
      'Who else is part of your financial decisions: a partner, family, other advisors?',
      'What accounts and investments do you have today, and how are they managed?',
      'How do you feel about investment risk, and what did you do in the last market downturn?',
      'How does your work at Quinn & Co shape your finances: benefits, retirement plan, equity?',
      'What would you like to have in place a year from now?',
    ]);
  });

  it('draws on chosen documents, citing their passages, and records the reads', async () => {
    const upload = async (name: string, pages: string[]) =>
      (await uploadDocument(as(t, dana), name, await pdfOf(pages), 'application/pdf')).json().id as string;
    const statement = await upload('Quinn 401k.pdf', [
      'Plan summary for the Quinn & Co 401(k).',
      'Participant: Yusuf Quinn. Account balance: $412,000. Contributions: 8% of salary.',
    ]);
    // Another user's document is 404 before the model is asked, and nothing is stored.
    const theirs = (await uploadDocument(as(t, other), 'x.txt', Buffer.from('Not yours.'))).json()
      .id as string;
    const before = (await list(dana)).length;
    const refused = await create(dana, { name: 'Yusuf Quinn', document_ids: [statement, theirs] });
    expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'Document not found' }]);
    expect((await list(dana)).length).toBe(before);

    const briefing = await created(dana, { name: 'Yusuf Quinn', document_ids: [statement] });
    expect(briefing.sources.documents).toEqual([{ id: statement, filename: 'Quinn 401k.pdf', kind: 'pdf' }]);
    expect(briefing.briefing).toContain('**From the documents**');
    expect(briefing.briefing).toContain(
      `Participant: Yusuf Quinn. Account balance: $412,000. Contributions: 8% of salary. [Quinn 401k.pdf, page 2](/documents/${statement}?at=1)`,
    );
    expect((await list(dana)).find((b) => b.id === briefing.id)?.source_count).toBe(1);
    const reads = async () =>
      (
        await t.db.db
          .selectFrom('audit_log')
          .select(['details'])
          .where('action', '=', 'document.read')
          .where('target', '=', statement)
          .execute()
      ).map((a) => JSON.parse(String(a.details)));
    expect(await reads()).toEqual([
      expect.objectContaining({
        as: 'first impressions',
        briefing_id: briefing.id,
        passages: expect.any(Number),
      }),
    ]);
    // Regenerating reads the chosen documents again.
    const again = await call(dana, 'POST', FIRST_IMPRESSIONS_PATHS.regenerate(briefing.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().sources.documents).toEqual(briefing.sources.documents);
    expect(await reads()).toHaveLength(2);
  });

  it('saves edits, lists newest first, and regenerates from what is known now', async () => {
    clock.advance(60_000);
    const briefing = await created(dana, { name: 'Dee Park', email: 'dee@park.example' });
    const edited = {
      briefing: '## Who they are\nDee runs a bakery. <b>not html</b>',
      questions: ['How is the bakery doing?', '', 'What keeps you up at night?'],
    };
    clock.advance(60_000);
    const saved = await call(dana, 'PUT', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...edited, updated_at: clock.now().toISOString() });
    expect(await get(dana, briefing.id)).toMatchObject({
      ...edited,
      drafted_at: briefing.drafted_at,
      created_at: briefing.created_at,
    });
    const summaries = await list(dana);
    expect(summaries[0]).toEqual({
      id: briefing.id,
      name: 'Dee Park',
      email: 'dee@park.example',
      company: null,
      source_count: 0,
      created_at: briefing.created_at,
      updated_at: clock.now().toISOString(),
    });
    expect(summaries.map((b) => b.created_at)).toEqual(
      summaries.map((b) => b.created_at).sort((a, b) => b.localeCompare(a)),
    );

    // A meeting with Dee since: regenerating finds it and replaces the edits.
    const met = await meeting('Park bakery visit', '2026-11-21T10:00:00.000Z', {
      name: 'Dee Park',
      email: 'dee@park.example',
    });
    clock.advance(60_000);
    const again = await call(dana, 'POST', FIRST_IMPRESSIONS_PATHS.regenerate(briefing.id));
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json() as TBriefing;
    expect(fresh.sources.meetings).toEqual([
      { id: met, title: 'Park bakery visit', date: '2026-11-21', upcoming: false, has_notes: false },
    ]);
    expect(fresh.briefing).toContain('- You met in **Park bakery visit** (2026-11-21); it has no notes.');
    expect(fresh.questions).not.toContain('How is the bakery doing?');
    expect(fresh).toMatchObject({
      drafted_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      created_at: briefing.created_at,
    });
  });

  it('refuses bad input with 422 naming the field, and writes nothing', async () => {
    const briefing = await created(dana, { name: 'Eli Stone' });
    const before = await list(dana);
    const createCases: Array<[object, string]> = [
      [{}, 'Invalid body.name: Enter a name or an email address'],
      [{ name: '  ', email: '', company: 'Acme' }, 'Invalid body.name: Enter a name or an email address'],
      [{ email: 'not-an-address' }, 'Invalid body.email: Enter a valid email address, or leave it empty'],
      [{ name: 'x'.repeat(201) }, 'Invalid body.name: Keep the name under 200 characters'],
      [
        { name: 'Eli', company: 'c'.repeat(201) },
        'Invalid body.company: Keep the company under 200 characters',
      ],
      [
        { email: `${'a'.repeat(250)}@x.example` },
        'Invalid body.email: Keep the email address under 254 characters',
      ],
      [{ name: 42 }, 'Invalid body.name'],
    ];
    for (const [payload, detail] of createCases) {
      const res = await create(dana, payload);
      expect([res.statusCode, res.json().detail.startsWith(detail)], JSON.stringify(payload)).toEqual([
        422,
        true,
      ]);
    }
    expect(await list(dana)).toEqual(before);

    const putCases: Array<[object, string]> = [
      [
        { briefing: 'x'.repeat(20_001), questions: [] },
        'Invalid body.briefing: Keep the briefing under 20,000 characters',
      ],
      [
        { briefing: 'ok', questions: Array.from({ length: 21 }, (_, i) => `Q${i}?`) },
        'Invalid body.questions: A briefing has at most 20 questions',
      ],
      [
        { briefing: 'ok', questions: ['q'.repeat(501)] },
        'Invalid body.questions.0: Keep each question under 500 characters',
      ],
      [{ briefing: 'ok' }, 'Invalid body.questions'],
      [{ questions: [] }, 'Invalid body.briefing'],
    ];
    for (const [payload, detail] of putCases) {
      const res = await call(dana, 'PUT', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    expect(await get(dana, briefing.id)).toEqual(briefing);
  });

  it("answers 404 for another user's briefing on every verb, and changes nothing", async () => {
    const briefing = await created(dana, { email: ANN });
    for (const [method, url, payload] of [
      ['GET', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), undefined],
      ['PUT', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), { briefing: 'Mine now', questions: [] }],
      ['DELETE', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), undefined],
      ['POST', FIRST_IMPRESSIONS_PATHS.pdf(briefing.id), undefined],
      ['POST', FIRST_IMPRESSIONS_PATHS.regenerate(briefing.id), undefined],
      ['GET', FIRST_IMPRESSIONS_PATHS.briefing('no-such-briefing'), undefined],
    ] as const) {
      const res = await call(other, method, url, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([
        method,
        url,
        404,
        { detail: 'Briefing not found' },
      ]);
    }
    expect(await list(other)).toEqual([]);
    expect((await call(other, 'GET', `${LIBRARY_PATHS.list}?kind=briefing`)).json().items).toEqual([]);
    expect((await call(other, 'DELETE', LIBRARY_PATHS.item('briefing', briefing.id))).statusCode).toBe(404);
    expect(await get(dana, briefing.id)).toEqual(briefing);
    // Nobody signed in: 401.
    expect((await t.app.inject({ method: 'GET', url: FIRST_IMPRESSIONS_PATHS.list })).statusCode).toBe(401);
  });

  it('exports the saved briefing as a PDF in the user’s PDFs, recorded in the audit trail', async () => {
    const briefing = await created(dana, { name: 'Ann Henderson', email: ANN, company: 'Henderson Eng' });
    await call(dana, 'PUT', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id), {
      briefing: briefing.briefing,
      questions: ['What does a good retirement look like to you?', ...briefing.questions.slice(1)],
    });
    const res = await call(dana, 'POST', FIRST_IMPRESSIONS_PATHS.pdf(briefing.id));
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.json() as TPdfInfo;
    expect(pdf).toMatchObject({ filename: 'briefing_ann_henderson.pdf', size: expect.any(Number) });
    const file = await call(dana, 'GET', PDF_PATHS.pdf(pdf.id));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Briefing — Ann Henderson',
      'First meeting',
      'Henderson Eng',
      'Sources found',
      'Upcoming meeting Henderson planning session 2026-12-03',
      'Meeting Henderson intro call 2026-11-20, with notes',
      'Who they are',
      'Talking points',
      'Questions',
      '1. What does a good retirement look like to you?',
      'Prepared by Dana Reyes',
    ])
      expect(text).toContain(expected);
    expect((await call(other, 'GET', PDF_PATHS.pdf(pdf.id))).statusCode).toBe(404);
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'details'])
      .where('action', '=', 'pdf.generated')
      .where('target', '=', pdf.id)
      .execute();
    expect(audited.map((a) => [a.action, JSON.parse(a.details).title])).toEqual([
      ['pdf.generated', 'Briefing — Ann Henderson'],
    ]);
  });

  it('is listed in the Library as a briefing, and is not deleted under a legal hold (409)', async () => {
    const briefing = await created(dana, { name: 'Fay Lowe', company: 'Lowe Farms' });
    const { items } = (await call(dana, 'GET', `${LIBRARY_PATHS.list}?kind=briefing`)).json() as {
      items: TLibraryItem[];
    };
    expect(items.find((i) => i.id === briefing.id)).toEqual({
      id: briefing.id,
      kind: 'briefing',
      title: 'Briefing — Fay Lowe',
      client: 'Fay Lowe',
      summary: 'Lowe Farms · Nothing known beforehand',
      created_at: briefing.created_at,
      updated_at: briefing.updated_at,
      open_path: `/first-impressions?id=${briefing.id}`,
      download_path: null,
      deletable: true,
    });
    expect(items.every((i) => i.kind === 'briefing')).toBe(true);
    const all = (await call(dana, 'GET', `${LIBRARY_PATHS.list}?q=fay%20lowe`)).json();
    expect(all.items.map((i: TLibraryItem) => [i.kind, i.id])).toEqual([['briefing', briefing.id]]);

    const danaId = await userIdOf(t, dana.email);
    await t.db.db
      .insertInto('legal_holds')
      .values({ user_id: danaId, reason: 'Litigation', placed_by: 'admin@x.example', placed_at: 'now' })
      .execute();
    const held = await call(dana, 'DELETE', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id));
    expect([held.statusCode, held.json()]).toEqual([
      409,
      { detail: 'Your account is under legal hold: briefings cannot be deleted' },
    ]);
    expect((await call(dana, 'DELETE', LIBRARY_PATHS.item('briefing', briefing.id))).statusCode).toBe(409);
    expect((await get(dana, briefing.id)).id).toBe(briefing.id);
    await t.db.db.deleteFrom('legal_holds').where('user_id', '=', danaId).execute();

    expect((await call(dana, 'DELETE', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id))).json()).toEqual({
      success: true,
    });
    expect((await call(dana, 'GET', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id))).statusCode).toBe(404);
    expect((await call(dana, 'DELETE', FIRST_IMPRESSIONS_PATHS.briefing(briefing.id))).statusCode).toBe(404);
    expect((await list(dana)).map((b) => b.id)).not.toContain(briefing.id);
  });
});

describe(`first impressions: what the model is given (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  let t: TestApp;
  let llm: FakeLlm;
  let dana: SignedInUser;

  const answer = (draft: object) => ({ text: `Here you go:\n\`\`\`json\n${JSON.stringify(draft)}\n\`\`\`` });
  const create = (payload: object) =>
    as(t, dana)({ method: 'POST', url: FIRST_IMPRESSIONS_PATHS.list, payload });
  const count = async () =>
    (await as(t, dana)({ method: 'GET', url: FIRST_IMPRESSIONS_PATHS.list })).json().length as number;

  beforeAll(async () => {
    llm = await startFakeOpenAI();
    const { config, model } = fakeLlm(llm);
    t = await createTestApp({ clock, llm: model, config: { llm: config } });
    dana = await signUp(t, { name: 'Dana Reyes', email: 'dana@reyes.example' });
    const userId = await userIdOf(t, dana.email);
    await t.db.db
      .insertInto('meetings')
      .values({
        id: 'm1',
        user_id: userId,
        source: 'manual',
        external_id: null,
        title: 'Intro',
        start_time: '2026-11-01T15:00:00.000Z',
        end_time: null,
        meeting_url: null,
        participants: JSON.stringify([
          { name: 'Ann Henderson', email: ANN, response_status: 'accepted' },
          { name: 'Dana Reyes', email: 'dana@reyes.example', response_status: 'accepted' },
        ]),
        bot_status: null,
        bot_id: null,
        bot_error: null,
        transcript: null,
        notes: JSON.stringify({
          summary: 'Ann is curious.',
          decisions: [],
          action_items: [{ text: 'Send the deck', owner: 'Dana Reyes' }],
          client_facts: [{ category: 'goals', fact: 'Retire at 60' }],
        }),
        notes_status: 'ready',
        created_at: '2026-11-01T15:00:00.000Z',
        updated_at: '2026-11-01T15:00:00.000Z',
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('passes the prospect, their meetings with notes and no CRM; keeps the answer’s questions (at most 8)', async () => {
    llm.enqueue(
      answer({
        briefing: '  ## Who they are\nAnn.  ',
        questions: [' Q1? ', 'Q1?', '', 'Q2?', 'Q3?', 'Q4?', 'Q5?', 'Q6?', 'Q7?', 'Q8?', 'Q9?'],
      }),
    );
    const res = await create({ name: 'Ann Henderson', email: ANN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      briefing: '## Who they are\nAnn.',
      questions: ['Q1?', 'Q2?', 'Q3?', 'Q4?', 'Q5?', 'Q6?', 'Q7?', 'Q8?'],
    });
    const messages = llm.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(
      messages
        .find((m) => m.role === 'system')!
        .content.startsWith('You prepare a financial advisor for a first meeting with a prospect.'),
    ).toBe(true);
    expect(JSON.parse(messages.find((m) => m.role === 'user')!.content) as BriefingDraftInput).toEqual({
      advisor: 'Dana Reyes',
      today: '2026-11-22',
      prospect: { name: 'Ann Henderson', email: ANN, company: null },
      meetings: [
        {
          title: 'Intro',
          date: '2026-11-01',
          upcoming: false,
          participants: ['Ann Henderson'],
          notes: {
            summary: 'Ann is curious.',
            decisions: [],
            action_items: [{ text: 'Send the deck', owner: 'Dana Reyes' }],
            client_facts: [{ category: 'goals', fact: 'Retire at 60' }],
          },
        },
      ],
      crm: [],
      documents: [],
    });
  });

  it('stores nothing when the model fails or answers what cannot be read', async () => {
    const before = await count();
    llm.enqueue({ status: 500 });
    const failed = await create({ email: ANN });
    expect([failed.statusCode, failed.json()]).toEqual([
      502,
      { detail: 'The model did not answer; try again' },
    ]);
    llm.enqueue({ text: 'Sorry, I cannot help.' });
    const unreadable = await create({ email: ANN });
    expect([unreadable.statusCode, unreadable.json()]).toEqual([422, { detail: ERR.parseEnhancedInsights }]);
    llm.enqueue(answer({ briefing: 'Only a briefing', questions: [] }));
    expect((await create({ email: ANN })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});
