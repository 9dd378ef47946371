import { describe, expect, it } from 'vitest';
import { CsvError, csvRecords, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quotes, escaped quotes, commas and line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\uFEFFname,note\r\n"Lee, Sam","said ""hi""\nthen left"\r\n\r\nAnn,\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Lee, Sam', 'said "hi"\nthen left'],
      ['Ann', ''],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('a,b"c\n')).toEqual([['a', 'b"c']]);
  });

  it('names the line of a quote never closed', () => {
    expect(() => parseCsv('name\nAnn\n"Bob\n')).toThrow(
      new CsvError('The CSV has a quote that is never closed (line 3)'),
    );
  });

  it('keys records by the trimmed, lower-case header; missing fields are empty', () => {
    expect(csvRecords(' Name ,EMAIL\nAnn,a@x.example\nBob')).toEqual({
      columns: ['name', 'email'],
      records: [
        { name: 'Ann', email: 'a@x.example' },
        { name: 'Bob', email: '' },
      ],
    });
    expect(csvRecords('')).toEqual({ columns: [], records: [] });
  });
});
