// Outreach recommendations: the advisor's clients (from their meetings and Wealthbox) -> cards of
// who needs contact now, by rules a compliance officer can read (no contact in 90 days, a birthday
// soon, required minimum distributions, life events from notes) -> a drafted message per card.
import {
  OUTREACH_BIRTHDAY_DAYS,
  OUTREACH_MAX_CLIENTS,
  OUTREACH_NO_CONTACT_DAYS,
  OUTREACH_RMD_AGE,
  type TOutreachCard,
  type TOutreachClient,
  type ZClientCardOutreachData,
  type ZClientInfoData,
  ZOutreachMessages,
} from '@knap/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { connectedScopes } from '../connections/oauth/service.js';
import * as wealthbox from '../connections/systems/wealthbox.js';
import * as meetingsService from '../meetings/service.js';
import { notesOf, participantsOf } from '../meetings/service.js';
import { answerInChunks, askModel, type KnapContext } from './model.js';
import { OUTREACH_PROMPT } from './prompts.js';

const DAY_MS = 86_400_000;
const LIFE_EVENT =
  /\b(retir\w*|college|universit\w*|married|marriage|wedding|divorc\w*|baby|born|pregnan\w*|passed away|died|death|widow\w*|inherit\w*|new job|promot\w*|laid off|sold (?:the|their|his|her) (?:business|company|home|house)|mov(?:e|ed|ing) to|graduat\w*|grandchild\w*)\b/i;

/**
 * The user's clients as outreach sees them: everyone they met (by email) with the date of the last
 * meeting and life events from its notes, merged with their Wealthbox contacts (birth dates).
 */
export async function clientsOf(deps: AppDeps, user: UserRow, today: string): Promise<TOutreachClient[]> {
  const clients = new Map<string, TOutreachClient>();
  const meetings = await meetingsService.meetingRows(deps, user.id, {
    limit: OUTREACH_MAX_CLIENTS,
    offset: 0,
  });
  // Oldest first, so the last meeting seen is the latest contact.
  for (const m of meetings.reverse()) {
    const day = (m.start_time ?? m.created_at).slice(0, 10);
    if (day > today) continue;
    const people = participantsOf(m).filter(
      (p) => p.email && p.email.toLowerCase() !== user.email.toLowerCase(),
    );
    const notes = notesOf(m);
    const events = (notes?.client_facts ?? [])
      .map((f) => f.fact.trim())
      .filter((fact) => LIFE_EVENT.test(fact))
      .map((fact) => fact.slice(0, 500));
    for (const p of people) {
      const key = p.email.toLowerCase();
      const known = clients.get(key);
      clients.set(key, {
        id: `email:${key}`,
        name: (p.name || known?.name || p.email).slice(0, 200),
        email: p.email,
        birth_date: null,
        last_contact: day,
        life_events: [...new Set([...(known?.life_events ?? []), ...events])].slice(-20),
      });
    }
  }
  if ((await connectedScopes(deps, user.id)).scopes.includes('wealthbox')) {
    for (const c of await wealthbox.searchContacts(deps, user.id, '')) {
      const key = c.email?.toLowerCase() ?? `wealthbox:${c.id}`;
      const known = clients.get(key);
      clients.set(key, {
        id: known?.id ?? (c.email ? `email:${key}` : key),
        name: c.name || known?.name || key,
        email: c.email,
        birth_date: c.birth_date,
        last_contact: known?.last_contact ?? null,
        life_events: known?.life_events ?? [],
      });
    }
  }
  return [...clients.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, OUTREACH_MAX_CLIENTS);
}

/** '2026-12-01' -> 'December 1'. */
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The next birthday on or after today (29 February falls on 1 March in other years). */
function nextBirthday(birth: string, today: string): { date: string; age: number } {
  const year = Number(today.slice(0, 4));
  const on = (y: number) => {
    const d = new Date(Date.UTC(y, Number(birth.slice(5, 7)) - 1, Number(birth.slice(8, 10))));
    return d.toISOString().slice(0, 10);
  };
  const thisYear = on(year);
  const date = thisYear >= today ? thisYear : on(year + 1);
  return { date, age: Number(date.slice(0, 4)) - Number(birth.slice(0, 4)) };
}

