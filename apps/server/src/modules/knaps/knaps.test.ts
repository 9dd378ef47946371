import { KNAP_PATHS, PORTFOLIO_DISCLOSURE, ZRoadmap } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, signUpVerified } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');
const OPERATOR = 'ops@knap.example';

describe(`knaps on the demo model (${testEngine()})`, () => {
  let t: TestApp;
  let operator: SignedInUser;
  let dana: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      config: { operatorEmails: [OPERATOR], knapDefaults: ['advancedPlanning', 'advisorMeetingDashboard'] },
    });
    operator = await signUpVerified(t, { email: OPERATOR });
    dana = await signUp(t, { name: 'Dana Reyes' });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, url: string, payload?: object) =>
    as(t, user)(payload ? { method: 'POST', url, payload } : { method: 'GET', url });
  const knapNames = async (user: SignedInUser) =>
    (await call(user, KNAP_PATHS.list)).json().map((k: { name: string }) => k.name);
  const component = (user: SignedInUser, componentId: string) =>
    call(user, KNAP_PATHS.components, { component_id: componentId });
  const processStep = (user: SignedInUser, from: string, input: unknown, nextStep: string, next: string) =>
    call(user, KNAP_PATHS.process, {
      component_id: from,
      input_data: input,
      next_step: nextStep,
      next_component_id: next,
    });

  describe('access', () => {
    it('a new user gets the configured defaults on the first read, once', async () => {
      const res = await call(dana, KNAP_PATHS.list);
      expect(res.statusCode).toBe(200);
      const [planning, coaching] = res.json();
      expect(res.json()).toHaveLength(2);
      expect(planning).toMatchObject({
        name: 'advancedPlanning',
        tag: 'Advanced Planning',
        showClientProfile: true,
        activeStep: 'meeting-notes',
      });
      expect(
        planning.steps.map((s: { id: string; isAccessible: boolean }) => [s.id, s.isAccessible]),
      ).toEqual([
        ['meeting-notes', true],
        ['client-profile', false],
        ['gap-analysis', false],
        ['action-plan', false],
        ['portfolio', false],
        ['send-email', false],
      ]);
      expect(planning.steps[0].components).toEqual([
        { id: 'meeting-notes', state: 'empty' },
        { id: 'no-roadmap-view', state: 'empty' },
      ]);
      expect(coaching.steps).toEqual([
        {
          id: 'dashboard',
          isAccessible: true,
          components: [
            { id: 'meeting-filters', state: 'empty' },
            { id: 'meeting-table', state: 'empty' },
            { id: 'meeting-raw-table', state: 'empty' },
          ],
        },
      ]);
      expect(await knapNames(dana)).toEqual(['advancedPlanning', 'advisorMeetingDashboard']);
      expect(await t.db.db.selectFrom('user_knaps').selectAll().execute()).toHaveLength(2);
    });

    it('a knap the user does not have answers 404 on its component calls', async () => {
      const res = await component(dana, 'data-selection');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Knap not found' });
      const processed = await processStep(dana, 'client-info', {}, 'client-cards', 'client-card-outreach');
      expect(processed.statusCode).toBe(404);
      expect((await component(dana, 'nonsense')).statusCode).toBe(422);
    });

    it('only operators grant and revoke; a revoked knap is not given back as a default', async () => {
      const body = { email: dana.email, knap: 'Prospecting' };
      const denied = await call(dana, KNAP_PATHS.grant, body);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: 'Only operators can manage knaps' });
      expect((await call(dana, KNAP_PATHS.revoke, body)).statusCode).toBe(403);

      const granted = await call(operator, KNAP_PATHS.grant, { ...body, email: dana.email.toUpperCase() });
      expect(granted.json()).toEqual({
        email: dana.email,
        knaps: ['Prospecting', 'advancedPlanning', 'advisorMeetingDashboard'],
      });
      const revoked = await call(operator, KNAP_PATHS.revoke, {
        email: dana.email,
        knap: 'advisorMeetingDashboard',
      });
      expect(revoked.json().knaps).toEqual(['Prospecting', 'advancedPlanning']);
      expect(await knapNames(dana)).toEqual(['Prospecting', 'advancedPlanning']);

      // A user whose knaps were never read: the revoke still holds when they first look.
      const fresh = await signUp(t);
      await call(operator, KNAP_PATHS.revoke, { email: fresh.email, knap: 'advancedPlanning' });
      expect(await knapNames(fresh)).toEqual(['advisorMeetingDashboard']);

      expect(
        (await call(operator, KNAP_PATHS.grant, { email: 'nobody@x.example', knap: 'Prospecting' })).json(),
      ).toEqual({ detail: 'User not found' });
      expect(
        (await call(operator, KNAP_PATHS.grant, { email: dana.email, knap: 'Unknown' })).statusCode,
      ).toBe(422);
      // Back as it was for the tests below.
      await call(operator, KNAP_PATHS.grant, { email: dana.email, knap: 'advisorMeetingDashboard' });
    });

    it('users ask for a knap; operators list and decide requests', async () => {
      const asker = await signUp(t);
      const ask = (knap: string, note = 'For my prospecting list') =>
        call(asker, KNAP_PATHS.requests, { knap, note });
      const first = await ask('Prospecting');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        email: asker.email,
        knap: 'Prospecting',
        note: 'For my prospecting list',
        status: 'pending',
        decided_at: null,
      });
      expect((await ask('Prospecting')).json()).toEqual({
        detail: 'You already asked for this knap; an operator will decide',
      });
      expect((await ask('advancedPlanning')).statusCode).toBe(409);
      expect((await ask('outreachRecommendations', '')).statusCode).toBe(200);
      expect((await call(asker, KNAP_PATHS.requests)).json()).toHaveLength(2);

      expect((await call(asker, KNAP_PATHS.reviewRequests)).statusCode).toBe(403);
      const pending = (await call(operator, `${KNAP_PATHS.reviewRequests}?status=pending`)).json();
      expect(pending.map((r: { knap: string }) => r.knap).sort()).toEqual([
        'Prospecting',
        'outreachRecommendations',
      ]);

      const approve = await call(operator, KNAP_PATHS.decideRequest(first.json().id), { status: 'approved' });
      expect(approve.json()).toMatchObject({ status: 'approved', decided_at: clock.now().toISOString() });
      expect(
        (await call(operator, KNAP_PATHS.decideRequest(first.json().id), { status: 'declined' })).statusCode,
      ).toBe(409);
      expect(
        (await call(asker, KNAP_PATHS.decideRequest(first.json().id), { status: 'approved' })).statusCode,
      ).toBe(403);
      expect(
        (await call(operator, KNAP_PATHS.decideRequest('missing'), { status: 'approved' })).statusCode,
      ).toBe(404);
      const outreach = pending.find((r: { knap: string }) => r.knap === 'outreachRecommendations');
      await call(operator, KNAP_PATHS.decideRequest(outreach.id), { status: 'declined' });
      expect(await knapNames(asker)).toEqual(['Prospecting', 'advancedPlanning', 'advisorMeetingDashboard']);
      expect((await call(operator, `${KNAP_PATHS.reviewRequests}?status=pending`)).json()).toEqual([]);
      // A declined knap can be asked for again.
      expect((await ask('outreachRecommendations')).statusCode).toBe(200);
    });

    it('KNAP_DEFAULTS names the knaps new users get', () => {
      expect(loadConfig({ KNAP_DEFAULTS: 'Prospecting, advancedPlanning' }).knapDefaults).toEqual([
        'Prospecting',
        'advancedPlanning',
      ]);
      expect(loadConfig({ KNAP_DEFAULTS: 'none' }).knapDefaults).toEqual([]);
      expect(loadConfig({}).knapDefaults).toHaveLength(4);
      expect(() => loadConfig({ KNAP_DEFAULTS: 'Prospecting,Nope' })).toThrow(/KNAP_DEFAULTS must be "none"/);
    });
  });

  it('process checks the step it leads to', async () => {
    const wrong = await processStep(dana, 'meeting-notes', { notes: 'x' }, 'gap-analysis', 'gap-analysis');
    expect(wrong.json()).toEqual({ detail: 'meeting-notes leads to client-profile, not gap-analysis' });
    const step = await processStep(dana, 'meeting-notes', { notes: 'x' }, 'profile', 'client-profile');
    expect(step.json()).toEqual({ detail: "next_step for client-profile is 'client-profile'" });
    const both = await processStep(
      dana,
      'meeting-notes',
      { notes: 'x', meeting_id: 'y' },
      'client-profile',
      'client-profile',
    );
    expect(both.statusCode).toBe(422);
    expect(both.json()).toEqual({ detail: 'Invalid input_data: give either meeting_id or notes' });
    const early = await processStep(
      dana,
      'gap-analysis',
      { enhanced_insights: {} },
      'action-plan',
      'action-plan',
    );
    expect(early.statusCode).toBe(422);
  });

  it('advanced planning runs end to end from a meeting with notes', async () => {
    const meeting = (
      await call(dana, '/user-meetings', {
        title: 'Henderson annual review',
        start_time: '2026-11-20T15:00:00.000Z',
        participants: [{ name: 'Ann Henderson', email: 'ann@henderson.example' }],
      })
    ).json();
    const transcript = [
      'Dana Reyes: Welcome, Ann. Tell me where things stand.',
      "Ann Henderson: I'm 58 and I earn $180,000 a year as an engineer. My 401(k) has $850,000 and we keep savings of $120,000.",
      'Dana Reyes: What are your goals?',
      "Ann Henderson: I want to retire at 62 and help my daughter with college tuition. I'm moderate about risk.",
      'Dana Reyes: We agreed to review the rollover. I will send the plan next week.',
    ].join('\n');
    await as(
      t,
      dana,
    )({ method: 'PUT', url: `/meeting/${meeting.meeting_id}/transcript`, payload: { content: transcript } });
    await eventually(
      () => as(t, dana)({ method: 'GET', url: `/meeting/${meeting.meeting_id}/notes` }).then((r) => r.json()),
      (n) => n.notes_status === 'ready',
    );

    const notes = (await component(dana, 'meeting-notes')).json();
    expect(notes).toMatchObject({ component_id: 'meeting-notes', state: 'ready' });
    expect(notes.data).toEqual({
      meetings: [
        {
          meeting_id: meeting.meeting_id,
          meeting_title: 'Henderson annual review',
          start_time: '2026-11-20T15:00:00.000Z',
        },
      ],
      selection: null,
    });
    expect((await component(dana, 'no-roadmap-view')).json().data.meetings_with_notes).toBe(1);

    const step = async (from: string, input: unknown, nextStep: string, next: string) => {
      const res = await processStep(dana, from, input, nextStep, next);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ component_id: next, state: 'ready' });
      return res.json().data;
    };

    const profile = await step(
      'meeting-notes',
      { meeting_id: meeting.meeting_id },
      'client-profile',
      'client-profile',
    );
    expect(profile.source).toEqual({
      meeting_id: meeting.meeting_id,
      meeting_title: 'Henderson annual review',
      client_email: 'ann@henderson.example',
    });
    expect(profile.enhanced_insights).toEqual({
      household: 'Ann Henderson household',
      members: [
        { name: 'Ann Henderson', relationship: 'client', age: 58 },
        // The notes name no daughter: she is named as Ann's, never "Daughter".
        { name: "Ann's daughter", relationship: 'child', age: null },
      ],
      annual_income: 180_000,
      assets: [
        { name: '401(k)', value: 850_000 },
        { name: 'Cash savings', value: 120_000 },
      ],
      goals: [expect.stringContaining('retire at 62')],
      risk_tolerance: 'moderate',
    });

    // The advisor edits the profile; the next steps work from the edit.
    const edited = {
      ...profile,
      enhanced_insights: { ...profile.enhanced_insights, risk_tolerance: 'growth' },
    };
    const gaps = (await step('client-profile', edited, 'gap-analysis', 'gap-analysis')).enhanced_insights;
    expect((await component(dana, 'client-profile')).json().data.enhanced_insights.risk_tolerance).toBe(
      'growth',
    );
    expect(Object.keys(gaps)).toEqual([
      'wealthEnhancement',
      'wealthTransfer',
      'wealthProtection',
      'charitableGiving',
      'wamActions',
    ]);
    expect(gaps.wealthEnhancement).toEqual({
      gaps: ['A large cash balance is not invested'],
      severity: 'medium',
      sample_action: 'Put idle cash to work and rebalance toward the target allocation',
    });
    expect(gaps.charitableGiving.severity).toBe('none');

    const plan = (await step('gap-analysis', { enhanced_insights: gaps }, 'action-plan', 'action-plan'))
      .enhanced_insights;
    expect(
      plan.actions.map((a: Record<string, unknown>) => [a.priority, a.category, a.owner, a.due_date]),
    ).toEqual([
      [1, 'wealthEnhancement', 'Advisor', '2026-12-06'],
      [2, 'wealthTransfer', 'Client', '2026-12-20'],
      [3, 'wealthProtection', 'Advisor', '2027-01-03'],
      [4, 'wamActions', 'Advisor', '2027-01-17'],
    ]);

    const portfolio = await step(
      'action-plan',
      { enhanced_insights: plan },
      'portfolio',
      'portfolio-recommendation',
    );
    expect(portfolio.enhanced_insights.allocation).toEqual([
      { asset_class: 'US equities', percent: 55 },
      { asset_class: 'International equities', percent: 25 },
      { asset_class: 'Bonds', percent: 17 },
      { asset_class: 'Cash', percent: 3 },
    ]);
    expect(portfolio.disclosure).toBe(PORTFOLIO_DISCLOSURE);

    // An allocation edited to sum to 90 is refused, and nothing moves on.
    const bad = {
      ...portfolio,
      enhanced_insights: {
        ...portfolio.enhanced_insights,
        allocation: [{ asset_class: 'Cash', percent: 90 }],
      },
    };
    const refused = await processStep(dana, 'portfolio-recommendation', bad, 'send-email', 'send-email');
    expect(refused.json()).toEqual({
      detail: 'Invalid input_data.enhanced_insights.allocation: allocation percentages must sum to 100',
    });
    expect((await component(dana, 'send-email')).json().state).toBe('empty');

    const email = await step(
      'portfolio-recommendation',
      { ...portfolio, disclosure: 'edited away' },
      'send-email',
      'send-email',
    );
    expect(email.to).toBe('ann@henderson.example');
    expect(email.attachment_filename).toMatch(/^Henderson — roadmap — \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(email.enhanced_insights.subject).toBe('Your financial roadmap');
    expect(email.enhanced_insights.body).toMatch(/^Dear Ann,\n/);
    expect(email.enhanced_insights.body).toContain('US equities 55%');
    expect(ZRoadmap.parse(email.roadmap)).toEqual(email.roadmap);
    expect(email.roadmap).toMatchObject({
      title: 'Financial roadmap for Ann Henderson household',
      client: { ages: [58], income: 180_000, assets: 970_000, risk_tolerance: 'growth' },
      disclosures: [PORTFOLIO_DISCLOSURE],
      advisor: { name: 'Dana Reyes' },
    });
    expect(email.roadmap.gaps).toHaveLength(4);
    expect(email.roadmap.action_plan[0]).toEqual({
      action: 'Put idle cash to work and rebalance toward the target allocation',
      owner: 'Advisor',
      due: '2026-12-06',
      priority: '1',
    });
    expect((await component(dana, 'portfolio-recommendation')).json().data.disclosure).toBe(
      PORTFOLIO_DISCLOSURE,
    );

    const [planning] = (await call(dana, KNAP_PATHS.list))
      .json()
      .filter((k: { name: string }) => k.name === 'advancedPlanning');
    expect(planning.steps.every((s: { isAccessible: boolean }) => s.isAccessible)).toBe(true);
    expect(planning.activeStep).toBe('send-email');
    expect((await component(dana, 'meeting-notes')).json().data.selection).toEqual({
      meeting_id: meeting.meeting_id,
      notes: '',
    });

    // Starting again from the gaps drops what was made from the old ones: the plan is made again,
    // and the portfolio and email wait for it.
    await step('client-profile', edited, 'gap-analysis', 'gap-analysis');
    for (const later of ['action-plan', 'portfolio-recommendation', 'send-email'])
      expect((await component(dana, later)).json().state, later).toBe('empty');
    const [restarted] = (await call(dana, KNAP_PATHS.list))
      .json()
      .filter((k: { name: string }) => k.name === 'advancedPlanning');
    expect(restarted.activeStep).toBe('gap-analysis');

    // Someone else's meeting is not found.
    const other = await signUp(t);
    const foreign = await processStep(
      other,
      'meeting-notes',
      { meeting_id: meeting.meeting_id },
      'client-profile',
      'client-profile',
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Meeting not found' });
    const early = await processStep(
      other,
      'gap-analysis',
      { enhanced_insights: gaps },
      'action-plan',
      'action-plan',
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Finish the client-profile step first' });
  });

  it('coaching: metrics from transcripts, filters on the server, advice from the model', async () => {
    const coach = await signUp(t, { name: 'Dana Reyes' });
    const addMeeting = async (title: string, start: string, lines: string[], participants: object[] = []) => {
      const m = (await call(coach, '/user-meetings', { title, start_time: start, participants })).json();
      await as(
        t,
        coach,
      )({
        method: 'PUT',
        url: `/meeting/${m.meeting_id}/transcript`,
        payload: { content: lines.join('\n') },
      });
      return m.meeting_id as string;
    };
    const lee = await addMeeting(
      'Lee intro',
      '2026-11-10T15:00:00.000Z',
      [
        'Dana Reyes: Good morning, Sam. What are your goals for the next decade?',
        'Sam Lee: I want to retire early and help my daughter with college.',
        'Dana Reyes: How much market risk can you live with? Do you have a timeline in mind?',
        'Sam Lee: Maybe ten years. I will think about risk.',
        'Dana Reyes: Great. I will send a summary and we agree to meet next month.',
      ],
      [{ name: 'Sam Lee', email: 'sam@lee.example' }],
    );
    // No speaker is named like the user: the one who spoke most is the advisor.
    const kim = await addMeeting('Kim check-in', '2026-11-20T15:00:00.000Z', [
      'Alex Kim: We pay high fees and my wife worries about risk.',
      'Morgan: Noted.',
    ]);
    await call(coach, '/user-meetings', { title: 'No transcript yet' });

    const raw = (await component(coach, 'meeting-raw-table')).json().data;
    expect(raw.rows).toEqual([
      {
        id: kim,
        title: 'Kim check-in',
        date: '2026-11-20T15:00:00.000Z',
        client: 'Morgan',
        advisor: 'Alex Kim',
        total_words: 11,
        advisor_words: 10,
        talk_ratio: 0.909,
        questions_asked: 0,
        next_steps: [],
        topics_missed: ['goals', 'timeline'],
      },
      {
        id: lee,
        title: 'Lee intro',
        date: '2026-11-10T15:00:00.000Z',
        client: 'Sam Lee',
        advisor: 'Dana Reyes',
        total_words: 58,
        advisor_words: 39,
        talk_ratio: 0.672,
        questions_asked: 3,
        next_steps: ['I will think about risk.', 'I will send a summary and we agree to meet next month.'],
        topics_missed: ['fees'],
      },
    ]);
    expect((await component(coach, 'meeting-table')).json().data).toMatchObject({
      rows: raw.rows,
      enhanced_insights: null,
    });

    const filter = async (filters: object) => {
      const res = await processStep(coach, 'meeting-filters', filters, 'dashboard', 'meeting-table');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await filter({ from: '2026-11-15' })).rows.map((r: { id: string }) => r.id)).toEqual([kim]);
    expect((await filter({ to: '2026-11-10' })).rows.map((r: { id: string }) => r.id)).toEqual([lee]);
    expect((await filter({ min_talk_ratio: 0.8 })).rows.map((r: { id: string }) => r.id)).toEqual([kim]);
    const sam = await filter({ client: 'SAM' });
    expect(sam.rows.map((r: { id: string }) => r.id)).toEqual([lee]);
    expect(sam.enhanced_insights).toEqual({
      advice: [
        {
          id: lee,
          advice:
            'You spoke 67% of the time; let the client talk more. You agreed on 2 next steps: confirm them in writing. Cover fees next time.',
        },
      ],
    });
    // The filters are kept: the raw table follows them.
    expect((await component(coach, 'meeting-filters')).json().data).toEqual({
      from: null,
      to: null,
      client: 'SAM',
      min_talk_ratio: null,
    });
    expect((await component(coach, 'meeting-raw-table')).json().data.rows).toHaveLength(1);
    const inverted = await processStep(
      coach,
      'meeting-filters',
      { from: '2026-11-20', to: '2026-11-01' },
      'dashboard',
      'meeting-table',
    );
    expect(inverted.json()).toEqual({ detail: 'Invalid input_data: from must not be after to' });
  });
});
