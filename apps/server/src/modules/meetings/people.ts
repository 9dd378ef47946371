// The one way to find a person's meetings — a client for a review, a prospect for a briefing — so
// every screen that asks about someone finds the same meetings.
import type { TParticipant } from '@knap/contracts';
import type { MeetingRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import * as repo from './repo.js';
import { participantsOf } from './service.js';

/** Who is looked for: a name, an address or both. */
export interface Person {
  name: string | null;
  email: string | null;
}

export const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containsWords = (text: string, words: string) =>
  new RegExp(`(^|\\W)${escapeRegExp(words)}($|\\W)`, 'i').test(text);

/** The surname, when it is long enough to stand for the person in a title ('Henderson review'). */
function surnameOf(name: string | null): string | null {
  const surname = name ? (normalName(name).split(' ').at(-1) ?? '') : '';
  return name && normalName(name).includes(' ') && surname.length >= 3 ? surname : null;
}

/**
 * Whether a meeting was (or will be) with the person: a guest has their address or their name; or,
 * for a meeting with no other guests on record (an uploaded transcript, a calendar entry without
 * attendees), its title names them or their surname.
 */
export function isMeetingWith(
  meeting: { title: string | null; participants: TParticipant[] },
  person: Person,
  userEmail: string,
): boolean {
  const guests = meeting.participants.filter(
    (p) => (p.email ?? '').toLowerCase() !== userEmail.toLowerCase(),
  );
  const email = person.email?.trim().toLowerCase();
  const name = person.name ? normalName(person.name) : null;
  if (email && guests.some((p) => (p.email ?? '').toLowerCase() === email)) return true;
  if (name && guests.some((p) => p.name && normalName(p.name) === name)) return true;
  if (guests.length > 0 || !name) return false;
  const title = meeting.title ?? '';
  const surname = surnameOf(name);
  return containsWords(title, name) || (surname !== null && containsWords(title, surname));
}

/**
 * The person's meetings, newest first: those whose title or guests mention their address, name or
 * surname (in the range, with notes when asked), kept when `isMeetingWith` says so.
 */
export async function meetingRowsWithPerson(
  deps: AppDeps,
  user: { id: string; email: string },
  person: Person,
  options: { what?: 'notes'; range?: { from?: string; until?: string }; limit: number },
): Promise<MeetingRow[]> {
  const terms = [person.email?.trim(), person.name && normalName(person.name), surnameOf(person.name)].filter(
    (t): t is string => !!t,
  );
  if (terms.length === 0) return [];
  const rows = await repo.meetingsMentioning(deps.db.db, user.id, terms, options);
  return rows
    .filter((m) => isMeetingWith({ title: m.title, participants: participantsOf(m) }, person, user.email))
    .slice(0, options.limit);
}
