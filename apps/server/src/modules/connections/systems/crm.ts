// Salesforce, Zoho CRM and Copper through the user's connection: contacts and opportunities (Zoho's
// deals) found by name, answered in one shape whichever CRM they come from.
import type { AppDeps } from '../../../platform/deps.js';
import { zohoApiBase } from '../oauth/zoho.js';
import { type ProviderRequest, providerApi } from './provider-api.js';

/** The most records one search hands the assistant. */
export const MAX_RESULTS = 25;

export type CrmId = 'salesforce' | 'zoho' | 'copper';

export interface CrmContact {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  title: string | null;
  source: CrmId;
}

export interface CrmOpportunity {
  id: string;
  name: string;
  stage: string | null;
  amount: number | null;
  /** YYYY-MM-DD */
  close_date: string | null;
  company: string | null;
  source: CrmId;
}

/** How one CRM answers the two searches, before the common cap and source are added. */
interface CrmSearches {
  contacts(deps: AppDeps, userId: string, term: string): Promise<Array<Omit<CrmContact, 'source'>>>;
  opportunities(deps: AppDeps, userId: string, term: string): Promise<Array<Omit<CrmOpportunity, 'source'>>>;
  /** The opportunities of the company (account) named exactly `company`. */
  companyOpportunities(
    deps: AppDeps,
    userId: string,
    company: string,
  ): Promise<Array<Omit<CrmOpportunity, 'source'>>>;
}

const call = async <T>(deps: AppDeps, userId: string, crm: CrmId, request: ProviderRequest) =>
  (await providerApi(deps, userId, crm)).call<T>(request);

// --- Salesforce: SOQL on the org's instance URL ------------------------------------------------------

/** SOQL string escapes, so user text stays inside the literal and its % and _ match themselves. */
const SOQL_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '"': '\\"', '%': '\\%', _: '\\_' };

/** The SOQL literal of a LIKE that finds `term` anywhere in the field. */
const soqlContains = (term: string) => `'%${term.replace(/[\\'"%_]/g, (c) => SOQL_ESCAPES[c]!)}%'`;

/** The SOQL literal of `text` itself (\% and \_ are escapes only inside a LIKE). */
const soqlString = (text: string) => `'${text.replace(/[\\'"]/g, (c) => SOQL_ESCAPES[c]!)}'`;

interface SalesforceRecord {
  Id: string;
  Name: string;
  Account?: { Name?: string | null } | null;
}

const SALESFORCE_FIELDS = {
  Contact: 'Id, Name, Email, Phone, Title, Account.Name',
  Opportunity: 'Id, Name, StageName, Amount, CloseDate, Account.Name',
};

async function soql<T extends SalesforceRecord>(
  deps: AppDeps,
  userId: string,
  object: keyof typeof SALESFORCE_FIELDS,
  where: string,
): Promise<T[]> {
  const q = `SELECT ${SALESFORCE_FIELDS[object]} FROM ${object} WHERE ${where} ORDER BY Name LIMIT ${MAX_RESULTS}`;
  // A path: the client joins it to the instance URL Salesforce gave when the user connected.
  const url = `/services/data/v61.0/query?${new URLSearchParams({ q })}`;
  return (await call<{ records?: T[] }>(deps, userId, 'salesforce', { url }))?.records ?? [];
}

async function salesforceOpportunities(deps: AppDeps, userId: string, where: string) {
  type Opportunity = SalesforceRecord & {
    StageName?: string | null;
    Amount?: number | null;
    CloseDate?: string | null;
  };
  return (await soql<Opportunity>(deps, userId, 'Opportunity', where)).map((o) => ({
    id: o.Id,
    name: o.Name,
    stage: o.StageName ?? null,
    amount: o.Amount ?? null,
    close_date: o.CloseDate ?? null,
    company: o.Account?.Name ?? null,
  }));
}

