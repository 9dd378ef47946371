// CSV text (RFC 4180: quoted fields with "" escapes, commas and line breaks inside quotes, CRLF or
// LF) into rows of fields. Small and strict enough for contact lists users export from spreadsheets.

export class CsvError extends Error {
  override readonly name = 'CsvError';
}

/** Every record as its fields; blank lines are skipped. Throws CsvError on an unclosed quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
    } else field += c;
  }
  if (quoted) throw new CsvError(`The CSV has a quote that is never closed (line ${quoteLine})`);
  endRow();
  return rows;
}

/** The records after the header as objects keyed by the header's names (trimmed, lower-case). */
export function csvRecords(text: string): { columns: string[]; records: Array<Record<string, string>> } {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { columns: [], records: [] };
  const columns = header.map((h) => h.trim().toLowerCase());
  return {
    columns,
    records: rows.map((fields) =>
      Object.fromEntries(columns.map((column, n) => [column, (fields[n] ?? '').trim()])),
    ),
  };
}
