// Salesforce, Zoho CRM and Copper on loopback: contacts and opportunities found by name, trusting
// the tokens of an OIDC fake, with each provider's real paths, answer shapes and error shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, startFakeServer } from './http.js';
import type { FakeOidc } from './oidc.js';

export interface FakeCrmContact {
  id: string;
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  title?: string;
}

export interface FakeCrmOpportunity {
  id: string;
  name: string;
  stage: string;
  amount?: number;
  /** YYYY-MM-DD */
  close_date?: string;
  company?: string;
}

export interface FakeCrmRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingMessage['headers'];
  /** The access token the request carried, whatever its scheme. */
  token: string | undefined;
}

export interface FakeCrm extends FakeServer {
  contacts: FakeCrmContact[];
  opportunities: FakeCrmOpportunity[];
  /** Every request, newest last. */
  requests: FakeCrmRequest[];
  /** The next request answers this status (an outage), in the provider's error shape. */
  failNext(status: number): void;
}

type Records = Pick<FakeCrm, 'contacts' | 'opportunities'>;
/** What one provider does with a request whose token was accepted; false when no route matched. */
type Route = (request: FakeCrmRequest, res: ServerResponse, records: Records) => boolean;

interface ProviderShape {
  /** The token of the Authorization header, in this provider's scheme. */
  scheme: 'Bearer' | 'Zoho-oauthtoken';
  /** An error answer in this provider's shape. */
  error(res: ServerResponse, status: number, code: string, message: string): void;
  route: Route;
}

async function startFakeCrm(oidc: FakeOidc, shape: ProviderShape): Promise<FakeCrm> {
  let failure: number | null = null;
  const records: Records = { contacts: [], opportunities: [] };
  const requests: FakeCrmRequest[] = [];
  const server = await startFakeServer((req, res, raw) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const header = req.headers.authorization ?? '';
    const request: FakeCrmRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw ? JSON.parse(raw) : undefined,
      headers: req.headers,
      token: /^\S+ (.+)$/.exec(header)?.[1],
    };
    requests.push(request);
    if (failure !== null) {
      const status = failure;
      failure = null;
      return shape.error(res, status, 'SERVER_UNAVAILABLE', 'Service unavailable');
    }
    const token = header.startsWith(`${shape.scheme} `) ? request.token : undefined;
    if (!token || !oidc.userOf(token)) return shape.error(res, 401, 'INVALID_TOKEN', 'invalid oauth token');
    if (!shape.route(request, res, records)) shape.error(res, 404, 'NOT_FOUND', 'not found');
  });
  return {
    ...server,
    ...records,
    requests,
    failNext: (status) => {
      failure = status;
    },
  };
}

const contains = (text: string | undefined, term: string) =>
  !!text && text.toLowerCase().includes(term.toLowerCase());

// --- Salesforce: GET {instance}/services/data/vNN.N/query?q=<SOQL> --------------------------------

/**
 * The query shapes the app sends: SELECT ... FROM Contact|Opportunity WHERE Name LIKE '...', or
 * WHERE Account.Name = '...' (an account's opportunities), ORDER BY Name LIMIT n.
 */
const SOQL =
  /^SELECT\s+.+?\s+FROM\s+(Contact|Opportunity)\s+WHERE\s+(Name\s+LIKE|Account\.Name\s+=)\s+'((?:[^'\\]|\\.)*)'\s+ORDER\s+BY\s+Name\s+LIMIT\s+(\d+)$/is;
/** SOQL string escapes; \% and \_ only mean something in a LIKE pattern. */
const SOQL_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  '%': '%',
  _: '_',
};

