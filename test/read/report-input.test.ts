// A report of ours read back as input: its outcome columns set aside (never headers or
// cells, never nested), what its run did carried on each row, its cells as the user typed
// them. Reports are written by the real report writer, CSV and XLSX.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheet } from '../../src/read/index.js';
import { reportLayout } from '../../src/read/report-input.js';
import type { CellValue, SheetRow } from '../../src/read/types.js';
import { openReport, type RowOutcome } from '../../src/report/report.js';
import { removeDir, scratchDir } from './helpers.js';

const dir = scratchDir('report-input');
afterAll(() => removeDir(dir));

const HEADERS = ['Name', 'Serial number', 'Notes'];
const outcome = (
  row: number,
  status: RowOutcome['status'],
  id: number | undefined,
  cells: CellValue[],
): RowOutcome => ({ row, status, id, issues: [], warnings: [], cells });
const OUTCOMES: RowOutcome[] = [
  outcome(2, 'created', 6, ['Desk 1', null, '-']),
  {
    ...outcome(3, 'invalid', undefined, ['Desk 2', null, '=1+2']),
    issues: [{ code: 'E_VALUE_INVALID', column: 'Notes', message: 'bad' }],
  },
  outcome(4, 'skipped', 3, ['Desk 3', 'SN-3', '@home']),
  outcome(5, 'failed', undefined, ['Desk 4', null, "'80s kit"]),
];

async function writeReport(name: string): Promise<string> {
  const path = join(dir, name);
  const report = await openReport(path, HEADERS);
  for (const o of OUTCOMES) await report.write(o);
  await report.close();
  return path;
}

async function readAll(
  path: string,
): Promise<{ headers: readonly string[]; rows: SheetRow[]; warnings: string[]; fromReport?: boolean }> {
  const s = await openSheet(path);
  const rows: SheetRow[] = [];
  for await (const r of s.rows) rows.push(r);
  return { headers: s.headers, rows, warnings: s.warnings.map((w) => w.message), fromReport: s.fromReport };
}

describe('reportLayout recognises our reports by #row, #status and #id', () => {
  const cases: { name: string; headers: string[]; expected: ReturnType<typeof reportLayout> }[] = [
    {
      name: 'a report',
      headers: ['#row', '#status', '#id', '#message', '#warnings', 'Name'],
      expected: { row: 0, status: 1, id: 2, keep: [5] },
    },
    {
      name: 'columns moved, case changed',
      headers: ['Name', '#ID', '#Status', '#Row'],
      expected: { row: 3, status: 2, id: 1, keep: [0] },
    },
    {
      name: 'a nested report: the leftmost copy, every copy set aside',
      headers: [
        '#row',
        '#status',
        '#id',
        '#message',
        '#warnings',
        '#row',
        '#status',
        '#id',
        '#message',
        '#warnings',
        'Name',
      ],
      expected: { row: 0, status: 1, id: 2, keep: [10] },
    },
    {
      name: "the user's own # column is kept",
      headers: ['#row', '#status', '#id', '# of ports', 'Name'],
      expected: { row: 0, status: 1, id: 2, keep: [3, 4] },
    },
    { name: 'no #id: not a report', headers: ['#row', '#status', 'Name'], expected: undefined },
    { name: 'a plain sheet', headers: ['Name', 'Serial number', '# of ports'], expected: undefined },
  ];
  it.each(cases)('$name', ({ headers, expected }) => {
    expect(reportLayout(headers)).toEqual(expected);
  });
});

describe('a report read back', () => {
  const expectedRows = [
    { row: 2, cells: ['Desk 1', null, '-'], reported: { row: '2', status: 'created', id: 6 } },
    { row: 3, cells: ['Desk 2', null, '=1+2'], reported: { row: '3', status: 'invalid', id: undefined } },
    { row: 4, cells: ['Desk 3', 'SN-3', '@home'], reported: { row: '4', status: 'skipped', id: 3 } },
    { row: 5, cells: ['Desk 4', null, "'80s kit"], reported: { row: '5', status: 'failed', id: undefined } },
  ];
  it.each(['report.csv', 'report.xlsx'])(
    "%s: the user's columns only, cells as typed, the outcome on each row",
    async (name) => {
      const got = await readAll(await writeReport(name));
      expect(got.fromReport).toBe(true);
      expect(got.headers).toEqual(HEADERS);
      // CSV gives "" for an empty cell, XLSX null: both are empty to the pipeline.
      expect(
        got.rows.map((r) => ({
          row: r.row,
          cells: r.cells.map((c) => (c === '' ? null : c)),
          reported: r.reported,
        })),
      ).toEqual(expectedRows);
      // The record as read holds our columns: it must not be echoed into the next report.
      expect(got.rows.every((r) => r.text === undefined)).toBe(true);
    },
  );

  it('a nested report (written before the columns were set aside): one set of outcome columns, no duplicate-header warnings', async () => {
    const path = join(dir, 'nested.csv');
    writeFileSync(
      path,
      "#row,#status,#id,#message,#warnings,#row,#status,#id,#message,#warnings,Name,Notes\n2,skipped,6,created as id 6,,2,created,6,,,Desk 1,'-\n3,invalid,,bad,,3,invalid,,bad,,Desk 2,x\n",
    );
    const got = await readAll(path);
    expect(got.headers).toEqual(['Name', 'Notes']);
    expect(got.warnings).toEqual([]);
    expect(got.rows.map((r) => [r.cells, r.reported])).toEqual([
      [['Desk 1', '-'], { row: '2', status: 'skipped', id: 6 }],
      [['Desk 2', 'x'], { row: '3', status: 'invalid', id: undefined }],
    ]);
  });

  it("a line with nothing of the user's (a count someone added under the report) is a blank row, not data", async () => {
    const path = join(dir, 'count-line.csv');
    writeFileSync(
      path,
      '#row,#status,#id,#message,#warnings,Name,Notes\n2,created,6,,,Desk 1,\nTotal,1,,,,,\n',
    );
    const s = await openSheet(path);
    const rows: SheetRow[] = [];
    for await (const r of s.rows) rows.push(r);
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(s.stats).toMatchObject({ dataRows: 1, blankRows: 1 });
  });

  it("a sheet that is not a report keeps its cells and its ' marks", async () => {
    const path = join(dir, 'plain.csv');
    writeFileSync(path, "Name,# of ports,Notes\nSwitch,24,'-\n");
    const got = await readAll(path);
    expect(got.fromReport).toBeUndefined();
    expect(got.headers).toEqual(['Name', '# of ports', 'Notes']);
    expect(got.rows[0].cells).toEqual(['Switch', '24', "'-"]);
    expect(got.rows[0].reported).toBeUndefined();
  });
});
