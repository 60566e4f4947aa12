// A sync's missing records in its report, in each format: a line that is no row of the sheet
// (an empty #row), with the status `missing`, the record's id, its key and its name; and a
// report fed back as a sheet leaves those lines out instead of taking them for rows. The
// syncs run the library in-process (library.ts, with the CLI's flag parsers); the built CLI
// runs `status` on the CSV sync's journal. The records are seeded as sync.test.ts seeds them.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { syncSpreadsheet } from '../../src/index.js';
import { readReport, runCli, useSandbox } from './cli.js';
import { runLibrary, syncFlags } from './library.js';
import { seedAssets } from './seed.js';

const env = useSandbox();

/** The report's lines as [#row, #status, #id, Serial number, Name], whatever its format. */
const lines: Record<string, (report: string) => Promise<string[][]>> = {
  csv: async (report) =>
    readReport(report).map((r) => [r['#row'], r['#status'], r['#id'], r['Serial number'], r['Name']]),
  xlsx: async (report) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(report);
    const out: string[][] = [];
    wb.getWorksheet('Report')!.eachRow((r, n) => {
      const v = (r.values as unknown[]).slice(1);
      if (n > 1)
        out.push([v[0], v[1], v[2], v[5], v[6]].map((x) => (x === null || x === undefined ? '' : String(x))));
    });
    return out;
  },
  json: async (report) => {
    const rows = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        rows: { row: number | null; status: string; id?: number; cells: Record<string, string> }[];
      }
    ).rows;
    return rows.map((r) => [
      r.row === null ? '' : String(r.row),
      r.status,
      r.id === undefined ? '' : String(r.id),
      r.cells['Serial number'] ?? '',
      r.cells['Name'] ?? '',
    ]);
  },
};

/** A sheet of the first two of the three assets seeded with `tag` (the third is missing), their names ending in `suffix`. */
function sheetOfTwo(tag: string, suffix = ''): string {
  const file = join(env.dir, `${tag}.csv`);
  writeFileSync(
    file,
    stringify([
      ['Serial number', 'Name', 'Manufacturer'],
      [`${tag}-1`, `${tag} laptop 1${suffix}`, tag],
      [`${tag}-2`, `${tag} laptop 2${suffix}`, tag],
    ]),
  );
  return file;
}

describe("a sync report tells missing records apart from the sheet's rows", () => {
  it.each(['csv', 'xlsx', 'json'])(
    '%s: the missing record has no row number, its status, id, key and name',
    async (format) => {
      const tag = `MR${format.toUpperCase()}`;
      const ids = await seedAssets(env.sb, tag, 3);
      const file = sheetOfTwo(tag);
      const report = join(env.dir, `${tag}.report.${format}`);
      const sync = syncFlags({ tag, max: '1' });
      const res = await runLibrary(
        env.sb,
        { file, resource: 'asset', reportPath: report, sync },
        syncSpreadsheet,
      );
      expect(res.code, res.stderr).toBe(0);
      expect(await lines[format](report)).toEqual([
        ['2', 'unchanged', String(ids[0]), `${tag}-1`, `${tag} laptop 1`],
        ['3', 'unchanged', String(ids[1]), `${tag}-2`, `${tag} laptop 2`],
        ['', 'missing', String(ids[2]), `${tag}-3`, `${tag} laptop 3`],
      ]);
    },
  );

  it('status of the finished sync says sync, with its unchanged rows and missing records', async () => {
    const res = await runCli(['status', join(env.dir, 'MRCSV.report.csv')]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Sync of .*MRCSV\.csv \(assets\): finished \(.*\)\.$/m);
    expect(res.stdout).toContain(
      'Rows: 0 created, 0 updated, 0 skipped, 0 invalid, 0 failed, 2 unchanged, 1 missing (of 2).',
    );
  });

  it("the report fed back to sync: the missing record's line is left out, not taken for a row", async () => {
    const report = join(env.dir, 'MRCSV.report.csv');
    const again = join(env.dir, 'MRCSV-again.report.csv');
    const sync = syncFlags({ tag: 'MRCSV', max: '1' });
    const res = await runLibrary(
      env.sb,
      { file: report, resource: 'asset', reportPath: again, sync },
      syncSpreadsheet,
    );
    expect(res.code, res.stderr).toBe(0);
    const out = readReport(again).map((r) => [r['#row'], r['#status'], r['Serial number']]);
    expect(out).toEqual([
      ['2', 'unchanged', 'MRCSV-1'],
      ['3', 'unchanged', 'MRCSV-2'],
      ['4', 'skipped', 'MRCSV-3'],
      ['', 'missing', 'MRCSV-3'],
    ]);
  });

  it('the same sync run again after it updated every row: its missing record is still reported', async () => {
    const tag = 'MRAGAIN';
    const ids = await seedAssets(env.sb, tag, 3);
    const file = sheetOfTwo(tag, ' (renamed)');
    const report = join(env.dir, `${tag}.report.csv`);
    const sync = syncFlags({ tag, max: '1' });
    const run = () =>
      runLibrary(env.sb, { file, resource: 'asset', reportPath: report, sync }, syncSpreadsheet);
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    // The journal has both rows done: the run again still reads the list, for the records gone from the sheet.
    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    expect(readReport(report).map((r) => [r['#row'], r['#status'], r['#id']])).toEqual([
      ['2', 'unchanged', String(ids[0])],
      ['3', 'unchanged', String(ids[1])],
      ['', 'missing', String(ids[2])],
    ]);
  });
});
