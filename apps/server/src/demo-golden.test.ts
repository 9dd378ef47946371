// Golden outputs of the built-in demo model (issue 27): for each task a fixed, realistic input (a
// transcript, a CRM export, a plan…) and what the answer must and must not say — the commitment
// found, the count that matches the text, the names from the data, no "(s)" and no placeholder.
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { DEMO_SCRIPT } from './demo-script.js';
import * as assistant from './modules/assistant/prompts.js';
import * as clientReviews from './modules/client-reviews/prompts.js';
import * as financialPlans from './modules/financial-plans/prompts.js';
import * as firstImpressions from './modules/first-impressions/prompts.js';
import * as knaps from './modules/knaps/prompts.js';
import { prospectsFromCsv } from './modules/knaps/prospect-csv.js';
import * as meetings from './modules/meetings/prompts.js';
import * as newsletters from './modules/newsletters/prompts.js';
import { demoStep } from './platform/llm/demo-model.js';
import { promptFor, type TaskPrompt } from './platform/llm/tasks.js';

/** The demo's text answer to `task` given `input` (JSON-encoded unless it is a string). */
function answerText(task: TaskPrompt, input: unknown, tools: string[] = []): string {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  const options = {
    ...promptFor(task),
    prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
    tools: tools.map((name) => ({ type: 'function', name, inputSchema: {} })),
  } as unknown as LanguageModelV3CallOptions;
  const step = demoStep(DEMO_SCRIPT, options);
  if (step.kind !== 'text') throw new Error(`expected text, got a call of ${step.toolName}`);
  return step.text;
}

/** The demo's JSON answer (fenced, as many real models answer). */
function answer<T = Record<string, unknown>>(task: TaskPrompt, input: unknown): T {
  const text = answerText(task, input);
  return JSON.parse(text.replace(/^```json\n|\n```$/g, '')) as T;
}

/** What no answer a user reads may hold: "(s)" plurals, template holes, leaked values, "Dear Client". */
function expectReadsRight(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const bad of ['(s)', '{{', '}}', 'undefined', 'NaN', '[object Object]', 'Dear Client', ': null'])
    expect(text, `"${bad}" in ${text}`).not.toContain(bad);
  expect(text).not.toMatch(/\bnull\b/);
}

// A six-line meeting: one decision, three commitments ("I will", "let's", "by Friday").
const TRANSCRIPT = [
  'Dana Reyes: Thanks for coming in, Ann. How is everyone?',
  'Ann Henderson: Good. Our daughter Emma starts college next fall, so tuition is on my mind.',
  'Dana Reyes: Then I will run a retirement projection with the tuition in it.',
  'Ann Henderson: I want to retire at 62 and I am fairly conservative with risk.',
  'Dana Reyes: We agreed to keep the bond allocation as it is. Let’s meet again in March.',
  'Ann Henderson: I will send you the 401(k) statements by Friday.',
].join('\n');

