// A dry run reads the sheet once, learning date orders, names and duplicate keys from its
// first rows and the rest as it goes. Whatever the look-ahead, its report must be the one
// the two-pass run gives, or it must stop with the error that run would have given.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { validateSpreadsheet, type ImportOptions, type ImportSummary } from '../../src/run/import.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { addContracts } from '../helpers/contracts.js';

let sb: Sandbox;
const dir = mkdtempSync(join(tmpdir(), 'ab-one-pass-'));

beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  // 4 seed contracts + 72: four pages, so the contract list is read part-way by name.
  const client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  await addContracts(
    client,
    Array.from({ length: 72 }, (_, i) => `OP-${i + 1}`),
  );
  await client.close();
});
afterAll(() => sb.close());

async function contractListGets(): Promise<number> {
  const stats = (await (await sb.admin(`/__sandbox/stats`)).json()) as { requests: Record<string, number> };
  return stats.requests['GET /api/v2/contract/'] ?? 0;
}

let seq = 0;
/** Validate `file` one way; the report's text, the summary, and the contract list reads. */
async function check(
  file: string,
  opts: Partial<ImportOptions>,
): Promise<{ summary: ImportSummary; report: string; contractGets: number }> {
  const reportPath = join(dir, `report-${++seq}.csv`);
  await sb.admin(`/__sandbox/reset`, { method: 'POST' });
  const summary = await validateSpreadsheet({
    file,
    resource: 'asset',
    connection: {
      baseUrl: sb.url,
      token: sb.token,
      company: 1,
      rateLimit: 0,
      sandbox: false,
      allowInsecureHttp: true,
    },
    lookupCacheDir: join(dir, `cache-${seq}`),
    reportPath,
    ...opts,
  });
  return { summary, report: readFileSync(reportPath, 'utf8'), contractGets: await contractListGets() };
}

const HEADER = 'Name,Serial No.,Category,Sub Cat,Country,Purchase Date,Contract';
/** A CSV of asset rows: [purchase date, contract number] each; names and serials numbered. */
function sheet(name: string, rows: readonly (readonly [string, string])[]): string {
  const path = join(dir, `${name}.csv`);
  const lines = rows.map(
    ([date, contract], i) => `Laptop ${i + 1},OP-SN-${i + 1},Hardware,Laptop,USA,${date},${contract}`,
  );
  writeFileSync(path, [HEADER, ...lines].join('\n') + '\n');
  return path;
}
const repeat = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** Four records, a totals row and two notes below the table. */
function notesBelow(): string {
  const path = join(dir, 'notes-below.csv');
  const rows = repeat(4, (i) => `Laptop ${i + 1},NB-${i + 1},Hardware,Laptop,USA,2023-01-01,`);
  const below = ['Total,,,,,,', 'Exported from Lansweeper on 30/11/2026 by j.doe', 'Page 1 of 1'];
  writeFileSync(path, [HEADER, ...rows, ...below].join('\n'));
  return path;
}

