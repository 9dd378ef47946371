// Prospects from a CSV file as CRMs, contact apps and spreadsheets export them: their column names
// read as synonyms, and the lines that cannot be read listed back instead of imported.
import {
  CSV_SKIP_REASON,
  KNAP_DETAIL,
  PROSPECT_MAX_ROWS,
  type TCsvSkippedLine,
  type TProspectRow,
} from '@knap/contracts';
import { CsvError, readCsv } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';

/** A header as compared: lower case, letters and digits only ("E-mail Address" -> "emailaddress"). */
const headerKey = (header: string) =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The columns each field is read from, the first present winning. Salesforce (reports and Data
 * Loader's ACCOUNT.NAME), HubSpot, Outlook, Google Contacts (both its layouts) and hand-made lists,
 * in English, German (Outlook's "Vorname", "Nachname", "Firma", "Position", "E-Mail-Adresse") and
 * French (Outlook's "Prénom", "Nom", "Société", "Poste", "Adresse de messagerie"; "Courriel").
 * Outlook's "Title" (and "Anrede", "Titre") is Mr. or Ms., so "Job Title" comes first and those are
 * none of these. A French "Nom" is the family name; read alone it is the whole name.
 */
const FIELD_COLUMNS = {
  name: ['name', 'fullname', 'contact', 'contactname', 'displayname', 'vollstandigername', 'nomcomplet'],
  first: ['firstname', 'givenname', 'vorname', 'prenom'],
  middle: ['middlename', 'additionalname', 'weiterevornamen', 'zweitervorname', 'deuxiemeprenom'],
  last: ['lastname', 'familyname', 'surname', 'nachname', 'familienname', 'nom', 'nomdefamille'],
  email: [
    'email',
    'emailaddress',
    'email1value',
    'primaryemail',
    'workemail',
    'emailadresse',
    'courriel',
    'adresseemail',
    'adressedemessagerie',
  ],
  company: [
    'company',
    'companyname',
    'accountname',
    'organization',
    'organizationname',
    'organization1name',
    'firma',
    'unternehmen',
    'firmenname',
    'societe',
    'entreprise',
    'organisation',
  ],
  title: [
    'jobtitle',
    'organizationtitle',
    'organization1title',
    'title',
    'position',
    'berufsbezeichnung',
    'poste',
    'fonction',
  ],
} as const;
type Field = keyof typeof FIELD_COLUMNS;

export interface CsvProspects {
  rows: TProspectRow[];
  skipped: TCsvSkippedLine[];
}

/** The prospects of a CSV file whose header names a name column (or first and last name). */
export function prospectsFromCsv(bytes: Uint8Array): CsvProspects {
  let table: ReturnType<typeof readCsv>;
  try {
    table = readCsv(bytes);
  } catch (err) {
    if (err instanceof CsvError) throw new HttpError(422, KNAP_DETAIL.csvUnclosedQuote(err.line));
    throw err;
  }
  const { header, rows: records } = table;
  const keys = header.map(headerKey);
  const column = Object.fromEntries(
    Object.entries(FIELD_COLUMNS).map(([field, names]) => [
      field,
      names.map((n) => keys.indexOf(n)).find((i) => i >= 0) ?? -1,
    ]),
  ) as Record<Field, number>;
  if (column.name < 0 && column.first < 0 && column.last < 0)
    throw new HttpError(422, KNAP_DETAIL.csvNoNameColumn);
  if (records.length > PROSPECT_MAX_ROWS)
    throw new HttpError(422, KNAP_DETAIL.csvTooManyRows(records.length));
  const used = new Set(Object.values(column));
  const detailColumns = header.flatMap((h, i) => (used.has(i) || !h ? [] : [{ i, label: h.toLowerCase() }]));

  const rows: TProspectRow[] = [];
  const skipped: TCsvSkippedLine[] = [];
  records.forEach(({ line, fields }, n) => {
    // Trailing empty fields (a spreadsheet's blank cells past the header) are harmless; values past
    // the header mean a separator inside an unquoted value shifted the row, which cannot be undone.
    if (fields.slice(header.length).some((f) => f.trim() !== '')) {
      skipped.push({ line, reason: CSV_SKIP_REASON.fieldCount(fields.length, header.length) });
      return;
    }
    const value = (field: Field) => (column[field] < 0 ? '' : (fields[column[field]] ?? '').trim());
    const name =
      value('name') || [value('first'), value('middle'), value('last')].filter(Boolean).join(' ').trim();
    if (!name) {
      skipped.push({ line, reason: CSV_SKIP_REASON.noName });
      return;
    }
    rows.push({
      id: `csv:${n + 1}`,
      name: name.slice(0, 200),
      email: value('email').slice(0, 254) || null,
      company: value('company').slice(0, 200) || null,
      title: value('title').slice(0, 200) || null,
      details: detailColumns
        .flatMap(({ i, label }) => {
          const v = (fields[i] ?? '').trim();
          return v ? [`${label}: ${v}`] : [];
        })
        .join('; ')
        .slice(0, 1000),
    });
  });
  if (rows.length === 0 && skipped.length > 0)
    throw new HttpError(422, KNAP_DETAIL.csvNoReadableRows(skipped));
  return { rows, skipped };
}
