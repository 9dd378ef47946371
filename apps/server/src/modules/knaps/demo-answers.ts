// The demo model's knap steps: client profile, gaps, action plan, portfolio, client email and
// meeting coaching, each written from its JSON input by plain rules, so the knaps work end to end
// offline and deterministically. A real model does this far better.
import {
  GAP_CATEGORIES,
  GAP_SAMPLE_ACTIONS,
  type RoadmapGapCategory,
  type TActionPlan,
  type TClientProfile,
  type TGapAnalysis,
  type TPortfolio,
} from '@knap/contracts';
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import {
  COACHING_PROMPT,
  CRITERIA_PROMPT,
  OUTREACH_PROMPT,
  PLANNING_PROMPTS,
  PROSPECT_DRAFT_PROMPT,
  SCORE_PROMPT,
} from './prompts.js';

type Input = Record<string, unknown>;
interface CoachingInputRow {
  id: string;
  talk_ratio: number;
  questions_asked: number;
  next_steps: number;
  topics_missed: string[];
}

/** The demo's answers to the knap tasks, from their JSON input. */
export const KNAP_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [PLANNING_PROMPTS.profile.task]: jsonTask((i: Input) =>
    profileOf(String(i.notes ?? ''), (i.client_names ?? []) as string[]),
  ),
  [PLANNING_PROMPTS.gaps.task]: jsonTask((i: Input) => gapsOf(i.profile as TClientProfile)),
  [PLANNING_PROMPTS.plan.task]: jsonTask((i: Input) => planOf(i.gaps as TGapAnalysis, String(i.today))),
  [PLANNING_PROMPTS.portfolio.task]: jsonTask((i: Input) => portfolioOf(i.profile as TClientProfile)),
  [PLANNING_PROMPTS.email.task]: jsonTask((i: Input) =>
    emailOf(
      String(i.advisor ?? ''),
      i.profile as TClientProfile,
      i.actions as TActionPlan,
      i.portfolio as TPortfolio,
    ),
  ),
  [COACHING_PROMPT.task]: jsonTask((i: Input) => ({
    advice: (i.rows as CoachingInputRow[]).map((row) => ({ id: row.id, advice: adviceOf(row) })),
  })),
  [CRITERIA_PROMPT.task]: jsonTask((i: Input) => criteriaOf(i.rows as ProspectInput[], Number(i.row_count))),
  [SCORE_PROMPT.task]: jsonTask((i: Input) => ({
    scores: (i.rows as ProspectInput[]).map((row) =>
      scoreOf(row, (i.criteria as { keywords: string[] }).keywords),
    ),
  })),
  [PROSPECT_DRAFT_PROMPT.task]: jsonTask((i: Input) => ({
    drafts: (i.prospects as ProspectInput[]).map((p) =>
      prospectEmailOf(p, String(i.advisor ?? ''), String(i.tone)),
    ),
  })),
  [OUTREACH_PROMPT.task]: jsonTask((i: Input) => ({
    messages: (i.cards as OutreachInput[]).map((card) => outreachMessageOf(card, String(i.advisor ?? ''))),
  })),
};

const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[^:]{1,60}:\s+/, '').trim())
    .filter(Boolean);

/** "$1.2 million", "850,000", "120k" -> a number. */
function money(digits: string, unit: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  const scale = /^m/i.test(unit ?? '') ? 1e6 : /^(k|thousand)/i.test(unit ?? '') ? 1e3 : 1;
  return Math.round(n * scale);
}
const AMOUNT = String.raw`\D{0,30}?\$\s?(\d[\d,]*(?:\.\d+)?)\s*(million|m\b|k\b|thousand)?`;
const ASSETS: Array<[string, RegExp]> = [
  ['401(k)', /401\s?\(?k\)?/],
  ['IRA', /\b(?:rollover )?IRA\b/],
  ['Roth IRA', /\bRoth\b/],
  ['Brokerage account', /\bbrokerage\b/],
  ['Cash savings', /\b(?:savings|cash)\b/],
  ['Home', /\b(?:home|house)\b/],
];