describe('one pass gives the two-pass report', () => {
  const cases: { name: string; file: () => string; lookahead: number }[] = [
    {
      name: 'messy CSV: title rows, legacy headers, owners by email',
      file: () => 'test/fixtures/import/assets-title-row.csv',
      lookahead: 1,
    },
    {
      name: 'semicolons, day-first dates, decimal commas',
      file: () => 'test/fixtures/import/assets-semicolon-daymonth.csv',
      lookahead: 2,
    },
    {
      name: 'the sample register (XLSX: blank rows, a totals row, bad values)',
      file: () => 'samples/legacy-asset-register.xlsx',
      lookahead: 5,
    },
    {
      name: 'dates that read both ways in the look-ahead, settled by a later row',
      file: () =>
        sheet('settled-later', [
          ...repeat(5, () => ['03/04/2023', 'OP-1'] as const),
          ['25/12/2023', 'OP-1'],
          ['04/03/2023', 'OP-1'],
        ]),
      lookahead: 3,
    },
    {
      name: 'ISO dates in the look-ahead, then dates that read both ways, settled further on',
      file: () =>
        sheet('ambiguous-after', [
          ...repeat(4, () => ['2023-01-15', 'OP-1'] as const),
          ['03/04/2023', 'OP-1'],
          ['05/06/2023', 'OP-1'],
          ['25/12/2023', 'OP-1'],
        ]),
      lookahead: 2,
    },
    {
      name: 'duplicate serial numbers on both sides of the look-ahead',
      file: () => {
        const path = join(dir, 'duplicates.csv');
        writeFileSync(
          path,
          [
            HEADER,
            'A,DUP-1,Hardware,Laptop,USA,2023-01-01,',
            'B,DUP-2,Hardware,Laptop,USA,2023-01-01,',
            'A,DUP-1,Hardware,Laptop,USA,2023-01-01,',
            'B,DUP-2,Hardware,Laptop,USA,2023-01-01,',
          ].join('\n'),
        );
        return path;
      },
      lookahead: 1,
    },
    {
      name: 'contract numbers the look-ahead did not meet (a list read by name)',
      file: () =>
        sheet('new-names', [
          ['2023-01-01', 'OP-1'],
          ['2023-01-01', 'OP-1'],
          ['2023-01-01', 'OP-40'],
          ['2023-01-01', 'OP-4O'],
          ['2023-01-01', 'OP-41'],
        ]),
      lookahead: 2,
    },
    {
      // A row whose record is listed asks no list for a cell naming what the record has; the
      // rows after the look-ahead ask as they are read, the new row and the changed cell alone.
      name: 'rows already in the service on both sides of the look-ahead',
      file: () => {
        const path = join(dir, 'in-service.csv');
        writeFileSync(
          path,
          [
            HEADER,
            'Finance laptop 01,SN-EXIST-0001,Hardware,Laptop,USA,2023-01-01,CT-2023-001',
            'B,SN-EXIST-0002,Hardware,Laptop,United States,2023-01-01,',
            'New,OP-NEW-1,Hardware,Laptop,USA,2023-01-01,OP-40',
            'C,SN-EXIST-0003,Hardware,Laptop,Germany,2023-01-01,OP-41',
            'D,SN-EXIST-0004,Hardware,Laptop,USA,2023-01-01,OP-4O',
          ].join('\n'),
        );
        return path;
      },
      lookahead: 2,
    },
    {
      // The lines below the table are held until the sheet ends, the look-ahead's end or not.
      name: 'a totals row and notes below the table, past the look-ahead',
      file: notesBelow,
      lookahead: 2,
    },
  ];
  it.each(cases)('$name', async ({ file, lookahead }) => {
    const path = file();
    const one = await check(path, { lookaheadRows: lookahead });
    const two = await check(path, { onePass: false });
    expect(one.report).toBe(two.report);
    expect(one.summary.counts).toEqual(two.summary.counts);
    expect(one.summary.rows).toBe(two.summary.rows);
    // The plan counted only the look-ahead's rows, and said so.
    expect(one.summary.plan.counted).toBe(false);
    expect(one.summary.plan.rows).toBeLessThanOrEqual(lookahead);
    expect(two.summary.plan.counted).toBe(true);
  });
});

describe('notes below the table past the look-ahead', () => {
  it('are skipped as notes, as the two-pass run skips them', async () => {
    const one = await check(notesBelow(), { lookaheadRows: 2 });
    expect(one.summary.counts).toMatchObject({ valid: 4, skipped: 3, invalid: 0 });
    expect(one.report).toContain(
      'a note below the table, not a record: ""Page 1 of 1"" is below the totals row (row 6)',
    );
  });
});

describe('a key repeated past the look-ahead with other values', () => {
  it('is skipped as a conflict either way; one pass, which kept no cells of the earlier row, says so', async () => {
    const path = join(dir, 'conflict-late.csv');
    writeFileSync(
      path,
      [
        HEADER,
        'A,KC-1,Hardware,Laptop,USA,2023-01-01,',
        'X,KC-9,Hardware,Laptop,USA,2023-01-01,',
        'C,KC-1,Hardware,Laptop,USA,2023-01-01,',
      ].join('\n'),
    );
    const one = await check(path, { lookaheadRows: 1 });
    const two = await check(path, { onePass: false });
    const row4 = (report: string) => report.split('\n')[3];
    expect(row4(two.report)).toContain('but Name ""A"" → ""C""');
    expect(row4(one.report)).toContain(
      'but other values than row 2 (a dry run past its look-ahead keeps no cells to show',
    );
    for (const run of [one, two]) {
      expect(run.summary.counts).toMatchObject({ valid: 2, skipped: 1 });
      expect(run.summary.keyConflictRows).toBe(1);
    }
  });
});

