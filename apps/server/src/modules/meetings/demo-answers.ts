// The demo model's meeting notes: written from the transcript by plain rules, so the notetaker
// works end to end offline and deterministically. A real model does this far better.
import { listOf, plural } from '@knap/contracts';
import { type DemoHandler, fencedJson } from '../../platform/llm/demo-model.js';
import { NOTES_PROMPT } from './prompts.js';

type Category = 'family' | 'goals' | 'risk_tolerance' | 'accounts' | 'other';

const FACT_RULES: Array<[Category, RegExp]> = [
  [
    'family',
    /\b(wife|husband|spouse|partner|daughter|son|kids|children|grand(?:son|daughter|children|kids)|married|mother|father)\b/i,
  ],
  ['goals', /\b(retire|retirement|college|tuition|buy|house|home|travel|goal|legacy|estate)\b/i],
  [
    'risk_tolerance',
    /\b(risk|conservative|aggressive|volatil\w*|comfortable with|sleep at night|downturn)\b/i,
  ],
  ['accounts', /\b(ira|roth|401\s?\(?k\)?|403\s?\(?b\)?|brokerage|annuity|529|hsa|pension|account)\b/i],
];
const DECISION = /\b(decided|agreed|agree|we'll go with|let's go with|settled on|approve[sd]?)\b/i;
/**
 * A commitment someone made: "I will…", "I'll…", "we'll…", "let's…", "will send…", or anything due
 * "by Friday" / "by the end of the month" / "next week".
 */
const COMMITMENT =
  /\b(I['’]ll|I will|I am going to|I'm going to|we['’]ll|we will|let['’]s|let us|will (?:send|call|review|run|set up|prepare|draft|email|share|schedule|follow up)|follow up|action item|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|the end of \w+)|next week)\b/i;

interface Line {
  speaker: string | null;
  text: string;
}

function linesOf(transcript: string): Line[] {
  return transcript
    .split('\n')
    .map((raw) => {
      const m = /^([^:]{1,60}):\s+(.+)$/.exec(raw.trim());
      return m ? { speaker: m[1]!.trim(), text: m[2]!.trim() } : { speaker: null, text: raw.trim() };
    })
    .filter((l) => l.text);
}

const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The notes of a transcript ("Speaker: words" lines, one per turn), by plain rules. */
export function demoMeetingNotes(transcript: string) {
  const lines = linesOf(transcript);
  const speakers = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => !!s))];
  const all = lines.flatMap((l) => sentences(l.text).map((text) => ({ speaker: l.speaker, text })));
  // A commitment is an action item even when it also settles something ("Agreed, I'll send it").
  const action_items = all
    .filter((s) => COMMITMENT.test(s.text) && !s.text.endsWith('?'))
    .map((s) => ({ text: s.text, owner: s.speaker }));
  const decisions = all
    .filter((s) => DECISION.test(s.text) && !s.text.endsWith('?') && !COMMITMENT.test(s.text))
    .map((s) => s.text);
  const client_facts: Array<{ category: Category; fact: string }> = [];
  for (const s of all) {
    if (s.text.endsWith('?')) continue;
    const rule = FACT_RULES.find(([, re]) => re.test(s.text));
    if (rule && !client_facts.some((f) => f.fact === s.text))
      client_facts.push({ category: rule[0], fact: s.text });
  }
  // The count a reader can check: one statement per line of the transcript.
  const who = speakers.length
    ? `${listOf(speakers)} (${plural(lines.length, 'statement')})`
    : `the participants (${plural(lines.length, 'statement')})`;
  const owners = listOf([...new Set(action_items.map((a) => a.owner).filter((o): o is string => !!o))]);
  const summary = [
    `A conversation between ${who}.`,
    decisions.length
      ? `${plural(decisions.length, 'decision')} ${decisions.length === 1 ? 'was' : 'were'} made.`
      : 'No decisions were recorded.',
    action_items.length
      ? `${plural(action_items.length, 'follow-up')} came up${owners ? ` (${owners})` : ''}, the first: "${action_items[0]!.text}"`
      : 'No follow-ups came up.',
    '(Written by the built-in demo model.)',
  ].join(' ');
  return { summary, decisions, action_items, client_facts: client_facts.slice(0, 20) };
}

export const MEETING_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [NOTES_PROMPT.task]: ({ input }) => ({ kind: 'text', text: fencedJson(demoMeetingNotes(input)) }),
};
