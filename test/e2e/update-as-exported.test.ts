// Finance exports the assets (a list of 5 pages), edits one cost in a spreadsheet program that
// rewrites every date in its own locale and every amount without its trailing zeros, and loads
// it back with `update`. The rows not edited are still as exported: they send nothing whatever
// their records have now, so none is read (src/run/as-exported.ts). What a person sees: the plan
// counts them, the summary says "as exported, not read", the one edit is sent, and the
// requests are the list's first page, the templates, one read and one write. The same with
// the export as XLSX. The built CLI against a sandbox of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countWrites, runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';
import { runLibrary } from './library.js';

/** 120 laptops beside the seed's 5 assets: a list of 5 pages. */
async function withLaptops(sb: TestSandbox, dir: string): Promise<void> {
  const lines = Array.from({ length: 120 }, (_, i) => `Laptop ${i},AE-${i},2024-03-0${(i % 9) + 1},900.00`);
  const file = join(dir, 'laptops.csv');
  writeFileSync(file, ['Name,Serial number,Service start date,Original cost', ...lines].join('\n') + '\n');
  const res = await runLibrary(sb, { file, resource: 'asset', reportPath: `${file}.report.csv` });
  expect(res.code, res.stderr).toBe(0);
}

/** As a spreadsheet program set to English (US) saves a CSV: 3/1/2024, 900; one cost edited. */
function editedInExcel(file: string): void {
  const rows = parse(readFileSync(file), { bom: true }) as string[][];
  const cell = (c: string) => {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(c);
    if (date) return `${Number(date[2])}/${Number(date[3])}/${date[1]}`;
    return /^\d+\.00$/.test(c) ? c.slice(0, -3) : c;
  };
  const out = rows.map((r, i) => (i === 0 ? r : r.map(cell)));
  out.find((r) => r[1] === 'Laptop 7')![out[0].indexOf('Original cost')] = '950';
  writeFileSync(file, stringify(out, { record_delimiter: '\r\n' }));
}

/** One cost edited in the XLSX export, the rest as written. */
async function editedXlsx(file: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  // The export writes its text cells as rich text: a cell is known by its text.
  const column = (header: string) => {
    let at = 0;
    sheet.getRow(1).eachCell((c, n) => void (c.text === header && (at = n)));
    return at;
  };
  const [name, cost] = [column('Name'), column('Original cost')];
  sheet.eachRow((row) => {
    if (row.getCell(name).text === 'Laptop 7') row.getCell(cost).value = 950;
  });
  await book.xlsx.writeFile(file);
}

describe('an export sent back by update reads only the rows edited', () => {
  it.each([
    ['a CSV saved by a spreadsheet program (dates and amounts rewritten)', 'assets.csv'],
    ['an XLSX export', 'assets.xlsx'],
  ])('%s', async (_name, name) => {
    const sb = await testSandbox();
    const dir = tempDir();
    const env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
    try {
      await withLaptops(sb, dir);
      const file = join(dir, name);
      expect((await runCli(['export', 'asset', '-o', file, ...sb.args], { env })).code).toBe(0);
      if (name.endsWith('.csv')) editedInExcel(file);
      else await editedXlsx(file);
      await sb.resetStats();
      const res = await runCli(['update', file, '-r', 'asset', ...sb.args], { env });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(
        'Plan: 124 rows as exported, no cell edited: nothing to send, their records not read; at most 1 update',
      );
      expect(res.stdout).toContain(
        'Done: 125 rows — 0 created, 1 updated, 124 skipped (124 as exported, not read), 0 invalid, 0 failed.',
      );
      const stats = (await sb.stats()) as { total: number; requests: Record<string, number> };
      // The list's first page (its size), the custom field and form templates, the edited row's
      // read and its PATCH: the list's 5 pages are not read.
      expect({ requests: stats.total, writes: countWrites(stats) }).toEqual({ requests: 5, writes: 1 });
      const laptop = (await sb.records('asset')).find((r) => r.name === 'Laptop 7')!;
      expect(Number(laptop.original_cost)).toBe(950);
    } finally {
      await sb.close();
    }
  });
});