function profileOf(notes: string, clientNames: string[]): TClientProfile {
  const ages = [
    ...notes.matchAll(/\b(?:I'm|I am|aged?|turning)\s+(\d{2})\b|\b(\d{2})[- ]years?[- ]old\b/gi),
  ].map((m) => Number(m[1] ?? m[2]));
  const members = clientNames.map((name, n) => ({ name, relationship: 'client', age: ages[n] ?? null }));
  for (const [word, relationship] of [
    ['daughter', 'child'],
    ['son', 'child'],
    ['wife', 'spouse'],
    ['husband', 'spouse'],
  ] as const)
    if (new RegExp(`\\b${word}\\b`, 'i').test(notes))
      members.push({ name: word[0]!.toUpperCase() + word.slice(1), relationship, age: null });
  const income = new RegExp(`\\b(?:income|earn\\w*|salary|make)${AMOUNT}`, 'i').exec(notes);
  const assets = ASSETS.flatMap(([name, re]): Array<{ name: string; value: number | null }> => {
    const m = new RegExp(`${re.source}${AMOUNT}`, 'i').exec(notes);
    return m ? [{ name, value: money(m[1]!, m[2]) }] : re.test(notes) ? [{ name, value: null }] : [];
  });
  const goals = [
    ...new Set(
      sentences(notes).filter(
        (s) =>
          !s.endsWith('?') &&
          /\b(retire\w*|college|tuition|travel|goals?|legacy|estate|charit\w*|donat\w*)\b/i.test(s),
      ),
    ),
  ].slice(0, 5);
  const risk = /\b(aggressive)\b/i.test(notes)
    ? 'aggressive'
    : /\b(growth)\b/i.test(notes)
      ? 'growth'
      : /\b(conservative|nervous|can't stomach|safe)\b/i.test(notes)
        ? 'conservative'
        : /\b(moderate|balanced)\b/i.test(notes)
          ? 'moderate'
          : 'unknown';
  return {
    household: clientNames.length ? `${clientNames.join(' and ')} household` : 'Client household',
    members,
    annual_income: income ? money(income[1]!, income[2]) : null,
    assets,
    goals,
    risk_tolerance: risk,
  };
}

type Gap = TGapAnalysis[RoadmapGapCategory];

function gapsOf(profile: TClientProfile): TGapAnalysis {
  const goals = profile.goals.join(' ');
  const cash = profile.assets.find((a) => a.name === 'Cash savings');
  const gap = (category: RoadmapGapCategory, found: string | null, severity: Gap['severity']): Gap => ({
    gaps: found ? [found] : [],
    severity: found ? severity : 'none',
    sample_action: GAP_SAMPLE_ACTIONS[category],
  });
  return {
    wealthEnhancement:
      profile.risk_tolerance === 'unknown'
        ? gap('wealthEnhancement', 'Risk tolerance has not been confirmed', 'high')
        : gap(
            'wealthEnhancement',
            (cash?.value ?? 0) > 50_000 ? 'A large cash balance is not invested' : null,
            'medium',
          ),
    wealthTransfer: gap(
      'wealthTransfer',
      profile.members.some((m) => m.relationship === 'child') || /legacy|estate/i.test(goals)
        ? 'Beneficiaries and estate documents have not been reviewed'
        : null,
      'medium',
    ),
    wealthProtection: gap(
      'wealthProtection',
      profile.members.some((m) => (m.age ?? 0) >= 50)
        ? 'Long-term-care coverage has not been discussed'
        : null,
      'medium',
    ),
    charitableGiving: gap(
      'charitableGiving',
      /charit|donat|giv/i.test(goals) ? 'Giving goals have no giving vehicle' : null,
      'low',
    ),
    wamActions: gap('wamActions', 'The annual review is not scheduled', 'low'),
  };
}

const SEVERITY_ORDER: Array<Gap['severity']> = ['high', 'medium', 'low'];

function planOf(gaps: TGapAnalysis, today: string): TActionPlan {
  const open = GAP_CATEGORIES.filter((c) => gaps[c].severity !== 'none').sort(
    (a, b) => SEVERITY_ORDER.indexOf(gaps[a].severity) - SEVERITY_ORDER.indexOf(gaps[b].severity),
  );
  return {
    actions: open.map((category, n) => ({
      priority: n + 1,
      title: gaps[category].sample_action,
      category,
      owner: category === 'wealthTransfer' ? 'Client' : 'Advisor',
      // Two weeks apart, most urgent first.
      due_date: new Date(Date.parse(today) + (n + 1) * 14 * 86_400_000).toISOString().slice(0, 10),
    })),
  };
}

/** US equities, international equities, bonds, cash (percent) by risk tolerance. */
const ALLOCATIONS: Record<TClientProfile['risk_tolerance'], [number, number, number, number]> = {
  conservative: [20, 10, 60, 10],
  moderate: [35, 15, 45, 5],
  balanced: [40, 20, 35, 5],
  unknown: [40, 20, 35, 5],
  growth: [55, 25, 17, 3],
  aggressive: [65, 30, 5, 0],
};
const ASSET_CLASSES = ['US equities', 'International equities', 'Bonds', 'Cash'];

function portfolioOf(profile: TClientProfile): TPortfolio {
  const risk = profile.risk_tolerance;
  return {
    allocation: ASSET_CLASSES.map((asset_class, n) => ({ asset_class, percent: ALLOCATIONS[risk][n]! })),
    rationale:
      risk === 'unknown'
        ? 'A balanced mix until the client confirms their risk tolerance.'
        : `A ${risk} mix matching the risk tolerance the client described.`,
  };
}

function emailOf(advisor: string, profile: TClientProfile, plan: TActionPlan, portfolio: TPortfolio) {
  const allocation = portfolio.allocation.map((a) => `${a.asset_class} ${a.percent}%`).join(', ');
  return {
    subject: 'Your financial roadmap',
    body: [
      `Dear ${profile.household.replace(/ household$/, '')},`,
      '',
      'Thank you for meeting with me. Attached is the roadmap we discussed. The first steps:',
      ...plan.actions.slice(0, 3).map((a) => `- ${a.title} (by ${a.due_date})`),
      '',
      `The recommended allocation is ${allocation}.`,
      'Let me know a good time to go through it together.',
      '',
      'Best regards,',
      advisor,
    ].join('\n'),
  };
}

function adviceOf(row: CoachingInputRow): string {
  const tips: string[] = [];
  if (row.talk_ratio > 0.6)
    tips.push(`You spoke ${Math.round(row.talk_ratio * 100)}% of the time; let the client talk more.`);
  if (row.questions_asked < 3) tips.push('Ask more open questions about what matters to the client.');
  if (row.next_steps === 0) tips.push('Close by agreeing on a next step and a date.');
  if (row.topics_missed.length) tips.push(`Cover ${row.topics_missed.join(', ')} next time.`);
  return tips.length ? tips.join(' ') : 'A well-balanced meeting: keep it up.';
}

// Prospecting and outreach.

interface ProspectInput {
  id: string;
  name: string;
  company: string | null;
  title: string | null;
  details?: string;
  reason?: string;
}
interface OutreachInput {
  id: string;
  name: string;
  channel: string;
  reasons: string[];
}

const STOP_WORDS = new Set([
  'and',
  'the',
  'of',
  'for',
  'inc',
  'llc',
  'ltd',
  'co',
  'stage',
  'active',
  'owner',
]);
const SENIOR_TITLE = /\b(founder|owner|ceo|president|partner|principal|director|chief)\b/i;
const prospectText = (p: ProspectInput) =>
  `${p.company ?? ''} ${p.title ?? ''} ${p.details ?? ''}`.toLowerCase();

/** The three words most common in the rows' companies, titles and details become the keywords. */
function criteriaOf(rows: ProspectInput[], rowCount: number) {
  const counts = new Map<string, number>();
  for (const row of rows)
    for (const word of new Set(prospectText(row).match(/[a-z][a-z-]{2,}/g) ?? []))
      if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const keywords = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([word]) => word);
  return {
    ideal_client: keywords.length
      ? `Decision makers at businesses in ${keywords.join(', ')}`
      : 'Business owners and senior decision makers',
    keywords,
    min_fit_score: 40,
    max_prospects: Math.max(1, Math.min(10, rowCount)),
    tone: 'warm',
  };
}

function scoreOf(row: ProspectInput, keywords: string[]) {
  const text = prospectText(row);
  const matched = keywords.filter((k) => text.includes(k.toLowerCase()));
  const senior = SENIOR_TITLE.test(row.title ?? '');
  const fit = Math.min(100, 20 + matched.length * 25 + (senior ? 20 : 0));
  const why = [
    matched.length ? `mentions ${matched.join(', ')}` : 'matches none of the keywords',
    ...(senior ? ['holds a senior title'] : []),
  ];
  return { id: row.id, fit_score: fit, reason: `${row.name} ${why.join(' and ')}.` };
}

const GREETINGS: Record<string, string> = { warm: 'Hi', formal: 'Dear', brief: 'Hello' };

function prospectEmailOf(p: ProspectInput, advisor: string, tone: string) {
  const first = p.name.split(/\s+/)[0];
  return {
    id: p.id,
    subject: p.company ? `An introduction for ${p.company}` : 'An introduction',
    body: [
      `${GREETINGS[tone] ?? 'Hi'} ${first},`,
      '',
      `I work with ${p.title ? `${p.title.toLowerCase()}s` : 'people'} like you${p.company ? ` at companies such as ${p.company}` : ''} on planning that fits their business and family.`,
      'Would a short call in the next couple of weeks be useful?',
      '',
      'Best regards,',
      advisor,
    ].join('\n'),
  };
}

/** What the advisor says to the client about each reason (the reasons themselves are internal). */
function outreachLine(reason: string): string {
  if (reason.startsWith('Birthday')) return 'Happy early birthday! I hope the year ahead is a great one.';
  if (/minimum distribution/.test(reason))
    return 'Your required minimum distribution is coming due, and I would like to make sure it is handled well.';
  if (reason.startsWith('Life event: '))
    return `I have been thinking about what you shared (${reason.slice(12).replace(/[.]$/, '')}) and how it may shape your plans.`;
  return 'It has been a while since we last spoke, and I would like to hear how things are going.';
}

function outreachMessageOf(card: OutreachInput, advisor: string) {
  const first = card.name.split(/\s+/)[0];
  const [reason = ''] = card.reasons;
  const subject = reason.startsWith('Birthday')
    ? 'Happy birthday'
    : /minimum distribution/.test(reason)
      ? 'Your required minimum distribution'
      : reason.startsWith('Life event')
        ? 'Thinking of you'
        : 'Checking in';
  return {
    id: card.id,
    subject,
    body: [
      `Hi ${first},`,
      '',
      ...new Set(card.reasons.map(outreachLine)),
      '',
      card.channel === 'meeting'
        ? 'Could we find a time to meet in the next few weeks?'
        : 'Let me know a good time to talk.',
      '',
      'Best regards,',
      advisor,
    ].join('\n'),
  };
}
