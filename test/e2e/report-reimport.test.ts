// A report is a safe input (issue 13: every row exactly once): the README's loop — filter
// the report, fix cells, import it again as it is — against one sandbox over HTTP: the CSV
// loop with the built CLI, the other loops with the library's import and update in-process
// (library.ts), as the CLI calls them. Assets without a serial number (no natural key, so no existing-record
// check can catch them) are where a report imported again used to make duplicates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '../../src/report/columns.js';
import { updateSpreadsheet, type ImportOptions } from '../../src/index.js';
import { readReport, runCli, useSandbox, type CliResult } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();

const write = (name: string, text: string): string => {
  const file = join(env.dir, name);
  writeFileSync(file, text);
  return file;
};
const path = (name: string) => join(env.dir, name);

/** Assets named with `prefix`, by name: how many records each name has. */
async function assetsNamed(prefix: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const a of await env.sb.records('asset'))
    if (typeof a.name === 'string' && a.name.startsWith(prefix)) out[a.name] = (out[a.name] ?? 0) + 1;
  return out;
}

type Run = Omit<ImportOptions, 'connection'> & { command: 'import' | 'update' };

/**
 * Runs the CLI (`args`) or the library in-process (`{ command, …options }`) with the sandbox's
 * connection; the sandbox's request counts start at 0.
 */
async function run(
  args: string[] | Run,
): Promise<Omit<CliResult, 'stdout'> & { posts: number; puts: number }> {
  await env.sb.resetStats();
  const res = Array.isArray(args)
    ? await runCli([...args, ...env.sb.args])
    : await runLibrary(env.sb, args, args.command === 'update' ? updateSpreadsheet : undefined);
  const stats = await env.sb.stats();
  const count = (method: string) =>
    Object.entries(stats.requests as Record<string, number>)
      .filter(([k]) => k.startsWith(`${method} `))
      .reduce((a, [, n]) => a + n, 0);
  return { ...res, posts: count('POST'), puts: count('PUT') };
}

/** A CSV report with one cell changed (the user's fix), written under a new name. */
function fixCsv(from: string, to: string, row: string, header: string, value: string): string {
  const rows = parse(readFileSync(from), { bom: true }) as string[][];
  const col = rows[0].indexOf(header);
  for (const r of rows.slice(1)) if (r[0] === row) r[col] = value;
  writeFileSync(to, stringify(rows));
  return to;
}

/** A sheet of four assets, none with a serial number; Desk 2's date is wrong, Desk 4's note is "-". */
const ASSETS = (p: string) =>
  `Name,Serial number,Category,Service start date,Asset notes\n${p} 1,,Hardware,2023-01-05,first\n${p} 2,,Hardware,not a date,=1+2\n${p} 3,,Hardware,2023-02-01,@home\n${p} 4,,Hardware,2023-03-01,-\n`;

