// An export's lines below its table are not records: Lansweeper's totals line, its signature
// ("Exported from Lansweeper on … by …"), a footnote and a page count, in a CSV and in an XLSX
// (the signature merged across the columns, as a sheet formatted for print has it). They are
// skipped with the reason and counted in the plan, never created; a line that only may be a
// note (a sentence, no note word) is invalid with a hint, and the exit code says so.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = ['Name', 'Serial Number', 'Category', 'Purchase Cost'];
const records = (tag: string) => [
  [`Dell Latitude 5440 ${tag}`, `${tag}-1`, 'Hardware / Laptop', 1249],
  [`HP EliteDesk 800 ${tag}`, `${tag}-2`, 'Hardware / Desktop', 899.5],
];
const SIGNATURE = 'Exported from Lansweeper on 30/11/2026 by j.doe';
const BELOW = [['Total', '', '', 2148.5], [SIGNATURE], ['* Prices exclude VAT'], ['Page 1 of 1']];

async function sheet(file: string, rows: (string | number)[][]): Promise<void> {
  if (file.endsWith('.csv')) {
    writeFileSync(file, [HEADER, ...rows].map((r) => r.join(',')).join('\n') + '\n');
    return;
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Assets');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  const at = rows.findIndex((r) => r[0] === SIGNATURE);
  if (at >= 0) ws.mergeCells(at + 2, 1, at + 2, 4);
  await wb.xlsx.writeFile(file);
}

const note = (why: string) => `a note below the table, not a record: ${why}`;
const FILLS = 'it fills one cell where the records above fill several';

describe('lines below the table are skipped as notes, not created', () => {
  it.each([
    { ext: 'csv', tag: 'NBC' },
    { ext: 'xlsx', tag: 'NBX' },
  ])('$ext: totals, signature, footnote and page count', async ({ ext, tag }) => {
    const file = join(env.dir, `lansweeper-${tag}.${ext}`);
    await sheet(file, [...records(tag), ...BELOW]);
    await env.sb.resetStats();
    const res = await runCli(['import', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      '2 rows below the header on row 1, 1 totals row and 3 note rows below the table skipped.',
    );
    expect(res.stdout).toContain('Done: 6 rows — 2 created, 0 updated, 4 skipped, 0 invalid, 0 failed.');
    expect(readReport(`${file}.report.csv`).map((r) => [r['#row'], r['#status'], r['#message']])).toEqual([
      ['2', 'created', ''],
      ['3', 'created', ''],
      ['4', 'skipped', 'looks like a totals row, not a record'],
      ['5', 'skipped', note(`"${SIGNATURE}" is below the totals row (row 4) and ${FILLS}`)],
      ['6', 'skipped', note(`"* Prices exclude VAT" is below the totals row (row 4) and ${FILLS}`)],
      ['7', 'skipped', note(`"Page 1 of 1" is below the totals row (row 4) and ${FILLS}`)],
    ]);
    expect(countWrites(await env.sb.stats())).toBe(2);
    expect((await env.sb.records('asset')).map((a) => a.name)).not.toContain(SIGNATURE);
  });

  it.each([
    { ext: 'csv', tag: 'NUC' },
    { ext: 'xlsx', tag: 'NUX' },
  ])('$ext: a sentence below the records, no note word, is invalid (exit 1)', async ({ ext, tag }) => {
    const file = join(env.dir, `sentence-${tag}.${ext}`);
    const text = 'All prices are in euros and exclude shipping costs';
    await sheet(file, [...records(tag), ['Source: GLPI 10.0.7'], [text]]);
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).toContain('Checked: 4 rows — 2 valid, 1 invalid, 1 skipped.');
    expect(readReport(`${file}.check.csv`).map((r) => [r['#status'], r['#message']])).toEqual([
      ['valid', ''],
      ['valid', ''],
      ['skipped', note(`"Source: GLPI 10.0.7" reads as a note and ${FILLS}`)],
      [
        'invalid',
        `may be a note below the table, not a record: "${text}" reads as a sentence and ${FILLS}. If it is a record, fill its other cells; if it is a note, delete the line or move it above the header`,
      ],
    ]);
  });
});
