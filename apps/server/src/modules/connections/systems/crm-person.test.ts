// One person looked up in every connected CRM (client reviews and briefings draft from this).
import {
  type FakeCrm,
  type FakeOidc,
  type FakeWealthbox,
  startFakeCopper,
  startFakeOidc,
  startFakeSalesforce,
  startFakeWealthbox,
  startFakeZoho,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViaOAuth } from '../../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { signUp, userIdOf } from '../../../testing/users.js';
import { type CrmPersonRecord, crmRecordsOf, type PersonSearch } from './crm-person.js';

type CrmName = 'wealthbox' | 'salesforce' | 'zoho' | 'copper';

describe(`a person in every connected CRM (${testEngine()})`, () => {
  const auth = {} as Record<CrmName, FakeOidc>;
  let wealthbox: FakeWealthbox;
  let salesforce: FakeCrm;
  let zoho: FakeCrm;
  let copper: FakeCrm;
  let t: TestApp;
  let userId: string;
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    const salesforceToken: Record<string, string> = {};
    for (const id of ['wealthbox', 'salesforce', 'zoho', 'copper'] as const) {
      auth[id] = await startFakeOidc({
        user: { sub: id, email: 'advisor@firm.example', name: 'A' },
        ...(id === 'salesforce' ? { tokenExtras: salesforceToken } : {}),
      });
    }
    wealthbox = await startFakeWealthbox(auth.wealthbox);
    salesforce = await startFakeSalesforce(auth.salesforce);
    salesforceToken.instance_url = salesforce.url;
    zoho = await startFakeZoho(auth.zoho);
    copper = await startFakeCopper(auth.copper);

    wealthbox.contacts.push(
      { id: 11, first_name: 'Ann', last_name: 'Henderson', email: 'ann@henderson.example' },
      // The same person under another spelling: found only by address.
      { id: 12, first_name: 'Robert', last_name: 'Smith', email: 'bob@smith.example' },
    );
    for (let i = 1; i <= 12; i++) {
      wealthbox.notes.push({
        id: i,
        contact_id: 11,
        content: `Note ${i} ${'x'.repeat(i === 12 ? 1500 : 0)}`,
        created_at: `2026-10-${String(i).padStart(2, '0')}T10:00:00.000Z`,
      });
    }
    const rollover = { stage: 'Proposal', amount: 250_000, close_date: '2026-12-05' };
    for (const [crm, prefix] of [
      [salesforce, '003'],
      [zoho, '5725'],
      [copper, '7'],
    ] as const) {
      crm.contacts.push(
        {
          id: `${prefix}01`,
          name: 'Ann Henderson',
          email: 'ann@henderson.example',
          phone: '+1 555 0101',
          company: 'Henderson Family Trust',
          title: 'Trustee',
        },
        // A namesake with another address.
        { id: `${prefix}02`, name: 'Ann Henderson', email: 'ann@elsewhere.example' },
        // No company of their own.
        { id: `${prefix}03`, name: 'Carl Jones', email: 'carl@jones.example' },
      );
      crm.contacts.push({
        id: `${prefix}04`,
        name: 'Dan OBrien',
        email: 'dan@obrien.example',
        company: "O'Brien 100%_Co",
      });
      crm.opportunities.push(
        { id: `${prefix}93`, name: 'Estate plan', company: "O'Brien 100%_Co", ...rollover },
        { id: `${prefix}94`, name: 'Other plan', company: "O'Brien 1000_Co", ...rollover },
        { id: `${prefix}91`, name: 'Henderson Rollover', company: 'Henderson Family Trust', ...rollover },
        { id: `${prefix}92`, name: 'Jones Plan', company: 'Jones Holdings', ...rollover },
      );
    }
    t = await createTestApp({
      config: {
        oauthProviders: {
          wealthbox: auth.wealthbox.endpoints,
          salesforce: auth.salesforce.endpoints,
          zoho: auth.zoho.endpoints,
          copper: auth.copper.endpoints,
        },
        apis: { wealthbox: wealthbox.url, zoho: zoho.url, copper: copper.url },
        // The Salesforce fake is on loopback, not a Salesforce host: this test allows it as the org.
        testOrigins: { salesforce: [salesforce.url] },
      },
    });
    const user = await signUp(t, { email: 'advisor@firm.example' });
    userId = await userIdOf(t, user.email);
    for (const type of ['wealthbox', 'salesforce', 'zoho', 'copper']) await connectViaOAuth(t, user, type);
  });
  afterAll(async () => {
    await t.close();
    for (const f of [wealthbox, salesforce, zoho, copper, ...Object.values(auth)]) await f.close();
  });

  const byEmail = (name: string | null, email: string, company?: string): PersonSearch => ({
    name,
    email,
    matches: (c) => c.email?.toLowerCase() === email,
    ...(company ? { company } : {}),
  });
  const find = (person: PersonSearch) => crmRecordsOf(t.app.deps, log, userId, person, 'test');
  const sources = (records: CrmPersonRecord[]) => records.map((r) => r.source);

  it('finds the person in each CRM: Wealthbox with its latest notes, the others with their company’s opportunities', async () => {
    const records = await find(byEmail('Ann Henderson', 'ann@henderson.example'));
    expect(sources(records)).toEqual(['wealthbox', 'salesforce', 'zoho', 'copper']);
    const [wb, ...others] = records;
    expect(wb).toMatchObject({ name: 'Ann Henderson', email: 'ann@henderson.example' });
    // The 10 latest notes, newest first, each cut to 1,000 characters.
    expect(wb!.notes!.map((n) => n.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-10-${String(12 - i).padStart(2, '0')}`),
    );
    expect(wb!.notes![0]!.content).toHaveLength(1000);
    for (const r of others) {
      expect(r).toEqual({
        source: r.source,
        name: 'Ann Henderson',
        email: 'ann@henderson.example',
        phone: '+1 555 0101',
        company: 'Henderson Family Trust',
        title: 'Trustee',
        opportunities: [{ name: 'Henderson Rollover', stage: expect.any(String), amount: 250_000 }],
      });
    }
  });

  it('tells a namesake apart by address, and finds a differently spelt Wealthbox contact by address', async () => {
    const records = await find(byEmail('Bob Smith', 'bob@smith.example'));
    // Only Wealthbox has him, as "Robert Smith".
    expect(records).toEqual([
      { source: 'wealthbox', name: 'Robert Smith', email: 'bob@smith.example', birth_date: null, notes: [] },
    ]);
    const elsewhere = await find(byEmail('Ann Henderson', 'ann@elsewhere.example'));
    expect(sources(elsewhere)).toEqual(['salesforce', 'zoho', 'copper']);
    expect(elsewhere.every((r) => r.opportunities?.length === 0)).toBe(true);
  });

  it('reads the opportunities of the company given when the contact names none', async () => {
    const records = await find(byEmail('Carl Jones', 'carl@jones.example', 'Jones Holdings'));
    expect(records.map((r) => [r.source, r.opportunities?.map((o) => o.name)])).toEqual([
      ['salesforce', ['Jones Plan']],
      ['zoho', ['Jones Plan']],
      ['copper', ['Jones Plan']],
    ]);
  });

  it('matches the company name exactly, quotes and wildcard characters included', async () => {
    const records = await find(byEmail('Dan OBrien', 'dan@obrien.example'));
    expect(records.map((r) => [r.source, r.opportunities?.map((o) => o.name)])).toEqual([
      ['salesforce', ['Estate plan']],
      ['zoho', ['Estate plan']],
      ['copper', ['Estate plan']],
    ]);
  });

  it('asks only Wealthbox, by address, when there is no name to search by', async () => {
    const before = [salesforce, zoho, copper].map((c) => c.requests.length);
    const records = await find(byEmail(null, 'ann@henderson.example'));
    expect(sources(records)).toEqual(['wealthbox']);
    expect([salesforce, zoho, copper].map((c) => c.requests.length)).toEqual(before);
  });

  it('leaves out a CRM that fails and logs it, and keeps the others', async () => {
    warnings.length = 0;
    zoho.failNext(503);
    const records = await find(byEmail('Ann Henderson', 'ann@henderson.example'));
    expect(sources(records)).toEqual(['wealthbox', 'salesforce', 'copper']);
    expect(warnings).toEqual(['test: the CRM lookup failed']);
  });
});