describe('the demo model’s golden outputs', () => {
  it('meeting notes: statements counted per line, the commitments found, plurals chosen', () => {
    const notes = answer<{
      summary: string;
      decisions: string[];
      action_items: Array<{ text: string; owner: string | null }>;
      client_facts: Array<{ category: string; fact: string }>;
    }>(meetings.NOTES_PROMPT, TRANSCRIPT);
    expect(notes.summary).toContain('A conversation between Dana Reyes and Ann Henderson (6 statements).');
    expect(notes.summary).toContain('1 decision was made.');
    expect(notes.summary).toContain('3 follow-ups came up');
    expect(notes.decisions).toEqual(['We agreed to keep the bond allocation as it is.']);
    expect(notes.action_items).toEqual([
      { text: 'Then I will run a retirement projection with the tuition in it.', owner: 'Dana Reyes' },
      { text: 'Let’s meet again in March.', owner: 'Dana Reyes' },
      { text: 'I will send you the 401(k) statements by Friday.', owner: 'Ann Henderson' },
    ]);
    expect(notes.client_facts).toContainEqual({
      category: 'family',
      fact: 'Our daughter Emma starts college next fall, so tuition is on my mind.',
    });
    // A question is not a fact.
    expect(notes.client_facts.map((f) => f.fact)).not.toContain('How is everyone?');
    expectReadsRight(notes);
  });

  it('meeting notes of a one-line transcript say so in the singular', () => {
    const notes = answer<{ summary: string }>(
      meetings.NOTES_PROMPT,
      'Dana Reyes: I will send the rollover forms on Monday.',
    );
    expect(notes.summary).toContain('(1 statement)');
    expect(notes.summary).toContain('1 follow-up came up (Dana Reyes)');
    expectReadsRight(notes);
  });

  // A CRM export as advisors have them: first and last names apart, an AUM column, industries.
  const CRM_CSV = [
    'First Name,Last Name,Email,Company,Title,Industry,City,AUM',
    'Karl,Becker,karl@becker-logistics.example,Becker Logistics,Analyst,Retail,Austin,250000',
    'Maria,Lopez,maria@acme.example,Acme Manufacturing,CFO,Manufacturing,Austin,2400000',
    'Sam,Ortiz,sam@ortizdental.example,Ortiz Dental,Owner,Healthcare,Dallas,1800000',
    'Priya,Shah,priya@northfab.example,Northfab,CFO,Manufacturing,Austin,3100000',
    'Lee,Wong,lee@becker-logistics.example,Becker Logistics,Driver,Retail,Austin,90000',
  ].join('\n');

  it('prospecting criteria come from titles, industries and places, never column names or surnames', () => {
    const { rows } = prospectsFromCsv(Buffer.from(CRM_CSV));
    const criteria = answer<{ ideal_client: string; keywords: string[]; max_prospects: number }>(
      knaps.CRITERIA_PROMPT,
      { row_count: rows.length, rows },
    );
    // Industries and places of the senior people: Karl and Lee's retail firm does not set the course.
    expect(criteria.keywords).toEqual(['cfo', 'owner', 'manufacturing', 'healthcare', 'austin']);
    expect(criteria.ideal_client).toBe('CFOs and owners in manufacturing and healthcare based in Austin');
    for (const word of ['aum', 'industry', 'city', 'becker', 'acme', 'lopez', 'email'])
      expect(criteria.keywords.join(' ')).not.toContain(word);
    expect(criteria.max_prospects).toBe(5);
    expectReadsRight(criteria);

    // Scored on those criteria, and on criteria naming a surname: Becker never leads for his name.
    for (const keywords of [criteria.keywords, ['becker', 'cfo']]) {
      const { scores } = answer<{ scores: Array<{ id: string; fit_score: number; reason: string }> }>(
        knaps.SCORE_PROMPT,
        { criteria: { ...criteria, keywords }, rows },
      );
      const ranked = [...scores].sort((a, b) => b.fit_score - a.fit_score);
      const nameOf = (id: string) => rows.find((r) => r.id === id)!.name;
      expect(nameOf(ranked[0]!.id)).not.toBe('Karl Becker');
      const karl = scores.find((s) => nameOf(s.id) === 'Karl Becker')!;
      expect(karl.reason).not.toMatch(/mentions[^.]*becker/i);
      expectReadsRight(scores);
    }
    const { scores } = answer<{ scores: Array<{ id: string; fit_score: number; reason: string }> }>(
      knaps.SCORE_PROMPT,
      { criteria, rows },
    );
    expect(scores.find((s) => s.id === rows[1]!.id)).toEqual({
      id: rows[1]!.id,
      fit_score: 100,
      reason: 'Maria Lopez mentions cfo, manufacturing and austin and holds a senior title.',
    });
  });

  it('prospecting criteria from Sevanta deals: the sector, never the deal owner', () => {
    const deal = (id: string, company: string, sector: string, owner: string) => ({
      id: `sevanta:${id}`,
      name: company,
      email: null,
      company,
      title: null,
      details: `sector: ${sector}; stage: Seed; status: Active; owner: ${owner}`,
    });
    const rows = [
      deal('1', 'Harbor Bio', 'Biotech', 'Ava Chen'),
      deal('2', 'Ledgerly', 'Fintech', 'Ava Chen'),
      deal('3', 'Coinstack', 'Fintech', 'Ben Ode'),
    ];
    const criteria = answer<{ ideal_client: string; keywords: string[] }>(knaps.CRITERIA_PROMPT, {
      row_count: rows.length,
      rows,
    });
    expect(criteria).toMatchObject({
      ideal_client: 'Business owners and senior decision makers in fintech and biotech',
      keywords: ['fintech', 'biotech'],
    });
    expectReadsRight(criteria);
  });

  it('prospect emails name the title as written, with the prospect’s first name', () => {
    const { drafts } = answer<{ drafts: Array<{ id: string; subject: string; body: string }> }>(
      knaps.PROSPECT_DRAFT_PROMPT,
      {
        advisor: 'Dana Reyes',
        tone: 'warm',
        ideal_client: 'CFOs in manufacturing',
        prospects: [
          { id: 'csv:2', name: 'Maria Lopez', company: 'Acme Manufacturing', title: 'CFO', reason: 'A fit.' },
        ],
      },
    );
    expect(drafts[0]!.subject).toBe('An introduction for Acme Manufacturing');
    expect(drafts[0]!.body).toMatch(/^Hi Maria,\n/);
    expect(drafts[0]!.body).toContain('your work as CFO at Acme Manufacturing');
    expect(drafts[0]!.body).not.toMatch(/cfos|like you/i);
    expect(drafts[0]!.body).toMatch(/Dana Reyes$/);
    expectReadsRight(drafts);
  });

  it('outreach messages greet the client by first name and speak to each reason', () => {
    const { messages } = answer<{ messages: Array<{ id: string; subject: string; body: string }> }>(
      knaps.OUTREACH_PROMPT,
      {
        advisor: 'Dana Reyes',
        cards: [
          {
            id: 'c1',
            name: 'Ann Henderson',
            channel: 'email',
            reasons: ['Life event: Daughter starting college.', 'No meeting in 200 days'],
          },
        ],
      },
    );
    expect(messages[0]!.subject).toBe('Thinking of you');
    expect(messages[0]!.body).toMatch(/^Hi Ann,\n/);
    expect(messages[0]!.body).toContain('(Daughter starting college)');
    expect(messages[0]!.body).toContain('since we last spoke');
    expectReadsRight(messages);
  });

  it('coaching advice quotes the meeting’s own counts', () => {
    const { advice } = answer<{ advice: Array<{ id: string; advice: string }> }>(knaps.COACHING_PROMPT, {
      rows: [
        {
          id: 'm1',
          talk_ratio: 0.72,
          questions_asked: 1,
          next_steps: 0,
          topics_missed: ['fees', 'timeline'],
        },
        { id: 'm2', talk_ratio: 0.4, questions_asked: 5, next_steps: 1, topics_missed: [] },
      ],
    });
    expect(advice).toEqual([
      {
        id: 'm1',
        advice:
          'You spoke 72% of the time; let the client talk more. You asked 1 question; ask more open questions about what matters to the client. Close by agreeing on a next step and a date. Cover fees and timeline next time.',
      },
      { id: 'm2', advice: 'You agreed on 1 next step: confirm it in writing.' },
    ]);
    expectReadsRight(advice);
  });

  const PROFILE_NOTES = [
    'Summary: Annual review with Ann and Tom Henderson.',
    'Transcript:',
    'Dana Reyes: How are things at home?',
    'Ann Henderson: Our daughter Emma, 17, starts college next fall. I am 58 and Tom is turning 60.',
    'Tom Henderson: We earn $180,000 a year and keep $90,000 in savings. We want to retire in 2031.',
  ].join('\n');

  it('advanced planning: the household and its members by their names, the email to them', () => {
    const profile = answer<{
      household: string;
      members: Array<{ name: string; relationship: string; age: number | null }>;
      annual_income: number | null;
    }>(knaps.PLANNING_PROMPTS.profile, {
      today: '2026-11-25',
      meeting_title: 'Henderson annual review',
      client_names: ['Ann Henderson', 'Tom Henderson'],
      advisor: 'Dana Reyes',
      notes: PROFILE_NOTES,
    });
    expect(profile.household).toBe('Henderson household');
    expect(profile.members).toEqual([
      { name: 'Ann Henderson', relationship: 'client', age: 58 },
      { name: 'Tom Henderson', relationship: 'client', age: 60 },
      { name: 'Emma', relationship: 'child', age: 17 },
    ]);
    expect(profile.annual_income).toBe(180_000);
    expect(JSON.stringify(profile)).not.toContain('Daughter');

    const gaps = answer(knaps.PLANNING_PROMPTS.gaps, { today: '2026-11-25', profile });
    const actions = answer(knaps.PLANNING_PROMPTS.plan, { today: '2026-11-25', profile, gaps });
    const portfolio = answer(knaps.PLANNING_PROMPTS.portfolio, { today: '2026-11-25', profile, actions });
    const email = answer<{ subject: string; body: string }>(knaps.PLANNING_PROMPTS.email, {
      today: '2026-11-25',
      advisor: 'Dana Reyes',
      profile,
      gaps,
      actions,
      portfolio,
    });
    expect(email.body).toMatch(/^Dear Ann and Tom,\n/);
    expect(email.body).toContain('What we found: ');
    expect(email.body).toMatch(/The first \d steps?:/);
    expect(email.body).toMatch(/Dana Reyes$/);
    expectReadsRight(email);
  });

  it('advanced planning from pasted notes: the speakers are the clients, else a neutral opening', () => {
    const named = answer<{ household: string; members: Array<{ name: string }> }>(
      knaps.PLANNING_PROMPTS.profile,
      {
        today: '2026-11-25',
        meeting_title: null,
        client_names: [],
        advisor: 'Dana Reyes',
        notes: PROFILE_NOTES,
      },
    );
    expect(named.household).toBe('Henderson household');
    expect(named.members.map((m) => m.name)).toEqual(['Ann Henderson', 'Tom Henderson', 'Emma']);

    const anonymous = answer<Record<string, unknown>>(knaps.PLANNING_PROMPTS.profile, {
      today: '2026-11-25',
      meeting_title: null,
      client_names: [],
      advisor: 'Dana Reyes',
      // "Yesterday" is not the son's name.
      notes: 'The clients want to retire early. Yesterday their son called from college.',
    });
    expect(anonymous.household).toBe('Household');
    expect(anonymous.members).toEqual([{ name: "The client's son", relationship: 'child', age: null }]);
    const portfolio = { allocation: [{ asset_class: 'Bonds', percent: 100 }], rationale: 'Safe.' };
    const email = answer<{ body: string }>(knaps.PLANNING_PROMPTS.email, {
      advisor: 'Dana Reyes',
      profile: anonymous,
      actions: { actions: [] },
      portfolio,
    });
    expect(email.body).toMatch(/^Hello,\n/);
    expectReadsRight(email);
  });

  it('client review: the meetings counted, the CRM notes in the singular or plural', () => {
    const draft = answer<Record<string, string>>(clientReviews.DRAFT_PROMPT, {
      advisor: 'Dana Reyes',
      client: { name: 'Ann Henderson', email: 'ann@henderson.example' },
      period: { label: '2026 annual review', start: '2026-01-01', end: '2026-12-31' },
      meetings: [
        {
          title: 'Henderson annual review',
          date: '2026-11-20',
          summary: 'Reviewed the rollover.',
          decisions: ['We agreed to keep the bond allocation as it is.'],
          action_items: [{ text: 'I will run a retirement projection.', owner: 'Dana Reyes' }],
          client_facts: [{ category: 'goals', fact: 'I want to retire at 62.' }],
        },
      ],
      crm: [
        {
          source: 'wealthbox',
          name: 'Ann Henderson',
          email: 'ann@henderson.example',
          notes: [
            { date: '2026-09-02', content: 'Emma starts university in 2027.' },
            { date: '2026-05-01', content: 'Asked about Roth conversions.' },
          ],
        },
      ],
      prior_reviews: [],
    });
    const text = Object.values(draft).join('\n');
    expect(text).toContain('Ann Henderson and Dana Reyes met once');
    expect(text).toContain('2 CRM notes, the latest: "Emma starts university in 2027."');
    expect(text).toContain('I will run a retirement projection');
    expectReadsRight(draft);
  });

  it('first-impressions briefing: what the CRM holds, counted', () => {
    const briefing = answer<{ briefing: string; questions: string[] }>(firstImpressions.DRAFT_PROMPT, {
      advisor: 'Dana Reyes',
      today: '2026-11-25',
      prospect: { name: 'Cara Wealth', email: 'cara@example.com', company: 'Wealth Bakery' },
      meetings: [],
      crm: [
        {
          source: 'wealthbox',
          name: 'Cara Wealth',
          email: 'cara@example.com',
          notes: [{ date: '2026-09-02', content: 'Selling her business next year.' }],
        },
      ],
    });
    expect(briefing.briefing).toContain('1 note, the latest (2026-09-02): "Selling her business next year."');
    expect(briefing.questions.length).toBeGreaterThanOrEqual(5);
    expectReadsRight(briefing);
  });

  it('newsletter: the topics the advisor chose, in their tone', () => {
    const draft = answer<{ subject: string; intro: string; sections: Array<{ topic: string }> }>(
      newsletters.TOPICS_PROMPT,
      {
        advisor: 'Dana Reyes',
        today: '2026-11-25',
        topics: ['Tax planning', 'Social Security'],
        tone: 'warm',
        length: 'short',
        words_per_topic: 120,
        note: '',
      },
    );
    expect(draft.subject).toBe('Tax planning, Social Security and more');
    expect(draft.sections.map((s) => s.topic)).toEqual(['Tax planning', 'Social Security']);
    expect(draft.intro).toContain('tax planning and social security');
    expectReadsRight(draft);

    const quarterly = answer<Record<string, string>>(newsletters.QUARTERLY_PROMPT, {
      advisor: 'Dana Reyes',
      quarter: 'Q3 2026',
      figures: ['S&P 500: +4.2%', '10-year Treasury: 4.1%'],
      tip_topic: '',
    });
    expect(quarterly.market_recap).toContain('S&P 500 and 10-year Treasury');
    expectReadsRight(quarterly);
  });

  it('financial plan: the plan’s own figures, and the goal by name', () => {
    const { narrative } = answer<{ narrative: string }>(financialPlans.NARRATIVE_PROMPT, {
      client_name: 'Ann Henderson',
      base_year: 2026,
      inputs: {
        client_age: 58,
        partner_age: 60,
        retirement_age: 65,
        life_expectancy: 92,
        annual_income: 180_000,
        annual_savings: 24_000,
        current_assets: 1_200_000,
        expected_return_pct: 5,
        inflation_pct: 2.5,
        retirement_spending: 90_000,
      },
      projection: {
        retirement_year: 2033,
        end_year: 2060,
        assets_at_retirement: 1_900_000,
        assets_at_end: 350_000,
        depleted_at_age: null,
        spending_at_retirement: 107_000,
        without_goals: { assets_at_end: 420_000, depleted_at_age: null },
        first_rmd: null,
        goals: [{ name: 'Emma’s tuition', year: 2027, amount: 60_000, cost: 61_500, funded: true }],
      },
    });
    expect(narrative).toContain(
      'Ann Henderson is 58 (partner 60) in 2026, with $1,200,000 in investable assets',
    );
    expect(narrative).toContain('(13% of income)');
    expect(narrative).toContain('**Emma’s tuition** in 2027');
    expectReadsRight(narrative);
  });

  it('chat: an email drafted to a named address greets that person; a plan names its subject', () => {
    const options = (text: string, tools: string[]) =>
      ({
        ...promptFor(assistant.REPLY_PROMPT),
        prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
        tools: tools.map((name) => ({ type: 'function', name, inputSchema: {} })),
      }) as unknown as LanguageModelV3CallOptions;
    const email = demoStep(
      DEMO_SCRIPT,
      options('Send a follow-up email to anna@example.com', ['send_email']),
    );
    expect(email).toMatchObject({ kind: 'tool', toolName: 'send_email', input: { to: 'anna@example.com' } });
    expect((email as unknown as { input: { body: string } }).input.body).toMatch(/^Hi Anna,\n/);

    // No address: no send to a made-up one, the draft as text and a question for the recipient.
    const draft = demoStep(DEMO_SCRIPT, options('Draft an email about rebalancing', ['send_email']));
    expect(draft).toMatchObject({ kind: 'text' });
    const text = (draft as unknown as { text: string }).text;
    expect(text).toContain('Who should it go to?');
    expect(text).toContain('**Subject:** Rebalancing');
    expect(text).not.toContain('@');
    expectReadsRight(text);

    const plan = demoStep(
      DEMO_SCRIPT,
      options('Make a plan for the Henderson annual review', ['update_todo_list']),
    );
    const items = (plan as unknown as { input: { items: Array<{ text: string }> } }).input.items;
    expect(items[0]!.text).toBe('Gather the goals and accounts for the Henderson annual review');
    expectReadsRight(items);
  });
});
