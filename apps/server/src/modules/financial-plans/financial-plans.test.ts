import {
  FINANCIAL_PLAN_PATHS,
  PDF_PATHS,
  type TFinancialPlan,
  type TFinancialPlanUpdate,
} from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { pdfText } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { financialPlansSource } from '../library/sources/financial-plans.js';

const clock = fixedClock('2026-06-01T12:00:00.000Z');

/** 100,000 at 5% for 10 years: 100,000 × 1.05^10 = 162,889.46 at retirement. */
const HENDERSON: TFinancialPlanUpdate = {
  client_name: 'Ann Henderson',
  client_age: 55,
  partner_age: 57,
  retirement_age: 65,
  life_expectancy: 90,
  annual_income: 180_000,
  annual_savings: 0,
  current_assets: 100_000,
  expected_return_pct: 5,
  inflation_pct: 0,
  retirement_spending: 0,
  goals: [{ name: 'Lake house', amount: 20_000, year: 2040 }],
  narrative: '',
};

describe(`financial plans (${testEngine()})`, () => {
  let t: TestApp;
  let advisor: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    advisor = await signUp(t, { name: 'Dana Park' });
    other = await signUp(t, { name: 'Other Advisor' });
  });
  afterAll(() => t.close());

  const create = async (u: SignedInUser, payload: object) =>
    as(t, u)({ method: 'POST', url: FINANCIAL_PLAN_PATHS.list, payload });
  const get = async (u: SignedInUser, id: string) =>
    as(t, u)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.plan(id) });
  const put = async (u: SignedInUser, id: string, payload: object) =>
    as(t, u)({ method: 'PUT', url: FINANCIAL_PLAN_PATHS.plan(id), payload });

  it('creates a plan from defaults, saves the whole draft and computes the projection on read', async () => {
    const created = await create(advisor, { client_name: '  Ann Henderson ' });
    expect(created.statusCode).toBe(200);
    const plan = created.json() as TFinancialPlan;
    expect(plan.inputs).toMatchObject({
      client_name: 'Ann Henderson',
      client_age: 45,
      retirement_age: 65,
      life_expectancy: 95,
      goals: [],
    });
    expect(plan.narrative).toBe('');
    expect(plan.projection.base_year).toBe(2026);
    expect(plan.projection.rows).toHaveLength(51);

    const saved = await put(advisor, plan.id, HENDERSON);
    expect(saved.statusCode).toBe(200);
    const { projection } = saved.json() as TFinancialPlan;
    expect(projection.assets_at_retirement).toBe(162_889.46);
    expect(projection.retirement_year).toBe(2036);
    expect(projection.goals).toEqual([
      { name: 'Lake house', amount: 20_000, year: 2040, age: 69, cost: 20_000, funded: true },
    ]);
    const read = (await get(advisor, plan.id)).json() as TFinancialPlan;
    expect(read.inputs).toEqual(
      Object.fromEntries(Object.entries(HENDERSON).filter(([k]) => k !== 'narrative')),
    );
    expect(read.projection).toEqual(projection);

    // A second plan, made whole in one call; the list is last edited first.
    clock.advance(60_000);
    const second = await create(advisor, { ...HENDERSON, narrative: undefined, client_name: 'Bo Chen' });
    expect(second.statusCode).toBe(200);
    const list = (await as(t, advisor)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.list })).json();
    expect(list.map((p: { client_name: string }) => p.client_name)).toEqual(['Bo Chen', 'Ann Henderson']);
    expect(list[1]).toMatchObject({ id: plan.id, client_age: 55, retirement_age: 65 });
  });

  it("answers 404 for another user's plan, for every call, and changes nothing", async () => {
    const plan = (await create(advisor, { client_name: 'Private Client' })).json() as TFinancialPlan;
    for (const [method, url, payload] of [
      ['GET', FINANCIAL_PLAN_PATHS.plan(plan.id), undefined],
      ['PUT', FINANCIAL_PLAN_PATHS.plan(plan.id), { ...HENDERSON, client_name: 'Stolen' }],
      ['DELETE', FINANCIAL_PLAN_PATHS.plan(plan.id), undefined],
      ['POST', FINANCIAL_PLAN_PATHS.narrative(plan.id), undefined],
      ['POST', FINANCIAL_PLAN_PATHS.pdf(plan.id), undefined],
      ['GET', FINANCIAL_PLAN_PATHS.plan('no-such-plan'), undefined],
    ] as const) {
      const res = await as(t, other)({ method, url, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode, res.json()]).toEqual([
        method,
        url,
        404,
        { detail: 'Financial plan not found' },
      ]);
    }
    expect((await as(t, other)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.list })).json()).toEqual([]);
    const still = (await get(advisor, plan.id)).json() as TFinancialPlan;
    expect([still.inputs.client_name, still.narrative]).toEqual(['Private Client', '']);
  });

  it('refuses bad input with 422 and a clear detail, and keeps the saved draft', async () => {
    const plan = (await create(advisor, { ...HENDERSON, narrative: undefined })).json() as TFinancialPlan;
    const goal = { name: 'Trip', amount: 5_000, year: 2030 };
    const cases: Array<[object, string]> = [
      [{ client_age: -3 }, "Invalid body.client_age: The client's age must be between 18 and 100"],
      [{ partner_age: -1 }, "Invalid body.partner_age: The partner's age must be between 18 and 120"],
      [
        { retirement_age: 50 },
        "Invalid body.retirement_age: The retirement age cannot be below the client's current age",
      ],
      [
        { life_expectancy: 65 },
        'Invalid body.life_expectancy: The life expectancy must be after retirement and after the current age',
      ],
      [{ goals: Array.from({ length: 21 }, () => goal) }, 'Invalid body.goals: A plan has at most 20 goals'],
      [{ current_assets: -1 }, 'Invalid body.current_assets: The current assets cannot be negative'],
      [
        { expected_return_pct: 45 },
        'Invalid body.expected_return_pct: The expected return must be between -10% and 20%',
      ],
      [{ client_name: '   ' }, "Invalid body.client_name: Enter the client's name"],
      [
        { goals: [{ ...goal, amount: 0 }] },
        'Invalid body.goals.0.amount: The goal amount must be more than $0',
      ],
      [
        { goals: [goal, { ...goal, year: 2025 }] },
        'Invalid body.goals.1.year: "Trip" is in 2025; the plan covers 2026 to 2060',
      ],
      [
        { goals: [{ ...goal, year: 2061 }] },
        'Invalid body.goals.0.year: "Trip" is in 2061; the plan covers 2026 to 2060',
      ],
      [
        { narrative: 'x'.repeat(20_001) },
        'Invalid body.narrative: Keep the narrative under 20,000 characters',
      ],
      [{ annual_income: 'lots' }, 'Invalid body.annual_income: Enter the annual income in dollars'],
    ];
    for (const [change, detail] of cases) {
      const res = await put(advisor, plan.id, { ...HENDERSON, ...change });
      expect([res.statusCode, res.json()]).toEqual([422, { detail }]);
    }
    const missing = await put(advisor, plan.id, { ...HENDERSON, goals: undefined });
    expect(missing.statusCode).toBe(422);
    const unchanged = (await get(advisor, plan.id)).json() as TFinancialPlan;
    expect(unchanged).toMatchObject({ inputs: plan.inputs, updated_at: plan.updated_at });

    // A new plan is checked once the defaults fill in: at 70, retiring at the default 65 is too early.
    const before = (await as(t, advisor)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.list })).json().length;
    const late = await create(advisor, { client_name: 'Old Client', client_age: 70 });
    expect([late.statusCode, late.json()]).toEqual([
      422,
      { detail: "Invalid body.retirement_age: The retirement age cannot be below the client's current age" },
    ]);
    expect((await as(t, advisor)({ method: 'GET', url: FINANCIAL_PLAN_PATHS.list })).json()).toHaveLength(
      before,
    );
  });

  it('drafts the narrative with the model from the saved figures, and the advisor edits it', async () => {
    const plan = (await create(advisor, { ...HENDERSON, narrative: undefined })).json() as TFinancialPlan;
    clock.advance(60_000);
    const drafted = await as(t, advisor)({ method: 'POST', url: FINANCIAL_PLAN_PATHS.narrative(plan.id) });
    expect(drafted.statusCode).toBe(200);
    const withNarrative = drafted.json() as TFinancialPlan;
    expect(withNarrative.narrative_drafted_at).toBe(clock.now().toISOString());
    // The demo model writes from the projection it was given: 162,889.46 at 65 in 2036.
    expect(withNarrative.narrative).toContain('## Retirement');
    expect(withNarrative.narrative).toContain('Ann Henderson is 55 (partner 57) in 2026');
    expect(withNarrative.narrative).toContain(
      'Retiring at 65 in 2036, the assets are projected to reach **$162,889**',
    );
    expect(withNarrative.narrative).toContain(
      '- **Lake house** in 2040: $20,000 then ($20,000 today) — covered by the plan.',
    );

    expect(withNarrative.narrative_stale).toBe(false);

    // Editing the narrative alone leaves it current.
    clock.advance(60_000);
    const edited = `${withNarrative.narrative}\n\nWe will meet again in the spring.`;
    await put(advisor, plan.id, { ...HENDERSON, narrative: edited });
    const read = (await get(advisor, plan.id)).json() as TFinancialPlan;
    expect([read.narrative, read.narrative_stale]).toEqual([edited, false]);

    // Changing an input after the narrative was drafted makes it stale, until it is drafted again.
    clock.advance(60_000);
    const changed = await put(advisor, plan.id, { ...HENDERSON, retirement_age: 67, narrative: edited });
    expect((changed.json() as TFinancialPlan).narrative_stale).toBe(true);
    clock.advance(60_000);
    const redrafted = await as(t, advisor)({ method: 'POST', url: FINANCIAL_PLAN_PATHS.narrative(plan.id) });
    expect((redrafted.json() as TFinancialPlan).narrative_stale).toBe(false);
  });

  it('exports the plan as a PDF in the user’s PDFs, with the client, the narrative and the goals', async () => {
    const plan = (await create(advisor, { ...HENDERSON, narrative: undefined })).json() as TFinancialPlan;
    await put(advisor, plan.id, {
      ...HENDERSON,
      narrative: '## Summary\nAnn is **on track** to retire at 65.',
    });
    const res = await as(t, advisor)({ method: 'POST', url: FINANCIAL_PLAN_PATHS.pdf(plan.id) });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ filename: 'financial_plan_ann_henderson.pdf', size: expect.any(Number) });
    const file = await as(t, advisor)({ method: 'GET', url: PDF_PATHS.pdf(info.id) });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload).replace(/\s+/g, ' ');
    for (const words of [
      'Financial plan for Ann Henderson',
      'Ages as of 2026',
      'Investable assets today $100,000',
      'Assets at retirement (2036): $162,889',
      '2036 (age 65) $162,889',
      'Ann is on track to retire at 65.',
      'Lake house 2040 69 $20,000 $20,000 Yes',
    ])
      expect(text).toContain(words);
    // The other user cannot read it.
    expect((await as(t, other)({ method: 'GET', url: PDF_PATHS.pdf(info.id) })).statusCode).toBe(404);
  });

  it('deletes a plan (not while on legal hold), and caps how many a user keeps', async () => {
    const plan = (await create(advisor, { client_name: 'Gone Soon' })).json() as TFinancialPlan;
    const advisorId = await userIdOf(t, advisor.email);
    await t.db.db
      .insertInto('legal_holds')
      .values({ user_id: advisorId, reason: 'Litigation', placed_by: 'admin@x.example', placed_at: 'now' })
      .execute();
    const held = await as(t, advisor)({ method: 'DELETE', url: FINANCIAL_PLAN_PATHS.plan(plan.id) });
    expect([held.statusCode, held.json()]).toEqual([
      409,
      { detail: 'Your account is under legal hold: plans cannot be deleted' },
    ]);
    await t.db.db.deleteFrom('legal_holds').where('user_id', '=', advisorId).execute();
    const deleted = await as(t, advisor)({ method: 'DELETE', url: FINANCIAL_PLAN_PATHS.plan(plan.id) });
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(advisor, plan.id)).statusCode).toBe(404);

    const fillerId = await userIdOf(t, other.email);
    const row = (i: number) => ({
      id: `filler-${i}`,
      user_id: fillerId,
      client_name: `Client ${i}`,
      inputs: JSON.stringify({ ...HENDERSON, narrative: undefined, goals: [] }),
      base_year: 2026,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    await t.db.db
      .insertInto('financial_plans')
      .values(Array.from({ length: 100 }, (_, i) => row(i)))
      .execute();
    const over = await create(other, { client_name: 'One too many' });
    expect([over.statusCode, over.json()]).toEqual([
      422,
      { detail: 'You have 100 plans: delete one to make another' },
    ]);
  });

  it('lists plans as Library items that open in the plan builder', async () => {
    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', advisor.email)
      .executeTakeFirstOrThrow();
    const items = await financialPlansSource.list(t.app.deps, user);
    expect(items.find((i) => i.client === 'Bo Chen')).toMatchObject({
      kind: 'plan',
      title: 'Financial plan for Bo Chen',
      summary: 'Age 55, retiring at 65',
      open_path: expect.stringMatching(/^\/financial-plan\?plan=/),
      deletable: true,
    });
  });
});