const salesforce: CrmSearches = {
  async contacts(deps, userId, term) {
    type Contact = SalesforceRecord & { Email?: string | null; Phone?: string | null; Title?: string | null };
    return (await soql<Contact>(deps, userId, 'Contact', `Name LIKE ${soqlContains(term)}`)).map((c) => ({
      id: c.Id,
      name: c.Name,
      email: c.Email ?? null,
      phone: c.Phone ?? null,
      company: c.Account?.Name ?? null,
      title: c.Title ?? null,
    }));
  },
  opportunities: (deps, userId, term) =>
    salesforceOpportunities(deps, userId, `Name LIKE ${soqlContains(term)}`),
  companyOpportunities: (deps, userId, company) =>
    salesforceOpportunities(deps, userId, `Account.Name = ${soqlString(company)}`),
};

// --- Zoho CRM: the word search of a module, in the account's data centre --------------------------------

interface ZohoRecord {
  id: string;
  Account_Name?: { name?: string } | null;
}

async function zohoSearch<T extends ZohoRecord>(
  deps: AppDeps,
  userId: string,
  module: 'Contacts' | 'Deals',
  word: string,
): Promise<T[]> {
  const query = new URLSearchParams({ word, per_page: String(MAX_RESULTS) });
  const api = await providerApi(deps, userId, 'zoho');
  // The API domain of the account's data centre, as Zoho named it when the user connected.
  const base = zohoApiBase(deps.config, api.instanceUrl);
  const body = await api.call<{ data?: T[] } | undefined>({
    url: `${base}/crm/v6/${module}/search?${query}`,
    authScheme: 'Zoho-oauthtoken',
  });
  // When nothing matches Zoho answers 204 with no body at all.
  return body?.data ?? [];
}

const zoho: CrmSearches = {
  async contacts(deps, userId, term) {
    type Contact = ZohoRecord & {
      Full_Name?: string;
      Email?: string | null;
      Phone?: string | null;
      Title?: string | null;
    };
    return (await zohoSearch<Contact>(deps, userId, 'Contacts', term)).map((c) => ({
      id: String(c.id),
      name: c.Full_Name ?? '',
      email: c.Email ?? null,
      phone: c.Phone ?? null,
      company: c.Account_Name?.name ?? null,
      title: c.Title ?? null,
    }));
  },
  async opportunities(deps, userId, term) {
    type Deal = ZohoRecord & {
      Deal_Name?: string;
      Stage?: string | null;
      Amount?: number | null;
      Closing_Date?: string | null;
    };
    return (await zohoSearch<Deal>(deps, userId, 'Deals', term)).map((d) => ({
      id: String(d.id),
      name: d.Deal_Name ?? '',
      stage: d.Stage ?? null,
      amount: d.Amount ?? null,
      close_date: d.Closing_Date ?? null,
      company: d.Account_Name?.name ?? null,
    }));
  },
  // The word search also matches a deal by its account's name; only that account's deals are kept.
  async companyOpportunities(deps, userId, company) {
    return (await zoho.opportunities(deps, userId, company)).filter((d) => sameName(d.company, company));
  },
};

// --- Copper: the developer API's search endpoints -----------------------------------------------------

function copperCall<T>(deps: AppDeps, userId: string, path: string, body?: object) {
  return call<T>(deps, userId, 'copper', {
    url: `${deps.config.apis.copper}/developer_api/v1${path}`,
    ...(body ? { method: 'POST' as const, body } : {}),
    // Copper wants every developer API request to name that API in this header.
    headers: { 'X-PW-Application': 'developer_api' },
  });
}

/** A POST search of Copper's (`people`, `companies`, `opportunities`): `body` names what to match. */
async function copperSearch<T>(
  deps: AppDeps,
  userId: string,
  entity: 'people' | 'companies' | 'opportunities',
  body: object,
): Promise<T[]> {
  const search = { ...body, page_size: MAX_RESULTS };
  return (await copperCall<T[] | undefined>(deps, userId, `/${entity}/search`, search)) ?? [];
}