describe('one pass stops where two passes would have', () => {
  const cases: { name: string; rows: (readonly [string, string])[]; message: RegExp }[] = [
    {
      name: 'a column that turns out to mix day-first and month-first dates',
      rows: [
        ['25/12/2023', 'OP-1'],
        ['03/04/2023', 'OP-1'],
        ['04/05/2023', 'OP-1'],
        ['12/31/2023', 'OP-1'],
      ],
      message: /column "Purchase Date" mixes day-first dates \(row 2\) and month-first dates \(row 5\)/,
    },
    {
      name: 'a column whose dates all read both ways',
      rows: [
        ['2023-01-01', 'OP-1'],
        ['2023-01-02', 'OP-1'],
        ['03/04/2023', 'OP-1'],
        ['05/06/2023', 'OP-1'],
      ],
      message:
        /column "Purchase Date" has dates such as 03\/04\/2023 \(row 4\) that could be day-first or month-first/,
    },
  ];
  it.each(cases)('$name', async ({ name, rows, message }) => {
    const path = sheet(name.replace(/\W+/g, '-'), rows);
    await expect(check(path, { lookaheadRows: 1 })).rejects.toMatchObject({
      code: 'E_DATE_AMBIGUOUS',
      message: expect.stringMatching(message),
    });
    await expect(check(path, { onePass: false })).rejects.toMatchObject({
      code: 'E_DATE_AMBIGUOUS',
      message: expect.stringMatching(message),
    });
  });
});

describe('the cost of names met late', () => {
  it('reads a list part-way by name, then whole once that is cheaper: at most the rest of the list more than two passes', async () => {
    const path = sheet('late-names', [
      ['2023-01-01', 'OP-1'],
      ['2023-01-01', 'OP-40'],
      ['2023-01-01', 'OP-41'],
      ['2023-01-01', 'OP-42'],
    ]);
    const one = await check(path, { lookaheadRows: 1 });
    const two = await check(path, { onePass: false });
    // Two passes know all four names: page 1 and the 3 pages after it. One pass: page 1,
    // OP-1 and OP-40 by name, then the 3 other pages once a third name comes.
    expect(two.contractGets).toBe(4);
    expect(one.contractGets).toBe(6);
    // The plan, made after the look-ahead, knew of two names.
    expect(one.summary.plan.lookups.find((l) => l.kind === 'contract')).toMatchObject({
      strategy: 'filtered calls',
      requests: 2,
    });
    expect(one.summary.counts.valid).toBe(4);
  });

  it('a sheet that fits in the look-ahead is counted, as with two passes', async () => {
    const path = sheet('short', [
      ['2023-01-01', 'OP-1'],
      ['2023-01-01', 'OP-2'],
    ]);
    const one = await check(path, {});
    expect(one.summary.plan).toMatchObject({ counted: true, rows: 2 });
  });
});

// A column of dates that read both ways, settled by the rest of the sheet (date-inference.ts):
// the day past 12 that settles it may be past the look-ahead; the side scan that reads the
// column through finds it, and every row says how its date was read, as two passes say.
describe('a date column settled by the rest of the sheet, past the look-ahead', () => {
  const cases = [
    {
      name: 'another date column shows a day past 12 on the last row',
      csv:
        'Name,Serial No.,Purchase Date,Warranty End Date\n' +
        'A,IN-1,03/04/2023,01/02/2026\nB,IN-2,05/06/2023,02/03/2026\nC,IN-3,07/08/2023,31/12/2026\n',
      code: 'W_DATE_ORDER_INFERRED',
      sent: ['2023-04-03', '2023-06-05', '2023-08-07'],
      noted: 3,
      assumed: 0,
    },
    {
      name: 'German headers',
      csv: 'Bezeichnung;Seriennummer;Kaufdatum\nA;IN-4;2023-01-01\nB;IN-5;03/04/2023\nC;IN-6;05/06/2023\n',
      code: 'W_DATE_ORDER_ASSUMED',
      sent: ['2023-01-01', '2023-04-03', '2023-06-05'],
      noted: 2,
      assumed: 2,
    },
  ];
  it.each(cases)(
    '$name: read day-first, $code on $noted rows, either way',
    async ({ name, csv, sent, noted, assumed }) => {
      const path = join(dir, `${name.replace(/\W+/g, '-')}.csv`);
      writeFileSync(path, csv);
      const one = await check(path, { lookaheadRows: 1 });
      const two = await check(path, { onePass: false });
      expect(one.report).toBe(two.report);
      const start = (line: string) => /service_start_date"":""([\d-]+)/.exec(line)?.[1];
      const lines = two.report.trim().split('\n').slice(1);
      expect(lines.map(start)).toEqual(sent);
      expect(lines.filter((l) => l.includes(' read day-first as ')).length).toBe(noted);
      // The guesses from the headers' language are counted: they set the exit code.
      for (const run of [one, two]) expect(run.summary.assumedDateRows).toBe(assumed);
    },
  );
});
