import { KNAP_PATHS } from '@knap/contracts';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { CHUNK_ROWS } from './model.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');
const PROFILE = {
  household: 'Ann Henderson household',
  members: [{ name: 'Ann Henderson', relationship: 'client', age: 58 }],
  annual_income: 180000,
  assets: [{ name: '401(k)', value: 850000 }],
  goals: ['Retire at 62'],
  risk_tolerance: 'moderate',
};

describe(`knap steps read the model's answer tolerantly (${testEngine()})`, () => {
  let llm: FakeLlm;
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    llm = await startFakeOpenAI();
    const { config, model } = fakeLlm(llm);
    t = await createTestApp({ clock, config: { llm: config }, llm: model });
    user = await signUp(t, { name: 'Dana Reyes' });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const call = (who: SignedInUser, url: string, payload: object) =>
    as(t, who)({ method: 'POST', url, payload });
  const profileFrom = (who: SignedInUser, notes: string) =>
    call(who, KNAP_PATHS.process, {
      component_id: 'meeting-notes',
      input_data: { notes },
      next_step: 'client-profile',
      next_component_id: 'client-profile',
    });
  const NOTES = 'Ann is 58 and wants to retire at 62.';

  it.each([
    ['fenced JSON', `\`\`\`json\n${JSON.stringify(PROFILE, null, 2)}\n\`\`\``],
    ['bare JSON among words', `Here is the profile: ${JSON.stringify(PROFILE)} Anything else?`],
    ['an object holding it', JSON.stringify({ enhanced_insights: PROFILE })],
    [
      'an object holding fenced text',
      JSON.stringify({ enhanced_insights: `\`\`\`json\n${JSON.stringify(PROFILE)}\n\`\`\`` }),
    ],
  ])('%s', async (_name, answer) => {
    llm.enqueue({ text: answer });
    const res = await profileFrom(user, NOTES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.enhanced_insights).toEqual(PROFILE);
    const request = JSON.stringify(llm.requests.at(-1));
    expect(request).toContain('You build a client profile for a financial advisor.');
    expect(request).toContain(NOTES);
  });

  it.each([
    ['words', 'Sorry, I cannot help with that.'],
    ['JSON of another shape', JSON.stringify({ ...PROFILE, members: 'Ann' })],
    [
      'an impossible age',
      JSON.stringify({ ...PROFILE, members: [{ name: 'Ann', relationship: 'client', age: 300 }] }),
    ],
  ])('%s: 422 and nothing stored', async (_name, answer) => {
    const fresh = await signUp(t);
    llm.enqueue({ text: answer });
    const res = await profileFrom(fresh, NOTES);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'Failed to parse enhanced insights data' });
    const userId = await userIdOf(t, fresh.email);
    expect(
      await t.db.db.selectFrom('knap_component_data').selectAll().where('user_id', '=', userId).execute(),
    ).toEqual([]);
  });

  it('a model that does not answer: 502', async () => {
    llm.enqueue({ status: 500 });
    const res = await profileFrom(user, NOTES);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: 'The model did not answer; try again' });
  });

  it('1,000 meetings go to the model in chunks; every row comes back exactly once', async () => {
    const coach = await signUp(t, { name: 'Dana Reyes' });
    const userId = await userIdOf(t, coach.email);
    const ids = Array.from({ length: 1000 }, (_, i) => `m-${String(i).padStart(4, '0')}`);
    const now = clock.now().toISOString();
    for (let i = 0; i < ids.length; i += 200)
      await t.db.db
        .insertInto('meetings')
        .values(
          ids.slice(i, i + 200).map((id, n) => ({
            id,
            user_id: userId,
            source: 'manual' as const,
            external_id: null,
            title: `Review ${id}`,
            start_time: new Date(Date.parse('2026-01-01T00:00:00Z') + (i + n) * 3600_000).toISOString(),
            end_time: null,
            meeting_url: null,
            transcript: 'Dana Reyes: What are your goals?\nClient: To retire.',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    // Newest first, so the chunks are the ids from the end, 100 at a time.
    const order = [...ids].reverse();
    const chunks = Array.from({ length: 10 }, (_, k) => order.slice(k * CHUNK_ROWS, (k + 1) * CHUNK_ROWS));
    const advise = (rows: string[], tag: string) => rows.map((id) => ({ id, advice: `${tag} ${id}` }));
    const process = () =>
      call(coach, KNAP_PATHS.process, {
        component_id: 'meeting-filters',
        input_data: {},
        next_step: 'dashboard',
        next_component_id: 'meeting-table',
      });

    // A chunk the model garbles fails the whole step, and nothing is stored.
    llm.enqueue({ text: JSON.stringify({ advice: advise(chunks[0]!, 'first') }) }, { text: 'no idea' });
    expect((await process()).statusCode).toBe(422);
    const stored = () =>
      t.db.db
        .selectFrom('knap_component_data')
        .select('component_id')
        .where('user_id', '=', userId)
        .execute();
    expect(await stored()).toEqual([]);

    const before = llm.requests.length;
    const dropped = chunks[2]![17]!;
    llm.enqueue(
      ...chunks.map((chunk, k) => {
        let advice = advise(chunk, `chunk ${k}:`);
        // Repeats one of its rows, and answers for a row of chunk 2 before chunk 2 is asked.
        if (k === 1)
          advice = [...advice, { id: chunk[0]!, advice: 'repeat' }, { id: chunks[2]![0]!, advice: 'stolen' }];
        if (k === 2) advice = advice.filter((a) => a.id !== dropped);
        if (k === 3) advice = [...advice, { id: 'not-a-row', advice: 'made up' }];
        const json = JSON.stringify({ advice });
        return { text: k % 2 ? `\`\`\`json\n${json}\n\`\`\`` : json };
      }),
    );
    const res = await process();
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json().data;

    const sent = llm.requests.slice(before).map((r) => {
      const messages = r.messages as Array<{ role: string; content: string }>;
      return JSON.parse(messages.find((m) => m.role === 'user')!.content).rows.map(
        (row: { id: string }) => row.id,
      );
    });
    expect(sent).toEqual(chunks);

    expect(table.rows.map((r: { id: string }) => r.id)).toEqual(order);
    const advice = table.enhanced_insights.advice as Array<{ id: string; advice: string | null }>;
    expect(advice.map((a) => a.id)).toEqual(order);
    expect(new Set(advice.map((a) => a.id)).size).toBe(1000);
    const byId = new Map(advice.map((a) => [a.id, a.advice]));
    expect(byId.get(dropped)).toBeNull();
    expect(advice.filter((a) => a.advice === null)).toHaveLength(1);
    expect(byId.get(chunks[1]![0]!)).toBe(`chunk 1: ${chunks[1]![0]}`);
    expect(byId.get(chunks[2]![0]!)).toBe(`chunk 2: ${chunks[2]![0]}`);
    expect(byId.has('not-a-row')).toBe(false);

    const again = (await call(coach, KNAP_PATHS.components, { component_id: 'meeting-table' })).json().data;
    expect(again.enhanced_insights.advice).toEqual(advice);
    expect((await stored()).map((r) => r.component_id).sort()).toEqual(['meeting-filters', 'meeting-table']);
  });
});