/** Copper's close dates are M/D/YYYY; the common shape has YYYY-MM-DD. */
function isoDate(value: string | null | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value ?? '');
  return m ? `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : (value ?? null);
}

/** Opportunities carry only a stage id: the names come from the account's pipeline stages. */
async function copperStageNames(deps: AppDeps, userId: string): Promise<Map<number, string>> {
  const stages = await copperCall<Array<{ id: number; name: string }>>(deps, userId, '/pipeline_stages');
  return new Map((stages ?? []).map((s) => [s.id, s.name]));
}

const copper: CrmSearches = {
  async contacts(deps, userId, term) {
    type Person = {
      id: number;
      name?: string;
      title?: string | null;
      company_name?: string | null;
      emails?: Array<{ email?: string }>;
      phone_numbers?: Array<{ number?: string }>;
    };
    return (await copperSearch<Person>(deps, userId, 'people', { name: term })).map((p) => ({
      id: String(p.id),
      name: p.name ?? '',
      email: p.emails?.[0]?.email ?? null,
      phone: p.phone_numbers?.[0]?.number ?? null,
      company: p.company_name ?? null,
      title: p.title ?? null,
    }));
  },
  opportunities: (deps, userId, term) => copperOpportunities(deps, userId, { name: term }),
  // Copper searches opportunities by company id: the company is found by its name first.
  async companyOpportunities(deps, userId, company) {
    const companies = await copperSearch<{ id: number; name?: string }>(deps, userId, 'companies', {
      name: company,
    });
    const ids = companies.filter((c) => sameName(c.name, company)).map((c) => c.id);
    return ids.length ? copperOpportunities(deps, userId, { company_ids: ids }) : [];
  },
};

async function copperOpportunities(deps: AppDeps, userId: string, search: object) {
  type Opportunity = {
    id: number;
    name?: string;
    status?: string;
    pipeline_stage_id?: number | null;
    monetary_value?: number | null;
    close_date?: string | null;
    company_name?: string | null;
  };
  const found = await copperSearch<Opportunity>(deps, userId, 'opportunities', search);
  if (!found.length) return [];
  const stages = await copperStageNames(deps, userId);
  return found.map((o) => ({
    id: String(o.id),
    name: o.name ?? '',
    stage: stages.get(o.pipeline_stage_id ?? -1) ?? o.status ?? null,
    amount: o.monetary_value ?? null,
    close_date: isoDate(o.close_date),
    company: o.company_name ?? null,
  }));
}

/** Company names compared as a person would: case and surrounding spaces aside. */
const sameName = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

const CRMS: Record<CrmId, CrmSearches> = { salesforce, zoho, copper };

/** Control characters become spaces: a name search never needs them, and no API sees them raw. */
const searchTerm = (term: string) => term.replace(/\p{Cc}+/gu, ' ').trim();

export async function searchContacts(
  deps: AppDeps,
  userId: string,
  crm: CrmId,
  term: string,
): Promise<CrmContact[]> {
  const found = await CRMS[crm].contacts(deps, userId, searchTerm(term));
  return found.slice(0, MAX_RESULTS).map((c) => ({ ...c, source: crm }));
}

/** The opportunities of the company named `company` (its account), up to MAX_RESULTS. */
export async function companyOpportunities(
  deps: AppDeps,
  userId: string,
  crm: CrmId,
  company: string,
): Promise<CrmOpportunity[]> {
  const found = await CRMS[crm].companyOpportunities(deps, userId, searchTerm(company));
  return found.slice(0, MAX_RESULTS).map((o) => ({ ...o, source: crm }));
}

export async function searchOpportunities(
  deps: AppDeps,
  userId: string,
  crm: CrmId,
  term: string,
): Promise<CrmOpportunity[]> {
  const found = await CRMS[crm].opportunities(deps, userId, searchTerm(term));
  return found.slice(0, MAX_RESULTS).map((o) => ({ ...o, source: crm }));
}
