// The CSV report: outcome columns, then the row's cells as read, quoted by csv-stringify
// and neutralised against formulas; lines in input order across batches.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/map/coerce.js';
import { REPORT_COLUMNS, openReport, type RowOutcome } from '../../src/report/report.js';

const dir = mkdtempSync(join(tmpdir(), 'ab-report-'));
const HEADERS = ['Name', 'Serial No.', 'Cost', 'Bought', ''];

async function written(outcomes: readonly RowOutcome[], opts: { raw?: boolean } = {}): Promise<string[][]> {
  const path = join(dir, `r-${Math.random().toString(36).slice(2)}.csv`);
  const report = await openReport(path, HEADERS, opts);
  for (const o of outcomes) await report.write(o);
  await report.close();
  return parse(readFileSync(path, 'utf8'), { relax_column_count: false }) as string[][];
}

const row = (n: number, extra: Partial<RowOutcome> = {}): RowOutcome => ({
  row: n,
  status: 'valid',
  issues: [],
  warnings: [],
  cells: [`Laptop ${n}`, `SN-${n}`, 1200.5, new Date(Date.UTC(2023, 0, 15)), null],
  ...extra,
});

describe('CSV report', () => {
  it('starts with the outcome columns and the headers; an empty header gets a name', async () => {
    const [header] = await written([]);
    expect(header).toEqual([
      '#row',
      '#status',
      '#id',
      '#message',
      '#warnings',
      'Name',
      'Serial No.',
      'Cost',
      'Bought',
      'Column 5',
    ]);
  });

  const cases: { name: string; outcome: RowOutcome; expected: string[] }[] = [
    {
      name: 'a valid row: cells as text, dates as ISO, empty as empty',
      outcome: row(2),
      expected: ['2', 'valid', '', '', '', 'Laptop 2', 'SN-2', '1200.5', '2023-01-15', ''],
    },
    {
      name: 'an invalid row: each issue with its column and field',
      outcome: row(3, {
        status: 'invalid',
        issues: [
          {
            code: 'E_VALUE_TOO_LONG',
            column: 'Name',
            field: 'name',
            message: 'must be at most 50 characters',
          },
          { code: 'E_LOOKUP_NOT_FOUND', field: 'country', message: "country 'Untied States' not found" },
        ],
      }),
      expected: [
        '3',
        'invalid',
        '',
        'column "Name" → name: must be at most 50 characters; country: country \'Untied States\' not found',
        '',
        'Laptop 3',
        'SN-3',
        '1200.5',
        '2023-01-15',
        '',
      ],
    },
    {
      name: 'a created row with its id and a note',
      outcome: row(4, { status: 'skipped', id: 17, note: 'already in the service (id 17)' }),
      expected: [
        '4',
        'skipped',
        '17',
        'already in the service (id 17)',
        '',
        'Laptop 4',
        'SN-4',
        '1200.5',
        '2023-01-15',
        '',
      ],
    },
    {
      name: 'cells with commas, quotes and line breaks survive quoting',
      outcome: row(5, { cells: ['Desk, "big"', 'line 1\nline 2', '1,234.50', null, null] }),
      expected: ['5', 'valid', '', '', '', 'Desk, "big"', 'line 1\nline 2', '1,234.50', '', ''],
    },
    {
      name: 'formula-like text is neutralised, in cells and messages',
      outcome: row(6, {
        status: 'invalid',
        cells: ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', null],
        issues: [{ code: 'E_VALUE_INVALID', message: '=bad' }],
      }),
      expected: ['6', 'invalid', '', "'=bad", '', '\'=HYPERLINK("x")', "'+1", "'-2", "'@SUM(A1)", ''],
    },
    {
      name: 'warnings go in their own column',
      outcome: row(7, {
        warnings: [{ code: 'W_READ', column: 'Serial No.', message: 'a number that lost its leading zeros' }],
      }),
      expected: [
        '7',
        'valid',
        '',
        '',
        'column "Serial No.": a number that lost its leading zeros',
        'Laptop 7',
        'SN-7',
        '1200.5',
        '2023-01-15',
        '',
      ],
    },
  ];
  it.each(cases)('$name', async ({ outcome, expected }) => {
    const [, line] = await written([outcome]);
    expect(line).toEqual(expected);
  });

  it('raw reports keep formula-like text as it is', async () => {
    const [, line] = await written([row(2, { cells: ['=1+1', null, null, null, null] })], { raw: true });
    expect(line[5]).toBe('=1+1');
  });

  it('a row that comes with its record text is echoed from it, and reads back the same as one quoted cell by cell', async () => {
    const cells = ['Desk, big', 'SN-1', '1,234.50', null, null];
    const plain = row(2, { cells });
    const withText = row(2, { cells, text: '"Desk, big",SN-1,"1,234.50",,' });
    const failed = (o: RowOutcome): RowOutcome => ({
      ...o,
      status: 'invalid',
      issues: [
        { code: 'E_VALUE_INVALID', column: 'Cost', field: 'original_cost', message: 'is "odd", here' },
      ],
    });
    expect(await written([withText, failed(withText)])).toEqual(await written([plain, failed(plain)]));
  });

  it('keeps input order across batches that mix rows with and without record text', async () => {
    const outcomes = Array.from({ length: 700 }, (_, i) =>
      i % 3 === 0 ? row(i + 2, { cells: [`L${i}`, null, null, null, null], text: `L${i},,,,` }) : row(i + 2),
    );
    const lines = await written(outcomes);
    expect(lines.slice(1).map((l) => [Number(l[0]), l[5]])).toEqual(
      outcomes.map((o) => [o.row, o.text ? `L${o.row - 2}` : `Laptop ${o.row}`]),
    );
  });

  it('writes each line byte for byte as csv-stringify quotes it, whether or not it needs quotes', async () => {
    const cells: RowOutcome['cells'][] = [
      ['plain', 'SN-1', 12, new Date(Date.UTC(2023, 0, 15)), null],
      [' spaces ', 'tab\there', 'ünïcödé €', "it's", '#hash'],
      ['a,b', 'SN-2', null, null, null],
      ['say "hi"', 'SN-3', null, null, null],
      ['line\nbreak', 'SN-4', null, null, null],
      ['SN-5', 'cr\rhere', null, null, null],
      ['', '', '', '', ''],
      [true, false, { error: '#N/A' }, -0.5, 1e21],
    ];
    const outcomes = cells.map((c, i) => row(i + 2, { cells: c }));
    const path = join(dir, `bytes-${Math.random().toString(36).slice(2)}.csv`);
    const report = await openReport(path, HEADERS);
    for (const o of outcomes) await report.write(o);
    await report.close();
    const neutral = (t: string) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);
    const text = (c: RowOutcome['cells'][number]) =>
      c === null || c === undefined ? '' : neutral(typeof c === 'string' ? c : cellText(c));
    const expected = stringify([
      [...REPORT_COLUMNS, ...HEADERS.map((h, i) => h || `Column ${i + 1}`)],
      ...outcomes.map((o) => [String(o.row), o.status, '', '', '', ...o.cells.map(text)]),
    ]);
    expect(readFileSync(path, 'utf8')).toBe(expected);
  });

  it("a dry run's #sent column: the body as JSON after #warnings, byte for byte as csv-stringify writes it, cells given or as record text", async () => {
    const sent = { company: 1, name: 'Desk, "big"', original_cost: 329.9 };
    const outcomes = [
      row(2, { sent }),
      row(3, { sent, cells: ['a,b', 'SN-2', null, null, null] }),
      row(4, { sent, cells: ['Desk', 'SN-4', null, null, null], text: 'Desk,SN-4,,,' }),
      row(5, {
        status: 'invalid',
        issues: [{ code: 'E_VALUE_INVALID', message: 'bad, here' }],
        cells: ['x', 'y', null, null, null],
        text: 'x,y,,,',
      }),
      row(6, { status: 'invalid', issues: [{ code: 'E_VALUE_INVALID', message: 'bad' }] }),
    ];
    const path = join(dir, `sent-${Math.random().toString(36).slice(2)}.csv`);
    const report = await openReport(path, HEADERS, { sent: true });
    for (const o of outcomes) await report.write(o);
    await report.close();
    const text = (c: RowOutcome['cells'][number]) =>
      c === null || c === undefined ? '' : typeof c === 'string' ? c : cellText(c);
    const expected = stringify([
      [...REPORT_COLUMNS, '#sent', ...HEADERS.map((h, i) => h || `Column ${i + 1}`)],
      ...outcomes.map((o) => [
        String(o.row),
        o.status,
        '',
        o.issues.map((i) => i.message).join('; '),
        '',
        o.sent ? JSON.stringify(o.sent) : '',
        ...o.cells.map(text),
      ]),
    ]);
    expect(readFileSync(path, 'utf8')).toBe(expected);
  });

  it('keeps input order across many batches', async () => {
    const outcomes = Array.from({ length: 2_000 }, (_, i) => row(i + 2));
    const lines = await written(outcomes);
    expect(lines).toHaveLength(2_001);
    expect(lines.slice(1).map((l) => Number(l[0]))).toEqual(outcomes.map((o) => o.row));
  });
});
