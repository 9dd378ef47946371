// The demo model's first-impressions briefing: who the prospect is, what the user's meetings, notes
// and CRMs say of them, where each fact came from, talking points and 5 to 8 discovery questions,
// all written from the task's JSON input by plain rules, so a briefing is drafted offline and
// deterministically. A real model writes a far better one from the same JSON.
import { plural } from '@knap/contracts';
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import { type BriefingDraftInput, DRAFT_PROMPT, type FactCategory } from './prompts.js';

const CRM_NAMES: Record<string, string> = {
  wealthbox: 'Wealthbox',
  salesforce: 'Salesforce',
  zoho: 'Zoho CRM',
  copper: 'Copper',
};
const crmName = (source: string) => CRM_NAMES[source] ?? source;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const GOAL_WORDS = /\b(retir\w*|college|tuition|house|home|travel|goals?|legacy|estate|buy)\b/i;

/** The first thing the prospect said on each subject, in their words. */
interface SaidFacts {
  goal: string | undefined;
  family: string | undefined;
  accounts: string | undefined;
  risk: string | undefined;
}

const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
/** A sentence as a quotation inside a question: no closing full stop. */
const quoted = (text: string) => `“${text.trim().replace(/[.!]+$/, '')}”`;

/** What the prospect is called in the briefing: their name, else their address. */
const prospectLabel = (p: BriefingDraftInput['prospect']) => p.name || p.email || 'the prospect';

