// Contact exports as CRMs, contact apps and spreadsheets write them (fixtures/csv), each imported
// through the real process route: the exact prospects, and the lines reported as not imported.
import { readFileSync } from 'node:fs';
import { KNAP_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/csv/${name}`, import.meta.url));

interface Prospect {
  name: string;
  email: string | null;
  company: string | null;
  title: string | null;
  details?: string;
}

const RENEE: Prospect = {
  name: 'Renée Côté',
  email: 'renee@cote.example',
  company: 'Côté Holdings',
  title: 'VP Finance',
};
const MARCUS: Prospect = {
  name: 'Marcus Bell',
  email: 'mbell@bellrx.example',
  company: 'Bell Pharmacy, Inc.',
  title: 'CEO',
};

describe(`CSV exports into prospecting (${testEngine()})`, () => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      clock: fixedClock('2026-11-22T09:00:00.000Z'),
      config: { knapDefaults: ['Prospecting'] },
    });
    user = await signUp(t);
  });
  afterAll(() => t.close());

  const load = (bytes: Uint8Array) =>
    as(
      t,
      user,
    )({
      method: 'POST',
      url: KNAP_PATHS.process,
      payload: {
        component_id: 'data-selection',
        input_data: { source: 'csv', csv_base64: Buffer.from(bytes).toString('base64') },
        next_step: 'review',
        next_component_id: 'review-form',
      },
    });

  /** The file's prospects as stored (without ids) and the lines the response lists as skipped. */
  async function importFile(name: string) {
    const res = await load(fixture(name));
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json().data;
    const stored = await as(
      t,
      user,
    )({ method: 'POST', url: KNAP_PATHS.components, payload: { component_id: 'data-selection' } });
    const { rows, selection } = stored.json().data;
    expect(selection.skipped_lines).toEqual(review.skipped_lines);
    expect(review.row_count).toBe(rows.length);
    return {
      prospects: rows.map(({ id: _, ...row }: Prospect & { id: string }) => row),
      skipped: review.skipped_lines,
    };
  }

  const only = (rows: Prospect[]) => rows.map(({ details: _, ...row }) => row);

  it('Excel "CSV UTF-8": a BOM, accents, a quoted line break; a row without a name is listed', async () => {
    const { prospects, skipped } = await importFile('excel-utf8-bom.csv');
    expect(prospects).toEqual([
      { ...RENEE, company: 'Côté Gestion', title: 'Directrice', details: '' },
      {
        name: "Zoë O'Brien",
        email: 'zoe@obrien.example',
        company: 'Brien, O & Partners',
        title: 'Founder',
        details: 'notes: Met at the Austin summit\r\nwants a call in May',
      },
      { name: 'Jörg Weiß', email: null, company: 'Weiß GmbH', title: 'Geschäftsführer', details: '' },
    ]);
    expect(skipped).toEqual([{ line: 5, reason: 'it has no name' }]);
  });

  it('European Excel: semicolons, Windows-1252, commas inside values', async () => {
    const { prospects, skipped } = await importFile('excel-semicolon.csv');
    expect(prospects).toEqual([
      {
        name: 'Müller, Hans',
        email: 'hans@mueller.example',
        company: 'Müller & Söhne AG',
        title: 'Vorstand',
        details: 'revenue: 1.234,50',
      },
      {
        name: 'Léa Dupont',
        email: 'lea@dupont.example',
        company: 'Dupont, Fils et Cie',
        title: 'Gérante',
        details: 'revenue: 980,00',
      },
    ]);
    expect(skipped).toEqual([]);
  });

  it('a sep=, first line is not read as the header', async () => {
    const { prospects, skipped } = await importFile('sep-line.csv');
    expect(only(prospects)).toEqual([
      { name: 'Ann Lee', email: 'ann@lee.example', company: 'Lee & Co, LLC', title: 'Owner' },
      { name: 'Bo Chan', email: 'bo@chan.example', company: 'Chan Capital', title: 'Partner' },
    ]);
    expect(skipped).toEqual([]);
  });

  it('Windows-1252 text; a row an unquoted comma shifted is listed, not imported', async () => {
    const { prospects, skipped } = await importFile('windows-1252.csv');
    expect(only(prospects)).toEqual([
      {
        name: 'Renée Côté',
        email: 'renee@creme.example',
        company: 'Café Crème SARL',
        title: 'Directrice – Ventes',
      },
      {
        name: 'François Ménard',
        email: 'francois@menard.example',
        company: 'Ménard Conseil',
        title: 'Président',
      },
    ]);
    expect(skipped).toEqual([
      { line: 4, reason: 'it has 5 fields where the header has 4; quote values that hold the separator' },
    ]);
  });

  it('Salesforce Data Loader: field names, ACCOUNT.NAME as the company', async () => {
    const { prospects, skipped } = await importFile('salesforce-dataloader.csv');
    expect(prospects).toEqual([
      { ...RENEE, details: 'id: 0035e00000AbCdEAAV; mailingcity: Montréal' },
      { ...MARCUS, details: 'id: 0035e00000AbCdFAAV; mailingcity: Austin' },
    ]);
    expect(skipped).toEqual([{ line: 4, reason: 'it has no name' }]);
  });

  it('a Salesforce report (ISO-8859-1): its footer is no prospect', async () => {
    const { prospects, skipped } = await importFile('salesforce-report.csv');
    expect(prospects).toEqual([
      { ...RENEE, details: 'mailing city: Montréal' },
      { ...MARCUS, details: 'mailing city: Austin' },
    ]);
    expect(skipped).toEqual([]);
  });

  it('a one-column Salesforce report: its footer is no prospect', async () => {
    const { prospects, skipped } = await importFile('salesforce-report-one-column.csv');
    expect(only(prospects)).toEqual([
      { name: 'Renée Côté', email: null, company: null, title: null },
      { name: 'Marcus Bell', email: null, company: null, title: null },
    ]);
    expect(skipped).toEqual([]);
  });

  it('a one-column list with a blank line in it: every name kept, none read as a footer', async () => {
    const { prospects } = await importFile('names-one-column.csv');
    expect(prospects.map((p: Prospect) => p.name)).toEqual(['Ann Lee', 'Bo Chan', 'Total Wealth Partners']);
  });

  it('Outlook in German (Windows-1252, semicolons): Vorname, Nachname, Firma, Position, E-Mail-Adresse', async () => {
    const { prospects, skipped } = await importFile('outlook-de.csv');
    expect(prospects).toEqual([
      {
        name: 'Jörg Weiß',
        email: 'joerg@weiss.example',
        company: 'Weiß GmbH',
        title: 'Geschäftsführer',
        details: 'anrede: Herr; ort geschäftlich: München',
      },
      {
        name: 'Anna Maria Schütz',
        email: 'anna@schuetz.example',
        company: 'Schütz & Partner',
        title: 'Leiterin Vertrieb',
        details: 'anrede: Frau; abteilung: Vertrieb; ort geschäftlich: Köln',
      },
    ]);
    expect(skipped).toEqual([]);
  });

  it('a French list: Prénom, Nom, Courriel, Société, Poste', async () => {
    const { prospects, skipped } = await importFile('french-list.csv');
    expect(prospects).toEqual([
      {
        name: 'Léa Dupont',
        email: 'lea@dupont.example',
        company: 'Dupont, Fils et Cie',
        title: 'Gérante',
        details: 'ville: Lyon',
      },
      {
        name: 'François Ménard',
        email: 'francois@menard.example',
        company: 'Ménard Conseil',
        title: 'Président',
        details: 'ville: Paris',
      },
    ]);
    expect(skipped).toEqual([]);
  });

  it('HubSpot: Company Name and Job Title', async () => {
    const { prospects, skipped } = await importFile('hubspot.csv');
    expect(prospects).toEqual([
      {
        ...RENEE,
        details:
          'record id: 51; phone number: +1 514 555 0100; lifecycle stage: Lead; create date: 2026-10-02 14:11',
      },
      { ...MARCUS, details: 'record id: 52; lifecycle stage: Customer; create date: 2026-10-03 09:40' },
    ]);
    expect(skipped).toEqual([]);
  });

  it('Outlook: E-mail Address, and Job Title rather than the courtesy Title', async () => {
    const { prospects, skipped } = await importFile('outlook.csv');
    expect(only(prospects)).toEqual([RENEE, { ...MARCUS, name: 'Marcus J. Bell' }]);
    expect(prospects[1].details).toBe(
      'title: Dr.; suffix: Jr.; business city: Austin; e-mail type: SMTP; e-mail display name: Marcus Bell (mbell@bellrx.example); notes: Met at "Rx Summit"',
    );
    expect(skipped).toEqual([]);
  });

  it('Google Contacts, both layouts: E-mail 1 - Value and the organization', async () => {
    for (const file of ['google.csv', 'google-legacy.csv']) {
      const { prospects, skipped } = await importFile(file);
      expect(only(prospects), file).toEqual([RENEE, MARCUS]);
      expect(skipped, file).toEqual([]);
    }
  });

  it('a list typed by hand: a space before an opening quote', async () => {
    const { prospects, skipped } = await importFile('hand-made.csv');
    expect(only(prospects)).toEqual([
      { ...RENEE, company: 'Côté Holdings, Inc.', title: 'VP, Finance' },
      { ...MARCUS, company: 'Bell "Rx" Pharmacy' },
    ]);
    expect(skipped).toEqual([]);
  });

  it('Excel "Unicode Text": UTF-16 with tabs', async () => {
    const { prospects } = await importFile('excel-unicode-text.txt');
    expect(prospects).toEqual([{ ...RENEE, details: '' }]);
  });

  it('a file of no readable row answers which lines and why, and changes nothing', async () => {
    const before = await as(
      t,
      user,
    )({ method: 'POST', url: KNAP_PATHS.components, payload: { component_id: 'data-selection' } });
    const bad = async (csv: string, detail: string) => {
      const res = await load(Buffer.from(csv));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ detail });
    };
    await bad(
      'Name,Email\n,a@x.example\n,b@x.example\nAnn,ann@x.example,oops\n,c@x.example\n',
      'No row of the CSV could be read: line 2: it has no name; line 3: it has no name; line 4: it has 3 fields where the header has 2; quote values that hold the separator (and 1 more)',
    );
    await bad('Name,Email\n"Ann, a@x.example\n', 'The CSV has a quote that is never closed (line 2)');
    await bad('sep=;\nName;Email\nAnn;a@x\n"Bo;b@x\n', 'The CSV has a quote that is never closed (line 4)');
    const after = await as(
      t,
      user,
    )({ method: 'POST', url: KNAP_PATHS.components, payload: { component_id: 'data-selection' } });
    expect(after.json()).toEqual(before.json());
  });
});
