import {
  type FakeCrm,
  type FakeCrmRequest,
  type FakeLlm,
  type FakeOidc,
  startFakeCopper,
  startFakeOidc,
  startFakeOpenAI,
  startFakeSalesforce,
  startFakeZoho,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { lastMessage } from '../../../testing/assistant.js';
import { connectViaOAuth } from '../../../testing/connections.js';
import { fakeLlm } from '../../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, type SignedInUser, signIn, signUp } from '../../../testing/users.js';
import { salesforceInstanceUrl } from '../oauth/salesforce.js';
import { accessTokenFor } from '../oauth/service.js';
import { zohoAccountsServer } from '../oauth/zoho.js';

type ToolCall = { name: string; arguments: Record<string, unknown> };
type SentMessage = {
  role: string;
  content: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string } }>;
};

const clock = fixedClock('2026-11-22T09:00:00.000Z');

describe(`Salesforce, Zoho CRM and Copper through the connection (${testEngine()})`, () => {
  const auth = {} as Record<'salesforce' | 'zoho' | 'copper', FakeOidc>;
  /** Zoho's accounts server of another data centre (the EU), not the configured one. */
  let zohoEuAccounts: FakeOidc;
  // Salesforce names the org's API address in its token answer; known once the fake listens.
  const salesforceToken: Record<string, string> = {};
  let salesforce: FakeCrm;
  /** A loopback server (a Salesforce fake) that no configuration allows: nothing may reach it. */
  let rogue: FakeCrm;
  let zoho: FakeCrm;
  /** Zoho's API in another data centre (the EU), trusting the same accounts server. */
  let zohoEu: FakeCrm;
  let copper: FakeCrm;
  let llm: FakeLlm;
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    auth.salesforce = await startFakeOidc({
      user: { sub: 'sf', email: 'advisor@firm.example', name: 'A' },
      tokenExtras: salesforceToken,
      oauthOnly: true,
    });
    // Zoho's redirects back name the account's data centre and its accounts server (the US one's
    // here, unless a test sends the user on to another data centre's).
    auth.zoho = await startFakeOidc({
      user: { sub: 'zo', email: 'advisor@firm.example', name: 'A' },
      location: 'us',
      oauthOnly: true,
    });
    zohoEuAccounts = await startFakeOidc({
      user: { sub: 'zo-eu', email: 'advisor@firm.eu', name: 'A' },
      location: 'eu',
      oauthOnly: true,
    });
    auth.copper = await startFakeOidc({
      user: { sub: 'cu', email: 'advisor@firm.example', name: 'A' },
      oauthOnly: true,
    });
    salesforce = await startFakeSalesforce(auth.salesforce);
    salesforceToken.instance_url = salesforce.url;
    rogue = await startFakeSalesforce(auth.salesforce);
    // Zoho's token answers name the account's API domain: this fake's, unless a test says otherwise.
    zoho = await startFakeZoho(auth.zoho);
    zohoEu = await startFakeZoho(auth.zoho, { apiDomain: null });
    copper = await startFakeCopper(auth.copper);
    llm = await startFakeOpenAI();
    const henderson = {
      name: 'Ann Henderson',
      email: 'ann@henderson.example',
      phone: '+1 555 0101',
      company: 'Henderson Family Trust',
      title: 'Trustee',
    };
    const rollover = {
      name: 'Henderson Rollover',
      stage: 'Proposal',
      amount: 250_000,
      close_date: '2026-12-05',
      company: 'Henderson Family Trust',
    };
    for (const [crm, prefix] of [
      [salesforce, '003'],
      [zoho, '5725'],
      [zohoEu, '8725'],
      [copper, '7'],
    ] as const) {
      crm.contacts.push(
        { id: `${prefix}01`, ...henderson },
        { id: `${prefix}02`, name: 'Bob Smith', email: 'bob@smith.example' },
      );
      crm.opportunities.push({ id: `${prefix}91`, ...rollover });
    }
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      clock,
      config: {
        oauthProviders: {
          salesforce: auth.salesforce.endpoints,
          zoho: auth.zoho.endpoints,
          copper: auth.copper.endpoints,
        },
        apis: { zoho: zoho.url, copper: copper.url },
        // The fakes are on loopback, not Salesforce's or Zoho's hosts: this test allows them (the
        // US Zoho fakes are the configured endpoints, allowed anyway).
        testOrigins: {
          salesforce: [salesforce.url],
          zohoApi: [zohoEu.url],
          zohoAccounts: [zohoEuAccounts.url],
        },
        llm: llmConfig,
      },
      llm: model,
    });
    user = await signUp(t);
    for (const type of ['salesforce', 'zoho', 'copper']) await connectViaOAuth(t, user, type);
  });
  afterAll(async () => {
    await t.close();
    for (const f of [salesforce, rogue, zoho, zohoEu, copper, llm, zohoEuAccounts]) await f.close();
    for (const f of Object.values(auth)) await f.close();
  });

  /**
   * One chat turn in which the model calls `toolCalls` and then answers `text`: the stored reply,
   * and the tool results the model was sent by tool name (JSON parsed where they are JSON). The
   * tools of one step run at once, so results are matched to calls by id, not by order.
   */
  async function turn(who: SignedInUser, toolCalls: ToolCall[], text = 'Here is what I found.') {
    const call = as(t, who);
    if (toolCalls.length) llm.enqueue({ toolCalls });
    llm.enqueue({ text });
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const res = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Look it up in the CRM' } },
    });
    expect(res.statusCode).toBe(200);
    const sent = (llm.requests.at(-1) as { messages: SentMessage[] }).messages;
    const toolOf = new Map(sent.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
    const results: Record<string, unknown> = {};
    for (const m of sent.filter((x) => x.role === 'tool')) {
      const name = toolOf.get(m.tool_call_id ?? '') ?? '?';
      try {
        results[name] = JSON.parse(String(m.content));
      } catch {
        results[name] = m.content;
      }
    }
    return { reply: await lastMessage(call, chatId), results };
  }
  const userIdOf = async (who: SignedInUser) =>
    (await t.db.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow())
      .id;
  /** What `run` answers, and what a CRM fake received meanwhile in a stable order. */
  async function withRequests<T>(crm: FakeCrm, run: () => Promise<T>): Promise<[T, FakeCrmRequest[]]> {
    const from = crm.requests.length;
    const value = await run();
    const key = (r: FakeCrmRequest) => `${r.path} ${r.query.q ?? ''}`;
    return [value, crm.requests.slice(from).sort((a, b) => key(a).localeCompare(key(b)))];
  }
  const toolsOffered = (request: Record<string, unknown> | undefined) =>
    (request as { tools: Array<{ function: { name: string } }> }).tools.map((x) => x.function.name);

  const annContact = (id: string, source: string) => ({
    id,
    name: 'Ann Henderson',
    email: 'ann@henderson.example',
    phone: '+1 555 0101',
    company: 'Henderson Family Trust',
    title: 'Trustee',
    source,
  });
  const rolloverOpportunity = (id: string, source: string) => ({
    id,
    name: 'Henderson Rollover',
    stage: 'Proposal',
    amount: 250_000,
    close_date: '2026-12-05',
    company: 'Henderson Family Trust',
    source,
  });

  it('Salesforce: contacts and opportunities by SOQL on the org the user connected', async () => {
    const [{ reply, results }, requests] = await withRequests(salesforce, () =>
      turn(user, [
        { name: 'salesforce_search_contacts', arguments: { query: 'hender' } },
        { name: 'salesforce_search_opportunities', arguments: { query: 'Rollover' } },
      ]),
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'salesforce_search_contacts', resultSummary: '1 contact' },
      { tool: 'salesforce_search_opportunities', resultSummary: '1 opportunity' },
    ]);
    expect(results).toEqual({
      salesforce_search_contacts: [annContact('00301', 'salesforce')],
      salesforce_search_opportunities: [rolloverOpportunity('00391', 'salesforce')],
    });
    expect(reply.content).toContain('Here is what I found.');
    expect(requests.map((r) => [r.path, r.query.q])).toEqual([
      [
        '/services/data/v61.0/query',
        "SELECT Id, Name, Email, Phone, Title, Account.Name FROM Contact WHERE Name LIKE '%hender%' ORDER BY Name LIMIT 25",
      ],
      [
        '/services/data/v61.0/query',
        "SELECT Id, Name, StageName, Amount, CloseDate, Account.Name FROM Opportunity WHERE Name LIKE '%Rollover%' ORDER BY Name LIMIT 25",
      ],
    ]);
  });

  it('Salesforce: quotes, %, _ and backslashes in the search are matched literally', async () => {
    salesforce.contacts.push(
      { id: '00371', name: "Pat O'Hara 5%_\\ Trust" },
      { id: '00372', name: "Pat O'Hara 5 more%_\\ Trust" }, // what an unescaped % would match
      { id: '00373', name: "Pat O'Hara 5%x\\ Trust" }, // what an unescaped _ would match
    );
    const { reply, results } = await turn(user, [
      { name: 'salesforce_search_contacts', arguments: { query: "O'Hara 5%_\\" } },
    ]);
    expect(reply.metadata.steps).toEqual([
      { tool: 'salesforce_search_contacts', resultSummary: '1 contact' },
    ]);
    expect(results.salesforce_search_contacts).toMatchObject([{ id: '00371' }]);
    expect(salesforce.requests.at(-1)?.query.q).toContain("LIKE '%O\\'Hara 5\\%\\_\\\\%'");
  });

  /**
   * Runs `run` while the token answers (code and refresh) of `crm`'s sign-in fake name `value` as
   * the API's place (`instance_url` for Salesforce, `api_domain` for Zoho), then names the usual one.
   */
  async function whileTokensName<T>(crm: 'salesforce' | 'zoho', value: string, run: () => Promise<T>) {
    const [field, usual] =
      crm === 'salesforce'
        ? (['instance_url', salesforce.url] as const)
        : (['api_domain', zoho.url] as const);
    auth[crm].tokenExtras[field] = value;
    try {
      return await run();
    } finally {
      auth[crm].tokenExtras[field] = usual;
    }
  }
  /** A new user who connects `crm` while its token answer names `value` as the API's place. */
  const connectNaming = (crm: 'salesforce' | 'zoho', value: string) =>
    whileTokensName(crm, value, async () => {
      const who = await signUp(t);
      await connectViaOAuth(t, who, crm);
      return who;
    });
  /** A forced token refresh of `who`'s `crm` connection while its answer names `value`. */
  const refreshNamingOf = async (crm: 'salesforce' | 'zoho', who: SignedInUser, value: string) => {
    const id = await userIdOf(who);
    return whileTokensName(crm, value, () => accessTokenFor(t.app.deps, id, crm, { force: true }));
  };
  const connectSalesforceNaming = (instanceUrl: string) => connectNaming('salesforce', instanceUrl);
  const NO_SALESFORCE_ORG = 'Salesforce did not say where its API is; please reconnect Salesforce';
  /** A Salesforce search by `who` that fails for want of an org, with nothing sent anywhere. */
  async function expectNoOrgSearched(who: SignedInUser) {
    const sent = [salesforce.requests.length, rogue.requests.length];
    const { reply, results } = await turn(who, [
      { name: 'salesforce_search_contacts', arguments: { query: 'hender' } },
    ]);
    expect(reply.metadata.steps).toEqual([
      { tool: 'salesforce_search_contacts', resultSummary: `Failed: ${NO_SALESFORCE_ORG}` },
    ]);
    expect(results).toEqual({ salesforce_search_contacts: NO_SALESFORCE_ORG });
    expect([salesforce.requests.length, rogue.requests.length]).toEqual(sent);
  }

  it.each([
    { named: 'https://evil.example', url: () => 'https://evil.example' },
    { named: 'http://x.my.salesforce.com', url: () => 'http://x.my.salesforce.com' },
    {
      named: 'https://x.my.salesforce.com.evil.example',
      url: () => 'https://x.my.salesforce.com.evil.example',
    },
    { named: 'https://x.my.salesforce.com:8443', url: () => 'https://x.my.salesforce.com:8443' },
    { named: 'a loopback server no configuration allows', url: () => rogue.url },
  ])(
    "Salesforce: a token answer naming $named as the org's instance URL is not kept; searches ask to reconnect",
    async ({ url }) => {
      const who = await connectSalesforceNaming(url());
      const list = (await as(t, who)({ method: 'GET', url: '/api/connections/user_connections' })).json();
      expect(list).toMatchObject([{ type: 'salesforce', status: 'connected', instance_url: null }]);
      await expectNoOrgSearched(who);
    },
  );

  it('Salesforce: an instance URL stored before the check is checked again before a search', async () => {
    const who = await connectSalesforceNaming(salesforce.url);
    await t.db.db
      .updateTable('connections')
      .set({ instance_url: rogue.url })
      .where('user_id', '=', await userIdOf(who))
      .execute();
    await expectNoOrgSearched(who);
  });

  it("Salesforce: a refresh answer's instance URL is kept when it is Salesforce's, ignored otherwise", async () => {
    const who = await connectSalesforceNaming(salesforce.url);
    const id = await userIdOf(who);
    const stored = async () =>
      (
        await t.db.db
          .selectFrom('connections')
          .select('instance_url')
          .where('user_id', '=', id)
          .where('type', '=', 'salesforce')
          .executeTakeFirstOrThrow()
      ).instance_url;
    expect(await refreshNamingOf('salesforce', who, rogue.url)).toMatch(/^fake-at-/);
    expect(await stored()).toBe(new URL(salesforce.url).origin);
    // The org moved (a My Domain change): later calls go to its new host.
    expect(await refreshNamingOf('salesforce', who, 'https://acme.my.salesforce.com/')).toMatch(/^fake-at-/);
    expect(await stored()).toBe('https://acme.my.salesforce.com');
  });

  it("accepts as Salesforce's org only its hosts over https, and as Zoho's accounts servers only Zoho's", () => {
    const { config } = t.app.deps;
    for (const org of [
      'https://acme.my.salesforce.com',
      'https://acme--uat.sandbox.my.salesforce.com',
      'https://acme.lightning.force.com',
      'https://acme--uat.sandbox.lightning.force.com',
      'https://acme.my.salesforce-setup.com',
      'https://na1.cloudforce.com',
      'https://na1.database.com',
    ])
      expect(salesforceInstanceUrl(config, `${org}/`)).toBe(org);
    for (const org of [
      'https://salesforce.com',
      'https://acme.salesforce.com.example',
      'ftp://a.force.com',
      42,
    ])
      expect(salesforceInstanceUrl(config, org)).toBeNull();
    for (const dc of ['com', 'eu', 'in', 'com.au', 'jp', 'sa', 'com.cn', 'uk'])
      expect(zohoAccountsServer(config, `https://accounts.zoho.${dc}`)).toBe(`https://accounts.zoho.${dc}`);
    expect(zohoAccountsServer(config, 'https://accounts.zohocloud.ca')).toBe('https://accounts.zohocloud.ca');
    // The configured token URL's origin, and the test's own list.
    expect(zohoAccountsServer(config, auth.zoho.url)).toBe(auth.zoho.url);
    expect(zohoAccountsServer(config, zohoEuAccounts.url)).toBe(zohoEuAccounts.url);
    for (const other of [
      'https://accounts.zoho.de',
      'https://www.zohoapis.eu',
      'https://accounts.zoho.eu.',
      'https://x.accounts.zoho.eu',
      rogue.url,
      undefined,
    ])
      expect(zohoAccountsServer(config, other)).toBeNull();
  });

  /**
   * One turn in which `who` searches Zoho's contacts for Henderson and its deals for Rollover, at
   * `fake`: both are found there (ids starting `prefix`), with Zoho's own token scheme. Answers the
   * two requests `fake` received.
   */
  async function expectZohoFound(who: SignedInUser, fake: FakeCrm, prefix: string) {
    const [{ reply, results }, [contacts, deals]] = await withRequests(fake, () =>
      turn(who, [
        { name: 'zoho_search_contacts', arguments: { query: 'Henderson' } },
        { name: 'zoho_search_deals', arguments: { query: 'Rollover' } },
      ]),
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'zoho_search_contacts', resultSummary: '1 contact' },
      { tool: 'zoho_search_deals', resultSummary: '1 deal' },
    ]);
    expect(results).toEqual({
      zoho_search_contacts: [annContact(`${prefix}01`, 'zoho')],
      zoho_search_deals: [rolloverOpportunity(`${prefix}91`, 'zoho')],
    });
    expect(contacts?.headers.authorization).toMatch(/^Zoho-oauthtoken fake-at-/);
    return [contacts, deals] as const;
  }

  it('Zoho CRM: contacts and deals by word search with its own token scheme', async () => {
    const [contacts, deals] = await expectZohoFound(user, zoho, '5725');
    expect([contacts?.path, contacts?.query]).toEqual([
      '/crm/v6/Contacts/search',
      { word: 'Henderson', per_page: '25' },
    ]);
    expect([deals?.path, deals?.query]).toEqual([
      '/crm/v6/Deals/search',
      { word: 'Rollover', per_page: '25' },
    ]);
  });

  it('Zoho CRM: no match (204, no body) is an empty result, not an error', async () => {
    const { reply, results } = await turn(user, [
      { name: 'zoho_search_contacts', arguments: { query: 'Nobody Here' } },
    ]);
    expect(zoho.requests.at(-1)?.query.word).toBe('Nobody Here');
    expect(reply.metadata.steps).toEqual([{ tool: 'zoho_search_contacts', resultSummary: '0 contacts' }]);
    expect(results).toEqual({ zoho_search_contacts: [] });
  });

  /** The host of the API domain a user's Zoho connection keeps (the connections list), or null. */
  async function zohoApiHost(who: SignedInUser): Promise<string | null> {
    const list = (await as(t, who)({ method: 'GET', url: '/api/connections/user_connections' })).json();
    return list.find((c: { type: string }) => c.type === 'zoho').instance_url;
  }
  const connectZohoNaming = (apiDomain: string) => connectNaming('zoho', apiDomain);
  const searchZohoContacts = (who: SignedInUser) =>
    turn(who, [{ name: 'zoho_search_contacts', arguments: { query: 'Henderson' } }]);

  it('Zoho CRM: an account in another data centre is searched at the API domain its token answer named', async () => {
    const eu = await connectZohoNaming(zohoEu.url);
    expect(await zohoApiHost(eu)).toBe(new URL(zohoEu.url).host);
    const us = zoho.requests.length;
    const [contacts, deals] = await expectZohoFound(eu, zohoEu, '8725');
    expect([contacts?.path, deals?.path]).toEqual(['/crm/v6/Contacts/search', '/crm/v6/Deals/search']);
    // Nothing went to ZOHO_API_URL; a user whose account is there is still searched there.
    expect(zoho.requests.length).toBe(us);
    expect(await zohoApiHost(user)).toBe(new URL(zoho.url).host);
    const [, here] = await withRequests(zoho, () => searchZohoContacts(user));
    expect(here.map((r) => r.path)).toEqual(['/crm/v6/Contacts/search']);
  });

  it.each([
    'https://evil.example',
    'http://www.zohoapis.eu',
    'https://www.zohoapis.eu.evil.example',
    'https://www.zohoapis.eu:8443',
    'https://zohoapis.eu',
    'not a url',
  ])(
    'Zoho CRM: a token answer naming %s as the API domain is ignored; searches go to ZOHO_API_URL',
    async (apiDomain) => {
      const who = await connectZohoNaming(apiDomain);
      expect(await zohoApiHost(who)).toBeNull();
      const [{ results }, requests] = await withRequests(zoho, () => searchZohoContacts(who));
      expect(results).toEqual({ zoho_search_contacts: [annContact('572501', 'zoho')] });
      expect(requests.map((r) => r.path)).toEqual(['/crm/v6/Contacts/search']);
    },
  );

  it("Zoho CRM: a refresh answer's API domain is kept, a host that is not Zoho's is not", async () => {
    const who = await connectZohoNaming(zohoEu.url);
    const refreshNaming = (apiDomain: string) => refreshNamingOf('zoho', who, apiDomain);

    expect(await refreshNaming('https://evil.example')).toMatch(/^fake-at-/);
    expect(await zohoApiHost(who)).toBe(new URL(zohoEu.url).host);
    const [, eu] = await withRequests(zohoEu, () => searchZohoContacts(who));
    expect(eu.map((r) => r.path)).toEqual(['/crm/v6/Contacts/search']);

    expect(await refreshNaming(zoho.url)).toMatch(/^fake-at-/);
    expect(await zohoApiHost(who)).toBe(new URL(zoho.url).host);
    const [{ results }, us] = await withRequests(zoho, () => searchZohoContacts(who));
    expect(results).toEqual({ zoho_search_contacts: [annContact('572501', 'zoho')] });
    expect(us.map((r) => r.path)).toEqual(['/crm/v6/Contacts/search']);
  });

  /** What Zoho's US and EU accounts fakes were asked while `run` ran: paths, with any grant type. */
  async function accountsCalls<T>(run: () => Promise<T>) {
    const from = { us: auth.zoho.calls.length, eu: zohoEuAccounts.calls.length };
    const value = await run();
    const asked = (fake: FakeOidc, n: number) =>
      fake.calls.slice(n).map((c) => `${c.path}${c.params.grant_type ? ` ${c.params.grant_type}` : ''}`);
    return { value, us: asked(auth.zoho, from.us), eu: asked(zohoEuAccounts, from.eu) };
  }
  const connectZoho = async () => {
    const who = await signUp(t);
    await connectViaOAuth(t, who, 'zoho');
    return who;
  };
  const zohoRow = async (who: SignedInUser) =>
    t.db.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', await userIdOf(who))
      .where('type', '=', 'zoho')
      .executeTakeFirstOrThrow();

  it('Zoho CRM: an account of another data centre trades its code, refreshes and revokes at the accounts server its callback named', async () => {
    // The US accounts server (the configured one) sends the user on to their data centre's.
    auth.zoho.sendOnTo(zohoEuAccounts);
    const connected = await accountsCalls(() => connectZoho().finally(() => auth.zoho.sendOnTo(null)));
    const who = connected.value;
    expect(connected.us).toEqual(['/authorize']);
    expect(connected.eu).toEqual(['/token authorization_code', '/userinfo']);
    expect((await zohoRow(who)).accounts_server).toBe(zohoEuAccounts.url);
    const list = (await as(t, who)({ method: 'GET', url: '/api/connections/user_connections' })).json();
    expect(list).toMatchObject([{ type: 'zoho', status: 'connected', account_email: 'advisor@firm.eu' }]);
    // A US account keeps the configured accounts server, which its callback named.
    expect((await zohoRow(user)).accounts_server).toBe(auth.zoho.url);

    const id = await userIdOf(who);
    const refreshed = await accountsCalls(() => accessTokenFor(t.app.deps, id, 'zoho', { force: true }));
    expect(zohoEuAccounts.userOf(refreshed.value ?? '')).toMatchObject({ sub: 'zo-eu' });
    expect([refreshed.us, refreshed.eu]).toEqual([[], ['/token refresh_token']]);

    const removed = await accountsCalls(() =>
      as(t, who)({ method: 'POST', url: '/api/connections/remove_connection', payload: { scope: 'zoho' } }),
    );
    expect(removed.value.json()).toEqual({ success: true, revocation: 'confirmed' });
    expect([removed.us, removed.eu]).toEqual([[], ['/revoke']]);
  });

  it.each([
    { named: 'https://evil.example', server: () => 'https://evil.example' },
    { named: 'http://accounts.zoho.eu', server: () => 'http://accounts.zoho.eu' },
    { named: 'https://accounts.zoho.eu.evil.example', server: () => 'https://accounts.zoho.eu.evil.example' },
    { named: 'https://accounts.zoho.eu:8443', server: () => 'https://accounts.zoho.eu:8443' },
    { named: 'a loopback server no configuration allows', server: () => rogue.url },
    { named: 'not a URL', server: () => 'accounts.zoho.eu' },
  ])(
    'Zoho CRM: a callback naming $named as the accounts server is ignored; the configured one is used',
    async ({ server }) => {
      const rogueAsked = rogue.requests.length;
      auth.zoho.callbackExtras['accounts-server'] = server();
      const connected = await accountsCalls(() =>
        connectZoho().finally(() => {
          auth.zoho.callbackExtras['accounts-server'] = auth.zoho.url;
        }),
      );
      const who = connected.value;
      expect(connected.us).toEqual(['/authorize', '/token authorization_code', '/userinfo']);
      expect((await zohoRow(who)).accounts_server).toBeNull();
      const id = await userIdOf(who);
      const refreshed = await accountsCalls(() => accessTokenFor(t.app.deps, id, 'zoho', { force: true }));
      expect(refreshed.value).toMatch(/^fake-at-/);
      expect([refreshed.us, refreshed.eu]).toEqual([['/token refresh_token'], []]);
      expect(connected.eu).toEqual([]);
      expect(rogue.requests.length).toBe(rogueAsked);
    },
  );

  it('Copper: people and opportunities by search, with the stage name and an ISO close date', async () => {
    const [{ reply, results }, requests] = await withRequests(copper, () =>
      turn(user, [
        { name: 'copper_search_people', arguments: { query: 'ann' } },
        { name: 'copper_search_opportunities', arguments: { query: 'henderson' } },
      ]),
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'copper_search_people', resultSummary: '1 person' },
      { tool: 'copper_search_opportunities', resultSummary: '1 opportunity' },
    ]);
    expect(results).toEqual({
      copper_search_people: [annContact('701', 'copper')],
      copper_search_opportunities: [rolloverOpportunity('791', 'copper')],
    });
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/developer_api/v1/opportunities/search', { name: 'henderson', page_size: 25 }],
      ['POST', '/developer_api/v1/people/search', { name: 'ann', page_size: 25 }],
      ['GET', '/developer_api/v1/pipeline_stages', undefined],
    ]);
    for (const r of requests) {
      expect(r.headers['x-pw-application']).toBe('developer_api');
      expect(r.headers.authorization).toMatch(/^Bearer fake-at-/);
    }
  });

  it('refreshes an expired token before calling the CRM', async () => {
    const used = copper.requests.at(-1)!.token!;
    clock.advance(2 * 3600_000);
    user = await signIn(t, user);
    // The provider no longer takes the old token, as when it has really expired.
    await fetch(auth.copper.endpoints.revokeUrl, {
      method: 'POST',
      body: new URLSearchParams({ token: used }),
    });
    const refreshes = () => auth.copper.calls.filter((c) => c.params.grant_type === 'refresh_token').length;
    const before = refreshes();

    const { reply, results } = await turn(user, [
      { name: 'copper_search_people', arguments: { query: 'Bob' } },
    ]);
    expect(reply.metadata.steps).toEqual([{ tool: 'copper_search_people', resultSummary: '1 person' }]);
    expect(results.copper_search_people).toMatchObject([{ id: '702', name: 'Bob Smith' }]);
    expect(refreshes()).toBe(before + 1);
    expect(copper.requests.at(-1)!.token).not.toBe(used);
  });

  it('a CRM outage reaches the model as a readable failure and the chat goes on', async () => {
    salesforce.failNext(503);
    const { reply, results } = await turn(
      user,
      [{ name: 'salesforce_search_opportunities', arguments: { query: 'Rollover' } }],
      'Salesforce is not answering right now.',
    );
    // The step and the model both get the client's readable detail.
    expect(reply.metadata.steps).toEqual([
      {
        tool: 'salesforce_search_opportunities',
        resultSummary: 'Failed: Salesforce did not answer; please try again',
      },
    ]);
    expect(results).toEqual({
      salesforce_search_opportunities: 'Salesforce did not answer; please try again',
    });
    expect(reply.content).toContain('Salesforce is not answering right now.');
    expect(reply.metadata.error).toBeUndefined();

    const again = await turn(user, [
      { name: 'salesforce_search_opportunities', arguments: { query: 'Rollover' } },
    ]);
    expect(again.results).toEqual({
      salesforce_search_opportunities: [rolloverOpportunity('00391', 'salesforce')],
    });
  });

  it('offers the CRM tools only for the CRMs the user has connected', async () => {
    await turn(user, []);
    const crmTools = (names: string[]) => names.filter((n) => /^(salesforce|zoho|copper)_/.test(n)).sort();
    expect(crmTools(toolsOffered(llm.requests.at(-1)))).toEqual([
      'copper_search_opportunities',
      'copper_search_people',
      'salesforce_search_contacts',
      'salesforce_search_opportunities',
      'zoho_search_contacts',
      'zoho_search_deals',
    ]);

    const zohoOnly = await signUp(t);
    await connectViaOAuth(t, zohoOnly, 'zoho');
    await turn(zohoOnly, []);
    expect(crmTools(toolsOffered(llm.requests.at(-1)))).toEqual([
      'zoho_search_contacts',
      'zoho_search_deals',
    ]);
  });
});
