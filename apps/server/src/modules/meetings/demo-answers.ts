// The demo model's meeting notes: written from the transcript by plain rules, so the notetaker
// works end to end offline and deterministically. A real model does this far better.
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
const ACTION = /\b(I'll|I will|we'll|we will|will send|will call|will review|to do|follow up|action item)\b/i;

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

function demoMeetingNotes(transcript: string) {
  const lines = linesOf(transcript);
  const speakers = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => !!s))];
  const all = lines.flatMap((l) => sentences(l.text).map((text) => ({ speaker: l.speaker, text })));
  const decisions = all.filter((s) => DECISION.test(s.text)).map((s) => s.text);
  const action_items = all
    .filter((s) => ACTION.test(s.text) && !DECISION.test(s.text))
    .map((s) => ({ text: s.text, owner: s.speaker }));
  const client_facts: Array<{ category: Category; fact: string }> = [];
  for (const s of all) {
    const rule = FACT_RULES.find(([, re]) => re.test(s.text));
    if (rule && !client_facts.some((f) => f.fact === s.text))
      client_facts.push({ category: rule[0], fact: s.text });
  }
  const who = speakers.length ? speakers.join(', ') : 'the participants';
  const summary =
    `A conversation between ${who} (${all.length} statements). ` +
    (decisions.length ? `${decisions.length} decision(s) were made` : 'No decisions were recorded') +
    ` and ${action_items.length} follow-up(s) came up. (Written by the built-in demo model.)`;
  return { summary, decisions, action_items, client_facts: client_facts.slice(0, 20) };
}

export const MEETING_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [NOTES_PROMPT.task]: ({ input }) => ({ kind: 'text', text: fencedJson(demoMeetingNotes(input)) }),
};
