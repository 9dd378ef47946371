// The demo model's knap steps: client profile, gaps, action plan, portfolio, client email and
// meeting coaching, each written from its JSON input by plain rules, so the knaps work end to end
// offline and deterministically. A real model does this far better.
import {
  GAP_CATEGORIES,
  GAP_SAMPLE_ACTIONS,
  listOf,
  plural,
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
    profileOf(String(i.notes ?? ''), (i.client_names ?? []) as string[], String(i.advisor ?? '')),
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
      i.gaps as TGapAnalysis | undefined,
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

const FAMILY: ReadonlyArray<readonly [string, string]> = [
  ['daughter', 'child'],
  ['son', 'child'],
  ['wife', 'spouse'],
  ['husband', 'spouse'],
];
const NAME = '([A-Z][a-z]+(?:-[A-Z][a-z]+)?)';
const OWNER = '(?:our|my|his|her|their)';
/** Words that follow "our daughter" but are not her name. */
const NOT_NAMES = new Set(['Is', 'Has', 'Was', 'Will', 'And', 'But', 'The', 'She', 'He', 'Just', 'Also']);

/** The name (and age) the notes give a relative: "our daughter Emma, 17", "Emma, our daughter". */
function relativeIn(notes: string, word: string): { name: string; age: number | null } | null {
  const after = new RegExp(
    String.raw`\b${OWNER}\s+${word},?\s+${NAME}\b(?:,?\s+\(?(?:age\s+)?(\d{1,2})\b)?`,
    'i',
  );
  // "Emma, our daughter" or "Emma is our daughter" (not "Yesterday our daughter").
  const before = new RegExp(String.raw`\b${NAME}(?:,\s+|\s+is\s+)${OWNER}\s+${word}\b`, 'i');
  for (const m of [after.exec(notes), before.exec(notes)]) {
    // The name must be written with a capital (the regex is case-blind only for "Our daughter").
    const name = m?.[1];
    if (name && /^[A-Z]/.test(name) && !NOT_NAMES.has(name))
      return { name, age: m?.[2] ? Number(m[2]) : null };
  }
  return null;
}

/** Speakers of "Name: words" lines in the notes, other than the advisor and the notes' own labels. */
function speakersIn(notes: string, advisor: string): string[] {
  const label = /^(summary|decision|action item|client fact.*|transcript|advisor|notes?)$/i;
  const advisorName = advisor.trim().toLowerCase();
  const names = [...notes.matchAll(/^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}):\s+\S/gm)]
    .map((m) => m[1]!)
    .filter(
      (n) =>
        !label.test(n) && n.toLowerCase() !== advisorName && !advisorName.startsWith(`${n.toLowerCase()} `),
    );
  return [...new Set(names)];
}

/** The household's label from its clients' names: 'Henderson household', 'Ann Lee and Bo Park household'. */
function householdOf(names: readonly string[]): string {
  const surnames = new Set(names.map((n) => n.trim().split(/\s+/).at(-1)!));
  if (names.length > 1 && surnames.size === 1 && names.every((n) => /\s/.test(n.trim())))
    return `${[...surnames][0]} household`;
  return `${listOf(names)} household`;
}

