// One person as every connected CRM knows them: the Wealthbox contact with its latest notes, and the
// Salesforce, Zoho CRM or Copper contact with their company's opportunities. Client reviews and
// first-impression briefings draft from these records.
import type { AppDeps } from '../../../platform/deps.js';
import { connectedScopes } from '../oauth/service.js';
import * as crm from './crm.js';
import * as wealthbox from './wealthbox.js';

export interface CrmPersonRecord {
  source: 'wealthbox' | crm.CrmId;
  name: string;
  email: string | null;
  phone?: string | null;
  company?: string | null;
  title?: string | null;
  birth_date?: string | null;
  /** Wealthbox: the 10 latest notes, newest first, each cut to 1,000 characters. */
  notes?: Array<{ date: string; content: string }>;
  /** Salesforce, Zoho CRM, Copper: up to 10 of the contact's company's opportunities. */
  opportunities?: Array<{ name: string; stage: string | null; amount: number | null }>;
}

export interface PersonSearch {
  /** The name each CRM is searched by; without one only Wealthbox is asked (by address). */
  name: string | null;
  email: string | null;
  /** Whether a contact a search found is this person. */
  matches(contact: { name: string; email: string | null }): boolean;
  /** The company whose opportunities are read when the CRM's contact names none. */
  company?: string | null;
}

interface Log {
  warn(obj: object, msg: string): void;
}

const NOTES = 10;
const NOTE_CHARS = 1000;
const OPPORTUNITIES = 10;

/**
 * What each connected CRM holds on the person. A CRM that fails to answer is left out and logged
 * (`purpose` names the caller in the log line): the draft is made from what there is.
 */
export async function crmRecordsOf(
  deps: AppDeps,
  log: Log,
  userId: string,
  person: PersonSearch,
  purpose: string,
): Promise<CrmPersonRecord[]> {
  const { scopes } = await connectedScopes(deps, userId);
  const records: CrmPersonRecord[] = [];
  if (scopes.includes('wealthbox')) {
    try {
      let found = person.name
        ? (await wealthbox.searchContacts(deps, userId, person.name)).find(person.matches)
        : undefined;
      // The CRM may spell the name otherwise; its first page of contacts may still hold the address.
      if (!found && person.email)
        found = (await wealthbox.searchContacts(deps, userId, '')).find(person.matches);
      if (found) {
        const { contact, notes } = await wealthbox.contactWithNotes(deps, userId, found.id);
        records.push({
          source: 'wealthbox',
          name: contact.name,
          email: contact.email,
          birth_date: contact.birth_date,
          notes: notes
            .sort((a, b) => b.created_at.localeCompare(a.created_at))
            .slice(0, NOTES)
            .map((n) => ({ date: n.created_at.slice(0, 10), content: n.content.slice(0, NOTE_CHARS) })),
        });
      }
    } catch (err) {
      log.warn({ err }, `${purpose}: the Wealthbox lookup failed`);
    }
  }
  for (const id of ['salesforce', 'zoho', 'copper'] as const) {
    if (!scopes.includes(id) || !person.name) continue;
    try {
      const contact = (await crm.searchContacts(deps, userId, id, person.name)).find(person.matches);
      if (!contact) continue;
      const company = contact.company ?? person.company ?? null;
      const opportunities = company ? await crm.companyOpportunities(deps, userId, id, company) : [];
      records.push({
        source: id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        company: contact.company,
        title: contact.title,
        opportunities: opportunities
          .slice(0, OPPORTUNITIES)
          .map((o) => ({ name: o.name, stage: o.stage, amount: o.amount })),
      });
    } catch (err) {
      log.warn({ err, crm: id }, `${purpose}: the CRM lookup failed`);
    }
  }
  return records;
}

/** A contact some connected CRM holds, as found by its name. */
export interface CrmContactNamed {
  source: CrmPersonRecord['source'];
  name: string;
  email: string | null;
}

/**
 * The contacts every connected CRM (Wealthbox, Salesforce, Zoho CRM, Copper) finds by each of
 * `names`, one search a name and CRM, all at once. A CRM that fails to answer is left out and
 * logged (`purpose` names the caller): what the others found is answered.
 */
export async function crmContactsNamed(
  deps: AppDeps,
  log: Log,
  userId: string,
  names: string[],
  purpose: string,
): Promise<CrmContactNamed[]> {
  const { scopes } = await connectedScopes(deps, userId);
  const sources = (['wealthbox', 'salesforce', 'zoho', 'copper'] as const).filter((id) =>
    scopes.includes(id),
  );
  const searches = sources.flatMap((source) =>
    names.map(async (name): Promise<CrmContactNamed[]> => {
      try {
        const found =
          source === 'wealthbox'
            ? await wealthbox.searchContacts(deps, userId, name)
            : await crm.searchContacts(deps, userId, source, name);
        return found.map((c) => ({ source, name: c.name, email: c.email }));
      } catch (err) {
        log.warn({ err, crm: source }, `${purpose}: the CRM search failed`);
        return [];
      }
    }),
  );
  return (await Promise.all(searches)).flat();
}