/** A LIKE literal (with its escapes) as a case-insensitive RegExp; null when an escape is invalid. */
function likePattern(literal: string): RegExp | null {
  let source = '';
  for (let i = 0; i < literal.length; i += 1) {
    const c = literal[i]!;
    if (c === '\\') {
      const escaped = SOQL_ESCAPES[literal[i + 1] ?? ''];
      if (escaped === undefined) return null;
      source += escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
    } else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is');
}

/** A string literal's text; null when it uses an escape SOQL allows only in a LIKE, or none at all. */
function stringLiteral(literal: string): string | null {
  let text = '';
  for (let i = 0; i < literal.length; i += 1) {
    const c = literal[i]!;
    if (c !== '\\') {
      text += c;
      continue;
    }
    const next = literal[i + 1] ?? '';
    if (next === '%' || next === '_' || SOQL_ESCAPES[next] === undefined) return null;
    text += SOQL_ESCAPES[next];
    i += 1;
  }
  return text;
}

const salesforceRef = (type: string, id: string) => ({
  type,
  url: `/services/data/v61.0/sobjects/${type}/${id}`,
});
const account = (company: string | undefined) =>
  company ? { attributes: salesforceRef('Account', 'x'), Name: company } : null;

const salesforceRecord = {
  Contact: (c: FakeCrmContact) => ({
    attributes: salesforceRef('Contact', c.id),
    Id: c.id,
    Name: c.name,
    Email: c.email ?? null,
    Phone: c.phone ?? null,
    Title: c.title ?? null,
    Account: account(c.company),
  }),
  Opportunity: (o: FakeCrmOpportunity) => ({
    attributes: salesforceRef('Opportunity', o.id),
    Id: o.id,
    Name: o.name,
    StageName: o.stage,
    Amount: o.amount ?? null,
    CloseDate: o.close_date ?? null,
    Account: account(o.company),
  }),
};

export function startFakeSalesforce(oidc: FakeOidc): Promise<FakeCrm> {
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    sendJson(res, status, [{ message, errorCode: code === 'INVALID_TOKEN' ? 'INVALID_SESSION_ID' : code }]);
  return startFakeCrm(oidc, {
    scheme: 'Bearer',
    error,
    route: (request, res, crm) => {
      if (request.method !== 'GET' || !/^\/services\/data\/v\d+\.\d+\/query$/.test(request.path))
        return false;
      const match = SOQL.exec((request.query.q ?? '').trim());
      const byAccount = match?.[2]?.toLowerCase().startsWith('account');
      // An equality literal has no wildcards: its \% and \_ are malformed, % and _ are themselves.
      const literal = match && (byAccount ? stringLiteral(match[3]!) : likePattern(match[3]!));
      if (!match || !literal) {
        error(res, 400, 'MALFORMED_QUERY', 'unexpected token in the query');
        return true;
      }
      const test = (field: string | undefined) =>
        literal instanceof RegExp
          ? literal.test(field ?? '')
          : (field ?? '').toLowerCase() === literal.toLowerCase();
      const isContact = match[1]!.toLowerCase() === 'contact';
      const records = isContact
        ? crm.contacts.filter((c) => test(byAccount ? c.company : c.name)).map(salesforceRecord.Contact)
        : crm.opportunities
            .filter((o) => test(byAccount ? o.company : o.name))
            .map(salesforceRecord.Opportunity);
      const limited = records.slice(0, Number(match[4]));
      sendJson(res, 200, { totalSize: limited.length, done: true, records: limited });
      return true;
    },
  });
}

// --- Zoho CRM: GET /crm/v6/{Contacts|Deals}/search?word= ----------------------------------------

const zohoRecord = {
  Contacts: (c: FakeCrmContact) => ({
    id: c.id,
    Full_Name: c.name,
    Email: c.email ?? null,
    Phone: c.phone ?? null,
    Title: c.title ?? null,
    Account_Name: c.company ? { name: c.company, id: `acc-${c.id}` } : null,
  }),
  Deals: (o: FakeCrmOpportunity) => ({
    id: o.id,
    Deal_Name: o.name,
    Stage: o.stage,
    Amount: o.amount ?? null,
    Closing_Date: o.close_date ?? null,
    Account_Name: o.company ? { name: o.company, id: `acc-${o.id}` } : null,
  }),
};

export interface FakeZohoOptions {
  /**
   * The `api_domain` that `oidc`'s token answers name, as Zoho's accounts server names the API
   * domain of the account's data centre: this fake's URL by default. Null leaves the token answers
   * as they are (a second data centre's API trusting the same accounts server; a test names it by
   * setting `oidc.tokenExtras.api_domain`).
   */
  apiDomain?: string | null;
}

/**
 * Zoho CRM's API trusting `oidc`'s tokens; `oidc` then stands in for Zoho's accounts server, whose
 * token answers (code and refresh grants) name the account's `api_domain`.
 */
export async function startFakeZoho(oidc: FakeOidc, options: FakeZohoOptions = {}): Promise<FakeCrm> {
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    sendJson(res, status, { code, details: {}, message, status: 'error' });
  const fake = await startFakeCrm(oidc, {
    scheme: 'Zoho-oauthtoken',
    error,
    route: (request, res, crm) => {
      const module = /^\/crm\/v\d+\/(Contacts|Deals)\/search$/.exec(request.path)?.[1] as
        | 'Contacts'
        | 'Deals'
        | undefined;
      if (request.method !== 'GET' || !module) return false;
      const word = request.query.word ?? '';
      if (word.length < 2) {
        error(res, 400, 'INVALID_QUERY', 'the word must have at least 2 characters');
        return true;
      }
      const perPage = Number(request.query.per_page ?? 200);
      const data =
        module === 'Contacts'
          ? crm.contacts
              .filter((c) => contains(c.name, word) || contains(c.company, word))
              .map(zohoRecord.Contacts)
          : crm.opportunities
              .filter((o) => contains(o.name, word) || contains(o.company, word))
              .map(zohoRecord.Deals);
      // Zoho answers 204 with no body at all when nothing matches.
      if (!data.length) {
        res.writeHead(204);
        res.end();
        return true;
      }
      const page = data.slice(0, perPage);
      sendJson(res, 200, {
        data: page,
        info: { per_page: perPage, count: page.length, page: 1, more_records: data.length > perPage },
      });
      return true;
    },
  });
  if (options.apiDomain !== null) oidc.tokenExtras.api_domain = options.apiDomain ?? fake.url;
  return fake;
}

// --- Copper: POST /developer_api/v1/{people|opportunities}/search, GET .../pipeline_stages -------

/** Copper writes dates in the account's format, M/D/YYYY by default. */
const copperDate = (iso: string | undefined) => {
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number);
  return `${m}/${d}/${y}`;
};

