// A dry run does not replace the report of the real run: `import reg.csv` writes
// reg.csv.report.csv (every row's outcome and record id, the only per-row record of the ids)
// and keeps its journal beside it; a later `validate reg.csv` (or `import --dry-run`) to check
// an edit writes reg.csv.check.csv, leaves both untouched, and still reads that journal (the
// rows the import created are "already created"). `status` finds the import from either report.
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readReport, ROOT, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const ROWS = (tag: string): string[][] => [
  ['Name', 'Serial number', 'Category'],
  [`Laptop ${tag}`, `${tag}-1`, 'Hardware / Laptop'],
  [`Chair ${tag}`, `${tag}-2`, 'No such category'],
];

async function sheet(file: string, rows: string[][]): Promise<void> {
  if (file.endsWith('.csv')) return writeFileSync(file, rows.map((r) => r.join(',')).join('\n') + '\n');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Register');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
}

/** A file's bytes and modification time: what "untouched" means. */
const snapshot = (path: string) => ({ bytes: readFileSync(path, 'utf8'), mtime: statSync(path).mtimeMs });

const cases = [
  { name: 'validate after import, CSV', ext: 'csv', dry: ['validate'] },
  { name: 'import --dry-run after import, XLSX', ext: 'xlsx', dry: ['import', '--dry-run'] },
];

describe("a dry run after a real run leaves the real run's report and journal as they were", () => {
  it.each(cases.map((c, i) => ({ ...c, tag: `DRR${i}` })))('$name', async ({ ext, dry, tag }) => {
    const file = join(env.dir, `reg-${tag}.${ext}`);
    const name = `reg-${tag}.${ext}`;
    await sheet(file, ROWS(tag));
    const run = await runCli(['import', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`Report: ${file}.report.csv`);
    const report = snapshot(`${file}.report.csv`);
    const journal = snapshot(`${file}.report.journal.ndjson`);
    const id = readReport(`${file}.report.csv`)[0]['#id'];
    expect(id).toMatch(/^\d+$/);

    const check = await runCli([...dry, file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain(`Report: ${file}.check.csv`);
    expect(snapshot(`${file}.report.csv`)).toEqual(report);
    expect(snapshot(`${file}.report.journal.ndjson`)).toEqual(journal);
    expect(readReport(`${file}.report.csv`).map((r) => [r['#status'], r['#id']])).toEqual([
      ['created', id],
      ['invalid', ''],
    ]);
    // The dry run read the import's journal: the row it created is not created again.
    expect(readReport(`${file}.check.csv`).map((r) => [r['#status'], r['#message']])).toEqual([
      ['skipped', 'already created by an earlier run of this import (journal); would be skipped'],
      ['invalid', expect.stringContaining("category 'No such category' not found")],
    ]);

    for (const given of [file, `${file}.report.csv`, `${file}.check.csv`]) {
      const status = await runCli(['status', given], { cwd: env.dir });
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain(name);
    }
  });

  it("a workbook's dry run writes each sheet's check report beside the run's", async () => {
    const file = join(env.dir, 'related.xlsx');
    copyFileSync(join(ROOT, 'samples/related-workbook.xlsx'), file);
    const run = await runCli(['import', file, ...env.sb.args], { cwd: env.dir });
    expect(run.code, run.stderr).toBe(0);
    const sheets = ['Customers', 'Contracts', 'Assets'];
    const before = sheets.map((s) => snapshot(`${file}.${s}.report.csv`));
    const check = await runCli(['validate', file, ...env.sb.args], { cwd: env.dir });
    expect(check.code, check.stderr).toBe(0);
    expect(sheets.map((s) => snapshot(`${file}.${s}.report.csv`))).toEqual(before);
    for (const s of sheets) {
      expect(check.stdout).toContain(`Report: ${file}.${s}.check.csv`);
      expect(readReport(`${file}.${s}.check.csv`).every((r) => r['#status'] === 'skipped')).toBe(true);
    }
  });

  it('a dry run given --report writes there', async () => {
    const file = join(env.dir, 'reg-given.csv');
    await sheet(file, ROWS('DRRG'));
    const out = join(env.dir, 'given-check.csv');
    const check = await runCli(['validate', file, '-r', 'asset', '--report', out, ...env.sb.args]);
    expect(check.stdout).toContain(`Report: ${out}`);
    expect(readReport(out).map((r) => r['#status'])).toEqual(['valid', 'invalid']);
  });
});