function profileOf(notes: string, givenNames: string[], advisor = ''): TClientProfile {
  const clientNames = givenNames.length ? givenNames : speakersIn(notes, advisor);
  const ages = [
    ...notes.matchAll(/\b(?:I'm|I am|aged?|turning)\s+(\d{2})\b|\b(\d{2})[- ]years?[- ]old\b/gi),
  ].map((m) => Number(m[1] ?? m[2]));
  const members = clientNames.map((name, n) => ({ name, relationship: 'client', age: ages[n] ?? null }));
  const firstNames = new Set(clientNames.map((n) => n.split(/\s+/)[0]!.toLowerCase()));
  const clientFirst = clientNames[0]?.split(/\s+/)[0];
  for (const [word, relationship] of FAMILY) {
    if (!new RegExp(`\\b${word}\\b`, 'i').test(notes)) continue;
    // A spouse who is already one of the clients is not listed twice.
    if (relationship === 'spouse' && clientNames.length > 1) continue;
    const relative = relativeIn(notes, word);
    if (relative && firstNames.has(relative.name.toLowerCase())) continue;
    // Named as the notes name them; when they do not, by whose relative they are, never "Daughter".
    const name = relative?.name ?? (clientFirst ? `${clientFirst}'s ${word}` : `The client's ${word}`);
    members.push({ name, relationship, age: relative?.age ?? null });
  }
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
    // With no name in the meeting or the notes, a plain label the advisor renames in the profile.
    household: clientNames.length ? householdOf(clientNames) : 'Household',
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

/** 'Dear Ann and Tom,' from the clients' first names; 'Hello,' when the notes named nobody. */
function salutationOf(profile: TClientProfile): string {
  const firsts = [
    ...new Set(
      profile.members.filter((m) => m.relationship === 'client').map((m) => m.name.split(/\s+/)[0]!),
    ),
  ].filter((n) => /^\p{Lu}/u.test(n));
  return firsts.length ? `Dear ${listOf(firsts)},` : 'Hello,';
}

function emailOf(
  advisor: string,
  profile: TClientProfile,
  plan: TActionPlan,
  portfolio: TPortfolio,
  gaps?: TGapAnalysis,
) {
  const allocation = portfolio.allocation.map((a) => `${a.asset_class} ${a.percent}%`).join(', ');
  const found = gaps ? GAP_CATEGORIES.flatMap((c) => gaps[c]?.gaps ?? []) : [];
  const first = plan.actions.slice(0, 3);
  return {
    subject: 'Your financial roadmap',
    body: [
      salutationOf(profile),
      '',
      'Thank you for meeting with me. Attached is the roadmap we discussed.',
      ...(found.length
        ? ['', `What we found: ${listOf(found.map((g) => g.charAt(0).toLowerCase() + g.slice(1)))}.`]
        : []),
      ...(first.length
        ? [
            '',
            `The first ${first.length === 1 ? 'step' : `${first.length} steps`}:`,
            ...first.map((a) => `- ${a.title} (by ${a.due_date})`),
          ]
        : []),
      '',
      `The recommended allocation is ${allocation}.`,
      'Let me know a good time to go through it together.',
      '',
      'Best regards,',
      advisor,
    ]
      .join('\n')
      .trim(),
  };
}

function adviceOf(row: CoachingInputRow): string {
  const tips: string[] = [];
  if (row.talk_ratio > 0.6)
    tips.push(`You spoke ${Math.round(row.talk_ratio * 100)}% of the time; let the client talk more.`);
  if (row.questions_asked < 3)
    tips.push(
      `You asked ${row.questions_asked === 0 ? 'no questions' : plural(row.questions_asked, 'question')}; ask more open questions about what matters to the client.`,
    );
  if (row.next_steps === 0) tips.push('Close by agreeing on a next step and a date.');
  else
    tips.push(
      `You agreed on ${plural(row.next_steps, 'next step')}: confirm ${row.next_steps === 1 ? 'it' : 'them'} in writing.`,
    );
  if (row.topics_missed.length) tips.push(`Cover ${listOf(row.topics_missed)} next time.`);
  return tips.join(' ');
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

const SENIOR_TITLE =
  /\b(founder|co-founder|owner|ceo|cfo|coo|cto|president|partner|principal|director|chief|managing)\b/i;
/** Detail columns whose values say something about the business or the person, not the record. */
const INDUSTRY_LABEL = /\b(industry|sector|vertical|segment|business type)\b/i;
const PLACE_LABEL = /\b(city|state|region|location|country|metro)\b/i;
/** A value worth matching: a few words of letters, not a number, date, id, address or free note. */
const ATTRIBUTE_VALUE = /^[\p{L}][\p{L}&.' -]{1,40}$/u;

/** The "label: value" pairs of a row's details (unlabeled parts are kept under an empty label). */
const detailPairs = (details: string | undefined) =>
  (details ?? '')
    .split(/;\s*/)
    .map((part) => /^([^:]{1,60}):\s*(.+)$/.exec(part.trim()))
    .flatMap((m) => (m ? [{ label: m[1]!.trim(), value: m[2]!.trim() }] : []));

/** The words of a prospect's own name ("Karl Becker" -> karl, becker): never a reason to rank them. */
const nameWords = (p: ProspectInput) => new Set(p.name.toLowerCase().match(/[\p{L}][\p{L}'-]*/gu) ?? []);

/** The attributes a prospect is matched on: title, company and the values (never labels) of details. */
const attributesOf = (p: ProspectInput) =>
  [p.title ?? '', p.company ?? '', ...detailPairs(p.details).map((d) => d.value)].join(' | ').toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `text` has `keyword` as whole words ("cfo" in "cfo | acme", not in "cfon"). */
const mentions = (text: string, keyword: string) =>
  new RegExp(`(^|[^\\p{L}])${escapeRegExp(keyword.toLowerCase())}($|[^\\p{L}])`, 'u').test(text);

/** The most frequent values, most frequent first (ties by first seen), with how they were written. */
function topValues(values: string[], limit: number): string[] {
  const counts = new Map<string, { written: string; count: number }>();
  for (const v of values) {
    const key = v.toLowerCase();
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { written: v, count: 1 });
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, limit)
    .map((c) => c.written);
}

/** 'CFO' -> 'CFOs', 'Managing Director' -> 'managing directors', 'Owner' -> 'owners'. */
function titlePlural(title: string): string {
  const written = /^[A-Z0-9&]+$/.test(title) ? title : title.toLowerCase();
  if (/s$/i.test(written)) return written;
  return /[^aeiou]y$/i.test(written) ? `${written.slice(0, -1)}ies` : `${written}s`;
}

/**
 * The criteria from what the rows say about people and businesses: their titles (senior ones
 * first), industries and places. Never a column's name, a company's name or anyone's surname.
 */
function criteriaOf(rows: ProspectInput[], rowCount: number) {
  const surnames = new Set(rows.flatMap((r) => [...nameWords(r)]));
  const titles = rows.map((r) => r.title?.trim() ?? '').filter((t) => t && ATTRIBUTE_VALUE.test(t));
  const senior = titles.filter((t) => SENIOR_TITLE.test(t));
  const topTitles = topValues(senior.length ? senior : titles, 2);
  // Industries and places of the senior people when there are some: they are who the advisor wants.
  const basis = senior.length ? rows.filter((r) => SENIOR_TITLE.test(r.title ?? '')) : rows;
  const valuesOf = (label: RegExp) =>
    basis
      .flatMap((r) => detailPairs(r.details))
      .filter((d) => label.test(d.label) && ATTRIBUTE_VALUE.test(d.value))
      .map((d) => d.value);
  const industries = topValues(valuesOf(INDUSTRY_LABEL), 2);
  const places = topValues(valuesOf(PLACE_LABEL), 1);
  const keywords = [...new Set([...topTitles, ...industries, ...places].map((k) => k.toLowerCase()))].filter(
    (k) => !k.split(/\s+/).some((w) => surnames.has(w)),
  );
  const who = topTitles.length
    ? listOf(topTitles.map(titlePlural))
    : 'Business owners and senior decision makers';
  const ideal = [
    who.charAt(0).toUpperCase() + who.slice(1),
    industries.length ? `in ${listOf(industries.map((i) => i.toLowerCase()))}` : '',
    places.length ? `based in ${places[0]}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    ideal_client: ideal,
    keywords,
    min_fit_score: 40,
    max_prospects: Math.max(1, Math.min(10, rowCount)),
    tone: 'warm',
  };
}

function scoreOf(row: ProspectInput, keywords: string[]) {
  const text = attributesOf(row);
  const own = nameWords(row);
  // A keyword that is the prospect's own name ("becker" for Karl Becker of Becker Logistics) does
  // not count: a surname says nothing about fit.
  const matched = keywords.filter((k) => !own.has(k.toLowerCase()) && mentions(text, k));
  const senior = SENIOR_TITLE.test(row.title ?? '');
  const fit = Math.min(100, 20 + matched.length * 25 + (senior ? 20 : 0));
  const why = [
    matched.length ? `mentions ${listOf(matched)}` : 'matches none of the keywords',
    ...(senior ? ['holds a senior title'] : []),
  ];
  return { id: row.id, fit_score: fit, reason: `${row.name} ${why.join(' and ')}.` };
}

const GREETINGS: Record<string, string> = { warm: 'Hi', formal: 'Dear', brief: 'Hello' };

function prospectEmailOf(p: ProspectInput, advisor: string, tone: string) {
  const first = p.name.split(/\s+/)[0];
  // The title as the prospect writes it ("CFO", not "cfos like you").
  const role =
    p.title && p.company
      ? `your work as ${p.title} at ${p.company}`
      : p.title
        ? `your work as ${p.title}`
        : p.company
          ? `your work at ${p.company}`
          : null;
  return {
    id: p.id,
    subject: p.company ? `An introduction for ${p.company}` : 'An introduction',
    body: [
      `${GREETINGS[tone] ?? 'Hi'} ${first},`,
      '',
      role
        ? `I came across ${role}. I help business owners and leaders with planning that fits their business and their family.`
        : 'I help business owners and leaders with planning that fits their business and their family.',
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
