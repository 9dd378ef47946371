import { KNAP_PATHS } from '@knap/contracts';
import { type FakeOidc, type FakeWealthbox, startFakeOidc, startFakeWealthbox } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth } from '../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');

describe(`prospecting and outreach on the demo model (${testEngine()})`, () => {
  let t: TestApp;
  let auth: FakeOidc;
  let wealthbox: FakeWealthbox;

  beforeAll(async () => {
    auth = await startFakeOidc({ user: { sub: 'w', email: 'advisor@firm.example', name: 'A' } });
    wealthbox = await startFakeWealthbox(auth);
    wealthbox.contacts.push(
      {
        id: 11,
        first_name: 'Ann',
        last_name: 'Henderson',
        email: 'ann@henderson.example',
        birth_date: '1953-12-01',
      },
      { id: 12, first_name: 'Bob', last_name: 'Smith', email: 'bob@smith.example', birth_date: '1980-06-01' },
      { id: 13, first_name: 'Cara', last_name: 'Wealth', email: 'cara@wealthco.example' },
    );
    t = await createTestApp({
      clock,
      config: {
        knapDefaults: ['Prospecting', 'outreachRecommendations'],
        oauthProviders: { wealthbox: auth.endpoints },
        apis: { wealthbox: wealthbox.url },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await wealthbox.close();
    await auth.close();
  });

  const component = async (user: SignedInUser, componentId: string) =>
    (
      await as(
        t,
        user,
      )({ method: 'POST', url: KNAP_PATHS.components, payload: { component_id: componentId } })
    ).json();
  const processStep = (user: SignedInUser, from: string, input: unknown, nextStep: string, next: string) =>
    as(
      t,
      user,
    )({
      method: 'POST',
      url: KNAP_PATHS.process,
      payload: { component_id: from, input_data: input, next_step: nextStep, next_component_id: next },
    });
  const step = async (user: SignedInUser, from: string, input: unknown, nextStep: string, next: string) => {
    const res = await processStep(user, from, input, nextStep, next);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  const csv = (text: string) => ({ source: 'csv', csv_base64: Buffer.from(text).toString('base64') });

  /** 1,000 rows: every third in wealth management, every fifth a founder, every seventh without email. */
  const CSV = [
    'Name,Email,Company,Title,City',
    ...Array.from({ length: 1000 }, (_, n) => {
      const company = n % 3 === 0 ? `"Wealth Partners ${n}, LLC"` : `Widgets ${n}`;
      const title = n % 5 === 0 ? 'Founder' : 'Analyst';
      const email = n % 7 === 0 ? '' : `p${n}@example.com`;
      return `Person ${n},${email},${company},${title},Austin`;
    }),
  ].join('\r\n');

  it('prospecting: 1,000 CSV rows scored in chunks, none lost or doubled, the best drafted', async () => {
    const user = await signUp(t, { name: 'Dana Reyes' });
    const start = await component(user, 'data-selection');
    expect(start.data.sources).toEqual([
      { id: 'wealthbox', label: 'Wealthbox contacts', available: false },
      { id: 'salesforce', label: 'Salesforce contacts', available: false },
      { id: 'zoho', label: 'Zoho CRM contacts', available: false },
      { id: 'copper', label: 'Copper contacts', available: false },
      { id: 'sevanta', label: 'Sevanta deal flow', available: false },
      { id: 'csv', label: 'A CSV file', available: true },
    ]);
    expect(start.data).toMatchObject({ selection: null, rows: [] });

    const review = await step(user, 'data-selection', csv(CSV), 'review', 'review-form');
    expect(review.row_count).toBe(1000);
    expect(review.enhanced_insights).toMatchObject({ min_fit_score: 40, max_prospects: 10, tone: 'warm' });
    expect(review.enhanced_insights.keywords).toContain('austin');

    const loaded = (await component(user, 'data-selection')).data;
    expect(loaded.selection).toEqual({ source: 'csv', query: '', row_count: 1000, skipped_lines: [] });
    expect(new Set(loaded.rows.map((r: { id: string }) => r.id)).size).toBe(1000);
    expect(loaded.rows[3]).toEqual({
      id: 'csv:4',
      name: 'Person 3',
      email: 'p3@example.com',
      company: 'Wealth Partners 3, LLC',
      title: 'Analyst',
      details: 'city: Austin',
    });

    const criteria = {
      ideal_client: 'Founders of wealth firms',
      keywords: ['wealth'],
      min_fit_score: 60,
      max_prospects: 50,
      tone: 'formal',
    };
    const preview = await step(
      user,
      'review-form',
      { row_count: 1000, enhanced_insights: criteria },
      'preview',
      'preview-edit',
    );
    // Fit: 20 + 25 for "wealth" + 20 for a founder: rows divisible by 15 score 65, the rest below 60.
    const expected = Array.from({ length: 1000 }, (_, n) => n)
      .filter((n) => n % 15 === 0)
      .slice(0, 50);
    expect(preview.prospects.map((p: { name: string }) => p.name)).toEqual(
      expected.map((n) => `Person ${n}`),
    );
    expect(preview.prospects[0]).toMatchObject({
      fit_score: 65,
      reason: 'Person 0 mentions wealth and holds a senior title.',
    });
    expect(preview.criteria).toEqual(criteria);
    // Drafts for those with an address only, one each.
    const withEmail = expected.filter((n) => n % 7 !== 0);
    expect(preview.enhanced_insights.drafts.map((d: { id: string }) => d.id)).toEqual(
      withEmail.map((n) => `csv:${n + 1}`),
    );
    expect(preview.enhanced_insights.drafts[0]).toMatchObject({
      subject: 'An introduction for Wealth Partners 15, LLC',
      body: expect.stringMatching(/^Dear Person,\n/),
    });
    expect(preview.enhanced_insights.drafts[0].body).toMatch(/Dana Reyes$/);

    // Raising the bar past every score leaves an empty, valid list.
    const none = await step(
      user,
      'review-form',
      { row_count: 1000, enhanced_insights: { ...criteria, min_fit_score: 99 } },
      'preview',
      'preview-edit',
    );
    expect(none).toMatchObject({ prospects: [], enhanced_insights: { drafts: [] } });
  });

  it('prospecting: bad sources and CSVs answer a clear 4xx and store nothing', async () => {
    const user = await signUp(t);
    const bad = async (input: unknown, status: number, detail: string) => {
      const res = await processStep(user, 'data-selection', input, 'review', 'review-form');
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ detail });
    };
    await bad({ source: 'wealthbox' }, 409, 'Connect Wealthbox first');
    await bad(
      { source: 'csv' },
      422,
      'Invalid input_data: csv_base64 is given with the csv source, and only then',
    );
    await bad(
      csv('Email,Company\na@x.example,X'),
      422,
      'The CSV needs a header row with a name column (or first name and last name)',
    );
    await bad(
      { source: 'csv', csv_base64: 'Name,Email' },
      422,
      'Invalid input_data.csv_base64: Invalid base64-encoded string',
    );
    await bad(csv('Name\n"Ann'), 422, 'The CSV has a quote that is never closed (line 2)');
    await bad(csv('Name\n'), 422, 'No rows were found in this source; try another search');
    const early = await processStep(
      user,
      'review-form',
      {
        row_count: 1,
        enhanced_insights: {
          ideal_client: 'x',
          keywords: [],
          min_fit_score: 0,
          max_prospects: 1,
          tone: 'warm',
        },
      },
      'preview',
      'preview-edit',
    );
    expect(early.json()).toEqual({ detail: 'Finish the data-selection step first' });
    expect((await component(user, 'review-form')).state).toBe('empty');
    expect((await component(user, 'data-selection')).data.selection).toBeNull();
  });

  it('prospecting from a connected CRM, by search term', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'wealthbox');
    expect((await component(user, 'data-selection')).data.sources[0]).toEqual({
      id: 'wealthbox',
      label: 'Wealthbox contacts',
      available: true,
    });
    await step(user, 'data-selection', { source: 'wealthbox', query: 'wealth' }, 'review', 'review-form');
    const { selection, rows } = (await component(user, 'data-selection')).data;
    expect(selection).toEqual({ source: 'wealthbox', query: 'wealth', row_count: 1, skipped_lines: [] });
    expect(rows).toEqual([
      {
        id: 'wealthbox:13',
        name: 'Cara Wealth',
        email: 'cara@wealthco.example',
        company: null,
        title: null,
        details: '',
      },
    ]);
  });

  it('outreach: clients from meetings and Wealthbox, cards by the rules, a message per kept card', async () => {
    const user = await signUp(t, { name: 'Dana Reyes' });
    await connectViaOAuth(t, user, 'wealthbox');
    const meet = async (title: string, start: string, people: object[], transcript?: string) => {
      const m = (
        await as(
          t,
          user,
        )({
          method: 'POST',
          url: '/user-meetings',
          payload: { title, start_time: start, participants: people },
        })
      ).json();
      if (!transcript) return;
      await as(
        t,
        user,
      )({ method: 'PUT', url: `/meeting/${m.meeting_id}/transcript`, payload: { content: transcript } });
      await eventually(
        () => as(t, user)({ method: 'GET', url: `/meeting/${m.meeting_id}/notes` }).then((r) => r.json()),
        (n) => n.notes_status === 'ready',
      );
    };
    const ann = { name: 'Ann Henderson', email: 'ann@henderson.example' };
    await meet('Henderson review', '2026-05-01T15:00:00.000Z', [ann]);
    await meet(
      'Henderson follow-up',
      '2026-11-20T15:00:00.000Z',
      [ann],
      ['Dana Reyes: How is the family?', 'Ann Henderson: Our daughter starts college next fall.'].join('\n'),
    );
    await meet('Cy catch-up', '2026-11-01T15:00:00.000Z', [{ name: 'Cy Young', email: 'cy@young.example' }]);
    await meet('Planned', '2026-12-10T15:00:00.000Z', [{ name: 'Future Person', email: 'future@x.example' }]);

    const { clients } = (await component(user, 'client-info')).data;
    expect(clients).toEqual([
      {
        id: 'email:ann@henderson.example',
        name: 'Ann Henderson',
        email: 'ann@henderson.example',
        birth_date: '1953-12-01',
        last_contact: '2026-11-20',
        life_events: ['Our daughter starts college next fall.'],
      },
      {
        id: 'email:bob@smith.example',
        name: 'Bob Smith',
        email: 'bob@smith.example',
        birth_date: '1980-06-01',
        last_contact: null,
        life_events: [],
      },
      {
        id: 'email:cara@wealthco.example',
        name: 'Cara Wealth',
        email: 'cara@wealthco.example',
        birth_date: null,
        last_contact: null,
        life_events: [],
      },
      {
        id: 'email:cy@young.example',
        name: 'Cy Young',
        email: 'cy@young.example',
        birth_date: null,
        last_contact: '2026-11-01',
        life_events: [],
      },
    ]);

    // The advisor drops Cara and adds a client by hand.
    const edited = [
      ...clients.filter((c: { name: string }) => c.name !== 'Cara Wealth'),
      {
        id: 'manual:1',
        name: 'Dee Park',
        email: null,
        birth_date: '1950-02-10',
        last_contact: '2026-07-01',
        life_events: [],
      },
    ];
    const cards = await step(
      user,
      'client-info',
      { clients: edited },
      'client-cards',
      'client-card-outreach',
    );
    expect(cards.up_to_date).toBe(1);
    expect(
      cards.cards.map((c: { client: { name: string }; priority: string; channel: string }) => [
        c.client.name,
        c.priority,
        c.channel,
      ]),
    ).toEqual([
      ['Ann Henderson', 'high', 'meeting'],
      ['Dee Park', 'high', 'meeting'],
      ['Bob Smith', 'low', 'email'],
    ]);
    expect(cards.cards[0].reasons).toEqual([
      { kind: 'birthday', text: 'Birthday on December 1 (turns 73)' },
      {
        kind: 'rmd',
        text: 'Turns 73 this year: the first required minimum distribution is due by April 1, 2027',
      },
      { kind: 'life_event', text: 'Life event: Our daughter starts college next fall.' },
    ]);
    expect(cards.cards[1].reasons).toEqual([
      { kind: 'no_contact', text: 'No contact in 144 days (last on 2026-07-01)' },
      { kind: 'rmd', text: "This year's required minimum distribution is due by December 31" },
    ]);
    expect(cards.cards[2].reasons).toEqual([{ kind: 'no_contact', text: 'No meeting on record' }]);

    const kept = { cards: cards.cards.slice(0, 2), up_to_date: 1 };
    const drafted = await step(
      user,
      'client-card-outreach',
      kept,
      'recommendations',
      'ai-recommendations-outreach',
    );
    expect(drafted.cards).toEqual(kept.cards);
    expect(
      drafted.enhanced_insights.messages.map((m: { id: string; subject: string }) => [m.id, m.subject]),
    ).toEqual([
      ['email:ann@henderson.example', 'Happy birthday'],
      ['manual:1', 'Checking in'],
    ]);
    expect(drafted.enhanced_insights.messages[0].body).toContain('Our daughter starts college next fall');
    // The edited client list is what the step keeps.
    expect((await component(user, 'client-info')).data.clients).toEqual(edited);
  });
});