export function startFakeCopper(oidc: FakeOidc): Promise<FakeCrm> {
  const error = (res: ServerResponse, status: number, _code: string, message: string) =>
    sendJson(res, status, { success: false, status, message });
  /** Copper's companies: every company a person or opportunity names, with a stable id. */
  const companiesOf = (crm: Records) =>
    [...new Set([...crm.contacts, ...crm.opportunities].flatMap((r) => (r.company ? [r.company] : [])))].map(
      (name, i) => ({ id: 5000 + i, name }),
    );
  const stagesOf = (crm: Records) =>
    [...new Set(crm.opportunities.map((o) => o.stage))].map((name, i) => ({
      id: 1000 + i,
      name,
      pipeline_id: 1,
      win_probability: 50,
    }));
  return startFakeCrm(oidc, {
    scheme: 'Bearer',
    error,
    route: (request, res, crm) => {
      if (request.headers['x-pw-application'] !== 'developer_api') {
        error(res, 401, 'UNAUTHORIZED', 'X-PW-Application must be developer_api');
        return true;
      }
      if (request.method === 'GET' && request.path === '/developer_api/v1/pipeline_stages') {
        sendJson(res, 200, stagesOf(crm));
        return true;
      }
      const entity = /^\/developer_api\/v1\/(people|opportunities|companies)\/search$/.exec(
        request.path,
      )?.[1];
      if (request.method !== 'POST' || !entity) return false;
      const {
        name = '',
        page_size = 20,
        company_ids,
      } = (request.body ?? {}) as { name?: string; page_size?: number; company_ids?: number[] };
      if (page_size > 200) {
        error(res, 422, 'INVALID_INPUT', 'page_size must be at most 200');
        return true;
      }
      const stageId = new Map(stagesOf(crm).map((s) => [s.name, s.id]));
      const companies = companiesOf(crm);
      const companyId = (company: string | undefined) =>
        companies.find((c) => c.name === company)?.id ?? null;
      const found =
        entity === 'companies'
          ? companies.filter((c) => contains(c.name, name))
          : entity === 'people'
            ? crm.contacts
                .filter((c) => contains(c.name, name))
                .map((c) => ({
                  id: Number(c.id),
                  name: c.name,
                  title: c.title ?? null,
                  company_id: companyId(c.company),
                  company_name: c.company ?? null,
                  emails: c.email ? [{ email: c.email, category: 'work' }] : [],
                  phone_numbers: c.phone ? [{ number: c.phone, category: 'work' }] : [],
                }))
            : crm.opportunities
                // Copper's search takes a name or company ids (either narrows the list).
                .filter((o) => contains(o.name, name))
                .filter((o) => !company_ids || company_ids.includes(companyId(o.company) ?? -1))
                .map((o) => ({
                  id: Number(o.id),
                  name: o.name,
                  status: 'Open',
                  pipeline_id: 1,
                  pipeline_stage_id: stageId.get(o.stage) ?? null,
                  monetary_value: o.amount ?? null,
                  close_date: copperDate(o.close_date),
                  company_id: companyId(o.company),
                  company_name: o.company ?? null,
                }));
      sendJson(res, 200, found.slice(0, page_size));
      return true;
    },
  });
}