/** Why a client needs contact now, by the rules; empty when they do not. */
export function outreachReasons(client: TOutreachClient, today: string): TOutreachCard['reasons'] {
  const reasons: TOutreachCard['reasons'] = [];
  if (!client.last_contact) reasons.push({ kind: 'no_contact', text: 'No meeting on record' });
  else {
    const since = days(client.last_contact, today);
    if (since > OUTREACH_NO_CONTACT_DAYS)
      reasons.push({
        kind: 'no_contact',
        text: `No contact in ${since} days (last on ${client.last_contact})`,
      });
  }
  if (client.birth_date) {
    const birthday = nextBirthday(client.birth_date, today);
    if (days(today, birthday.date) <= OUTREACH_BIRTHDAY_DAYS)
      reasons.push({
        kind: 'birthday',
        text: `Birthday on ${longDate(birthday.date)} (turns ${birthday.age})`,
      });
    const year = Number(today.slice(0, 4));
    const ageThisYear = year - Number(client.birth_date.slice(0, 4));
    if (ageThisYear === OUTREACH_RMD_AGE)
      reasons.push({
        kind: 'rmd',
        text: `Turns ${OUTREACH_RMD_AGE} this year: the first required minimum distribution is due by April 1, ${year + 1}`,
      });
    else if (ageThisYear > OUTREACH_RMD_AGE && Number(today.slice(5, 7)) >= 10)
      reasons.push({ kind: 'rmd', text: `This year's required minimum distribution is due by December 31` });
  }
  for (const event of client.life_events) reasons.push({ kind: 'life_event', text: `Life event: ${event}` });
  return reasons;
}

const PRIORITY_ORDER = ['high', 'medium', 'low'] as const;

function cardOf(client: TOutreachClient, reasons: TOutreachCard['reasons']): TOutreachCard {
  const kinds = new Set(reasons.map((r) => r.kind));
  const priority =
    kinds.has('life_event') || kinds.has('rmd') || reasons.length >= 3
      ? 'high'
      : kinds.has('birthday') || reasons.length === 2
        ? 'medium'
        : 'low';
  // A life event or an RMD is worth a meeting, a birthday a call; the rest an email, if there is an address.
  const channel =
    kinds.has('life_event') || kinds.has('rmd')
      ? 'meeting'
      : kinds.has('birthday') || !client.email
        ? 'call'
        : 'email';
  return { client, reasons, priority, channel };
}

/** client-info -> client-card-outreach: a card for each client with a reason, most urgent first. */
export async function findOutreach(ctx: KnapContext, input: z.infer<typeof ZClientInfoData>) {
  const cards = input.clients.flatMap((client) => {
    const reasons = outreachReasons(client, ctx.today);
    return reasons.length ? [cardOf(client, reasons)] : [];
  });
  cards.sort(
    (a, b) =>
      PRIORITY_ORDER.indexOf(a.priority) - PRIORITY_ORDER.indexOf(b.priority) ||
      a.client.name.localeCompare(b.client.name),
  );
  return { current: input, next: { cards, up_to_date: input.clients.length - cards.length } };
}

/** client-card-outreach -> ai-recommendations-outreach: a drafted message per kept card. */
export async function draftOutreach(ctx: KnapContext, input: z.infer<typeof ZClientCardOutreachData>) {
  const cards = input.cards.map((card) => ({ id: card.client.id, card }));
  const messages = await answerInChunks(cards, async (chunk) => {
    const task = {
      meter: ctx.meter,
      prompt: OUTREACH_PROMPT,
      input: {
        advisor: ctx.user.name,
        today: ctx.today,
        cards: chunk.map(({ id, card }) => ({
          id,
          name: card.client.name,
          channel: card.channel,
          reasons: card.reasons.map((r) => r.text),
        })),
      },
    };
    return (await askModel(ctx.deps, ctx.log, task, ZOutreachMessages)).messages;
  });
  return {
    current: input,
    next: { cards: input.cards, enhanced_insights: { messages: messages.filter((m) => m !== null) } },
  };
}
