// The demo model's client review: the five sections written from the review's JSON input (the
// notes of the client's meetings in the period, what the CRM knows, prior reviews) by plain rules,
// so a review is drafted offline and deterministically. A real model writes a far better one.
import { plural } from '@knap/contracts';
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import { DRAFT_PROMPT, type ReviewDraftInput } from './prompts.js';

const CRM_NAMES: Record<string, string> = {
  wealthbox: 'Wealthbox',
  salesforce: 'Salesforce',
  zoho: 'Zoho CRM',
  copper: 'Copper',
};
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
/** A passage as one line of a bullet, cut at 200 characters. */
const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};
const unique = (items: string[]) => [...new Set(items)];
const GOAL_WORDS = /\b(retir\w*|college|tuition|house|home|travel|goals?|legacy|estate|buy)\b/i;

/** The client facts of all meetings once each, questions left out (notes may keep "What are your goals?"). */
const factsOf = (input: ReviewDraftInput) => {
  const seen = new Set<string>();
  return input.meetings
    .flatMap((m) => m.client_facts)
    .filter((f) => !f.fact.trim().endsWith('?') && !seen.has(f.fact) && seen.add(f.fact));
};

/** The '- ' lines of a Markdown section, without the marker. */
const bulletLines = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => /^\s*(?:[-*]|\d+\.)\s+(.+)$/.exec(line)?.[1]?.trim())
    .filter((line): line is string => !!line);

function reviewSectionsOf(input: ReviewDraftInput) {
  const { client, period, meetings, crm } = input;
  const prior = input.prior_reviews[0] ?? null;
  const decisions = unique(meetings.flatMap((m) => m.decisions));
  const actions = meetings.flatMap((m) => m.action_items);

  const met =
    meetings.length === 0
      ? `No meeting with ${client.name} has notes between ${period.start} and ${period.end}.`
      : `${client.name} and ${input.advisor || 'the advisor'} met ${meetings.length === 1 ? 'once' : `${meetings.length} times`} ` +
        `during the ${period.label} (${period.start} to ${period.end}):\n\n` +
        bullets(meetings.map((m) => `**${m.title}** (${m.date}): ${m.summary}`));
  const known = crm.map((record) => {
    const details = [
      record.birth_date ? `born ${record.birth_date}` : null,
      record.title && record.company
        ? `${record.title} at ${record.company}`
        : (record.company ?? record.title ?? null),
      record.notes?.length
        ? `${plural(record.notes.length, 'CRM note')}, the latest: "${record.notes[0]!.content}"`
        : null,
      record.opportunities?.length
        ? `open opportunities: ${record.opportunities
            .map(
              (o) =>
                `${o.name}${o.stage ? ` (${o.stage}` : ''}${o.amount !== null ? `, ${usd.format(o.amount)}` : ''}${o.stage ? ')' : ''}`,
            )
            .join('; ')}`
        : null,
    ].filter(Boolean);
    return `${CRM_NAMES[record.source] ?? record.source}: ${record.name}${details.length ? ` — ${details.join(', ')}` : ''}`;
  });
  const facts = factsOf(input);
  const goalFacts = facts.filter((f) => f.category === 'goals' || GOAL_WORDS.test(f.fact)).map((f) => f.fact);
  const household = facts
    .filter((f) => (f.category === 'family' || f.category === 'accounts') && !goalFacts.includes(f.fact))
    .map((f) => f.fact);
  const risk = facts.filter((f) => f.category === 'risk_tolerance').map((f) => f.fact);
  const summary = [
    met,
    household.length ? `**Household and accounts**\n\n${bullets(household)}` : '',
    known.length ? `**In the CRM**\n\n${bullets(known)}` : '',
    input.documents?.length
      ? `**From the documents**\n\n${bullets(input.documents.slice(0, 3).map((d) => `${oneLine(d.content)} ${d.cite}`))}`
      : '',
    '(Drafted by the built-in demo model.)',
  ]
    .filter(Boolean)
    .join('\n\n');

  const carried = prior ? bulletLines(prior.sections.next_steps) : [];
  const changes = prior
    ? [
        `Since the ${prior.period_label} (ended ${prior.period_end}):`,
        decisions.length
          ? bullets(decisions.map((d) => `Decided: ${d}`))
          : '- No new decisions were recorded.',
        carried.length
          ? `**Next steps from the ${prior.period_label}**\n\n${bullets(carried.map((step) => `${step} — check it is done`))}`
          : '',
      ]
        .filter(Boolean)
        .join('\n\n')
    : [
        `This is the first review on record for ${client.name}.`,
        decisions.length ? bullets(decisions.map((d) => `Decided: ${d}`)) : '',
      ]
        .filter(Boolean)
        .join('\n\n');

  const priorGoals = prior ? bulletLines(prior.sections.goals) : [];
  const goals = goalFacts.length
    ? bullets(goalFacts.map((g) => `${g} — on track? Confirm with the latest figures.`))
    : priorGoals.length
      ? `No goals came up in this period's meetings. From the ${prior!.period_label}:\n\n${bullets(priorGoals)}`
      : "No goals were discussed in this period's meetings.";

  const said = facts
    .map((f) => f.fact)
    .join(' ')
    .toLowerCase();
  const recommendations = [
    /retir/.test(said) ? 'Update the retirement projection with this year’s savings and balances.' : null,
    /college|tuition|529/.test(said)
      ? 'Review education funding: a 529 plan and this year’s contributions.'
      : null,
    /rollover|401|ira/.test(said)
      ? 'Compare the rollover options for the employer plan, with their costs.'
      : null,
    risk.length ? `Check the allocation still fits the stated risk tolerance: "${risk[0]}"` : null,
    known.length ? 'Bring the CRM record up to date with this review.' : null,
  ].filter((line): line is string => line !== null);
  const next = unique(actions.map((a) => (a.owner ? `${a.text} (${a.owner})` : a.text)));

  return {
    summary,
    changes,
    goals,
    recommendations: bullets(
      recommendations.length ? recommendations : ['Keep the current plan, and confirm nothing has changed.'],
    ),
    next_steps: bullets([...next, `Schedule the review after the ${period.label}.`]),
  };
}

export const CLIENT_REVIEW_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [DRAFT_PROMPT.task]: jsonTask((input: ReviewDraftInput) =>
    input?.client && input.period && Array.isArray(input.meetings) ? reviewSectionsOf(input) : null,
  ),
};