describe('a CSV report imported again', () => {
  it('creates nothing twice: created rows are skipped with their id, the fixed row is created once, the exit code says what is left', async () => {
    const input = write('desks.csv', ASSETS('CSV Desk'));
    const first = await run(['import', input, '-r', 'asset', '--report', path('r1.csv')]);
    expect(first.code).toBe(1);
    expect(first.posts).toBe(3);
    const r1 = readReport(path('r1.csv'));
    expect(r1.map((r) => r['#status'])).toEqual(['created', 'invalid', 'created', 'created']);

    // Unfiltered, as it is: nothing sent, the invalid row still invalid, exit 1.
    const again = await run(['import', path('r1.csv'), '-r', 'asset', '--report', path('r2.csv')]);
    expect(again.posts).toBe(0);
    expect(again.code).toBe(1);
    const r2 = readReport(path('r2.csv'));
    expect(r2.map((r) => [r['#status'], r['#id'], r['#message']])).toEqual([
      ['skipped', r1[0]['#id'], `created as id ${r1[0]['#id']} by the run that wrote this report`],
      ['invalid', '', expect.stringContaining('not a date')],
      ['skipped', r1[2]['#id'], `created as id ${r1[2]['#id']} by the run that wrote this report`],
      ['skipped', r1[3]['#id'], `created as id ${r1[3]['#id']} by the run that wrote this report`],
    ]);
    // One block of outcome columns, then the user's own columns: never nested.
    const header = (parse(readFileSync(path('r2.csv')), { bom: true }) as string[][])[0];
    expect(header).toEqual([
      ...REPORT_COLUMNS,
      'Name',
      'Serial number',
      'Category',
      'Service start date',
      'Asset notes',
    ]);
    expect(again.stderr).not.toMatch(/#row|#status|#id/);

    // The fix made in the report of the report: the row is created, once; exit 0.
    const fixed = fixCsv(path('r2.csv'), path('r2-fixed.csv'), '3', 'Service start date', '2023-01-20');
    const third = await run(['import', fixed, '-r', 'asset', '--report', path('r3.csv')]);
    expect(third.code).toBe(0);
    expect(third.posts).toBe(1);
    expect(readReport(path('r3.csv')).map((r) => r['#status'])).toEqual([
      'skipped',
      'created',
      'skipped',
      'skipped',
    ]);
    expect(await assetsNamed('CSV Desk')).toEqual({
      'CSV Desk 1': 1,
      'CSV Desk 2': 1,
      'CSV Desk 3': 1,
      'CSV Desk 4': 1,
    });
    // The formula-like text was neutralised in the report and sent as the user typed it.
    const desk2 = (await env.sb.records('asset')).find((a) => a.name === 'CSV Desk 2');
    expect(desk2?.asset_notes).toBe('=1+2');
  });
});

describe('an XLSX report imported again', () => {
  it('creates nothing twice, and a Total line added under it is skipped, not invalid', async () => {
    const input = write('desks-x.csv', ASSETS('XLSX Desk'));
    const first = await run({
      command: 'import',
      file: input,
      resource: 'asset',
      reportPath: path('x1.xlsx'),
    });
    expect(first.posts).toBe(3);

    // What a user does in Excel: a count of the rows under the report, in its #row column.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path('x1.xlsx'));
    const ws = wb.worksheets[0];
    ws.addRow(['Total', null, null, null, null, null, null, null, null, null]).getCell(7).value = 4;
    await wb.xlsx.writeFile(path('x1-total.xlsx'));

    const again = await run({
      command: 'import',
      file: path('x1-total.xlsx'),
      resource: 'asset',
      reportPath: path('x2.csv'),
    });
    expect(again.posts).toBe(0);
    expect(again.code).toBe(1);
    const r2 = readReport(path('x2.csv'));
    expect(r2.map((r) => [r['#row'], r['#status'], r['#message'].replace(/ \d+ /, ' N ')])).toEqual([
      ['2', 'skipped', 'created as id N by the run that wrote this report'],
      ['3', 'invalid', expect.stringContaining('not a date')],
      ['4', 'skipped', 'created as id N by the run that wrote this report'],
      ['5', 'skipped', 'created as id N by the run that wrote this report'],
      ['6', 'skipped', 'looks like a totals row, not a record'],
    ]);
    expect(Object.keys(r2[0])).toEqual([
      ...REPORT_COLUMNS,
      'Name',
      'Serial number',
      'Category',
      'Service start date',
      'Asset notes',
    ]);
    expect(await assetsNamed('XLSX Desk')).toEqual({ 'XLSX Desk 1': 1, 'XLSX Desk 3': 1, 'XLSX Desk 4': 1 });
  });
});

describe('"-" round trip', () => {
  it("a '-' the CSV report echoed as '- reads back as - (NDA signed: no)", async () => {
    // Globex's MSA cell is no yes or no: the row is invalid, and its "-" is echoed as '- in the report.
    const input = write(
      'customers.csv',
      'Name,MSA signed,NDA signed\nDash Initech,yes,-\nDash Globex,maybe,-\n',
    );
    const first = await run({
      command: 'import',
      file: input,
      resource: 'customer',
      reportPath: path('c1.csv'),
    });
    expect(first.code).toBe(1);
    expect(readFileSync(path('c1.csv'), 'utf8')).toContain("Dash Globex,maybe,'-");

    const fixed = fixCsv(path('c1.csv'), path('c1-fixed.csv'), '3', 'MSA signed', 'yes');
    const again = await run({
      command: 'import',
      file: fixed,
      resource: 'customer',
      reportPath: path('c2.csv'),
    });
    expect(readReport(path('c2.csv')).map((r) => [r['#status'], r['#message']])).toEqual([
      ['skipped', expect.stringMatching(/^created as id \d+ by the run that wrote this report$/)],
      ['created', ''],
    ]);
    expect(again.code).toBe(0);
    const globex = (await env.sb.records('customer')).filter((c) => c.name === 'Dash Globex');
    expect(globex).toHaveLength(1);
    expect(globex[0]).toMatchObject({ nda_signed: false, msa_signed: true });
  });
});

describe('a report updates by #id', () => {
  it('`update report.csv` finds each record by #id (these rows have no serial number to find them by)', async () => {
    const input = write('desks-u.csv', ASSETS('Upd Desk'));
    await run({ command: 'import', file: input, resource: 'asset', reportPath: path('u1.csv') });
    const r1 = readReport(path('u1.csv'));
    const edited = fixCsv(path('u1.csv'), path('u1-edited.csv'), '2', 'Asset notes', 'moved to room 4');
    const res = await run({ command: 'update', file: edited, resource: 'asset', reportPath: path('u2.csv') });
    expect(res.posts).toBe(0);
    const r2 = readReport(path('u2.csv'));
    expect(r2[0]).toMatchObject({ '#status': 'updated', '#id': r1[0]['#id'] });
    // Rows whose cells match their record change nothing; the invalid row is still invalid.
    expect(r2.slice(1).map((r) => r['#status'])).toEqual(['invalid', 'skipped', 'skipped']);
    expect(res.code).toBe(1);
    const desk1 = (await env.sb.records('asset')).filter((a) => a.name === 'Upd Desk 1');
    expect(desk1).toEqual([
      expect.objectContaining({ id: Number(r1[0]['#id']), asset_notes: 'moved to room 4' }),
    ]);
  });

  it('`import --on-existing update` of a report updates its created rows by #id instead of skipping them', async () => {
    const input = write('desks-o.csv', ASSETS('OnEx Desk'));
    await run({ command: 'import', file: input, resource: 'asset', reportPath: path('o1.csv') });
    const r1 = readReport(path('o1.csv'));
    const edited = fixCsv(path('o1.csv'), path('o1-edited.csv'), '4', 'Asset notes', 'at home');
    const res = await run({
      command: 'import',
      file: edited,
      resource: 'asset',
      reportPath: path('o2.csv'),
      onExisting: 'update',
    });
    expect(res.posts).toBe(0);
    const r2 = readReport(path('o2.csv'));
    expect(r2[2]).toMatchObject({ '#status': 'updated', '#id': r1[2]['#id'] });
    expect(await assetsNamed('OnEx Desk')).toEqual({ 'OnEx Desk 1': 1, 'OnEx Desk 3': 1, 'OnEx Desk 4': 1 });
    const desk3 = (await env.sb.records('asset')).find((a) => a.name === 'OnEx Desk 3');
    expect(desk3?.asset_notes).toBe('at home');
  });
});