function briefingOf(input: BriefingDraftInput): { briefing: string; questions: string[] } {
  const { prospect, meetings, crm } = input;
  const who = prospectLabel(prospect);
  const past = meetings.filter((m) => !m.upcoming);
  const upcoming = meetings.filter((m) => m.upcoming);
  const withNotes = past.filter((m) => m.notes);
  const seen = new Set<string>();
  // Facts once each; questions the advisor asked in a meeting are not facts.
  const facts = withNotes
    .flatMap((m) => m.notes!.client_facts)
    .filter((f) => !f.fact.trim().endsWith('?') && !seen.has(f.fact) && seen.add(f.fact));
  // Goals may be said in a sentence about family ("retire and help my daughter with college").
  const goal = facts.find((f) => f.category === 'goals' || GOAL_WORDS.test(f.fact))?.fact;
  const firstOther = (category: FactCategory) =>
    facts.find((f) => f.category === category && f.fact !== goal)?.fact;
  const said: SaidFacts = {
    goal,
    family: firstOther('family'),
    accounts: firstOther('accounts'),
    risk: firstOther('risk_tolerance'),
  };
  const decisions = [...new Set(withNotes.flatMap((m) => m.notes!.decisions))];
  const company = prospect.company ?? crm.find((c) => c.company)?.company ?? null;
  const jobTitle = crm.find((c) => c.title)?.title ?? null;
  const knowsNothing = meetings.length === 0 && crm.length === 0;

  // ---- Who they are ----
  const identity = [
    `**${who}**`,
    prospect.name && prospect.email ? ` (${prospect.email})` : '',
    jobTitle && company ? `, ${jobTitle} at ${company}` : company ? `, ${company}` : '',
    '.',
  ].join('');
  const born = crm.find((c) => c.birth_date)?.birth_date;
  const whoTheyAre = [
    identity,
    born ? `Born ${born} (from ${crmName(crm.find((c) => c.birth_date)!.source)}).` : '',
    knowsNothing
      ? `This looks like a true first meeting: nothing in your meetings or connected CRMs mentions ${who}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  // ---- What we know ----
  const known: string[] = [];
  for (const m of past)
    known.push(
      m.notes
        ? `You met in **${m.title}** (${m.date}): ${m.notes.summary}`
        : `You met in **${m.title}** (${m.date}); it has no notes.`,
    );
  for (const m of upcoming) known.push(`**${m.title}** is coming up on ${m.date}.`);
  for (const fact of facts) known.push(`They said: ${quoted(fact.fact)}`);
  for (const d of decisions) known.push(`Decided: ${d}`);
  for (const c of crm) {
    const details = [
      c.title && c.company ? `${c.title} at ${c.company}` : (c.company ?? c.title ?? null),
      c.phone ? `phone ${c.phone}` : null,
      c.notes?.length
        ? `${plural(c.notes.length, 'note')}, the latest (${c.notes[0]!.date}): "${c.notes[0]!.content}"`
        : null,
      c.opportunities?.length
        ? `opportunities: ${c.opportunities
            .map(
              (o) =>
                `${o.name}${o.stage ? ` (${o.stage}` : ''}${o.amount !== null ? `${o.stage ? ', ' : ' ('}${usd.format(o.amount)}` : ''}${o.stage || o.amount !== null ? ')' : ''}`,
            )
            .join('; ')}`
        : null,
    ].filter(Boolean);
    known.push(
      `${crmName(c.source)} has a contact ${c.name}${details.length ? ` — ${details.join(', ')}` : ''}.`,
    );
  }
  const whatWeKnow = knowsNothing
    ? `Nothing is known about ${who} yet: no meeting, meeting note or CRM record matches ${[prospect.name, prospect.email].filter(Boolean).join(' or ')}. Everything here comes from what you entered; the questions below are for getting to know them.`
    : bullets(known);

  // ---- Where it came from ----
  const sources = [
    ...meetings.map(
      (m) =>
        `Meeting: **${m.title}** (${m.date})${m.upcoming ? ', upcoming' : m.notes ? ', with notes' : ', no notes'}`,
    ),
    ...crm.map((c) => `${crmName(c.source)}: contact ${c.name}${c.email ? ` (${c.email})` : ''}`),
    `What you entered: ${[
      prospect.name ? `name ${prospect.name}` : null,
      prospect.email ? `email ${prospect.email}` : null,
      prospect.company ? `company ${prospect.company}` : null,
    ]
      .filter(Boolean)
      .join(', ')}`,
  ];

  // ---- Talking points ----
  const points: string[] = [];
  const lastMet = withNotes[0];
  if (lastMet)
    points.push(
      `Pick up from **${lastMet.title}** (${lastMet.date}): recap what was said and ask what has changed.`,
    );
  if (upcoming.length)
    points.push(`Agree the agenda for **${upcoming.at(-1)!.title}** on ${upcoming.at(-1)!.date}.`);
  if (said.goal) points.push(`Their goals, in their words: ${quoted(said.goal)}.`);
  if (said.family) points.push('Family came up: ask who else shares the decisions.');
  if (said.accounts) points.push('They mentioned their accounts: offer to look at how they are invested.');
  if (company)
    points.push(`Their work at ${company}: benefits, retirement plan and any equity compensation.`);
  const opportunity = crm.flatMap((c) => (c.opportunities ?? []).map((o) => ({ ...o, source: c.source })))[0];
  if (opportunity)
    points.push(
      `${crmName(opportunity.source)} lists the opportunity “${opportunity.name}”${opportunity.stage ? ` (${opportunity.stage})` : ''}: confirm where it stands.`,
    );
  points.push('Explain how you work and how you are paid before suggesting anything.');
  if (knowsNothing) points.push('Listen first: goals, family, timeline and how they feel about risk.');

  // The chosen documents' passages, quoted with their citations (three at most).
  const fromDocuments = (input.documents ?? [])
    .slice(0, 3)
    .map((d) => `${d.content.replace(/\s+/g, ' ').trim().slice(0, 300)} ${d.cite}`);
  const briefing = [
    '## Who they are',
    whoTheyAre,
    '',
    '## What we know',
    whatWeKnow,
    '',
    ...(fromDocuments.length ? ['**From the documents**', '', bullets(fromDocuments), ''] : []),
    '## Where this comes from',
    bullets(sources),
    '',
    '## Talking points',
    bullets(points),
    '',
    '(Drafted by the built-in demo model.)',
  ].join('\n');

  return { briefing, questions: questionsOf(input, said, decisions, company) };
}

/** 5 to 8 discovery questions: five that every first meeting needs, tailored to what is known, then extras. */
function questionsOf(
  input: BriefingDraftInput,
  { goal, family, accounts, risk }: SaidFacts,
  decisions: string[],
  company: string | null,
): string[] {
  const lastMet = input.meetings.find((m) => !m.upcoming && m.notes);
  const next = input.meetings.filter((m) => m.upcoming).at(-1);
  const questions = [
    lastMet
      ? `Since we spoke in “${lastMet.title}” on ${lastMet.date}, what has changed for you?`
      : next
        ? `What would make “${next.title}” on ${next.date} worth your time?`
        : 'What prompted you to look for a financial advisor now?',
    goal
      ? `You said ${quoted(goal)}. What would make that feel on track?`
      : 'What are the goals that matter most to you over the next five to ten years?',
    family
      ? `You mentioned ${quoted(family)}. Who else is part of your financial decisions?`
      : 'Who else is part of your financial decisions: a partner, family, other advisors?',
    accounts
      ? `You mentioned ${quoted(accounts)}. How is that invested today, and who looks after it?`
      : 'What accounts and investments do you have today, and how are they managed?',
    risk
      ? `On risk you said ${quoted(risk)}. What did you do in the last market downturn?`
      : 'How do you feel about investment risk, and what did you do in the last market downturn?',
  ];
  if (company)
    questions.push(
      `How does your work at ${company} shape your finances: benefits, retirement plan, equity?`,
    );
  if (decisions[0]) questions.push(`Last time: ${quoted(decisions[0])}. Where does that stand now?`);
  questions.push('What would you like to have in place a year from now?');
  return questions.slice(0, 8);
}

export const BRIEFING_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [DRAFT_PROMPT.task]: jsonTask((input: BriefingDraftInput) =>
    input?.prospect && Array.isArray(input.meetings) && Array.isArray(input.crm) ? briefingOf(input) : null,
  ),
};
