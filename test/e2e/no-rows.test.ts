// A sheet with a header and no rows below it (the export of an empty list, or of a filter that
// found nothing) is a run of nothing: exit 0, nothing sent, a report with no rows, and a note
// that says so in case rows were expected. A sync of it still meets --max-missing, which stops
// it when the service has records in scope.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

const HEADER = [
  'ID',
  'Contract type',
  'Name',
  'Contract number',
  'Supplier',
  'Country',
  'Status',
  'Start date',
  'End date',
  'Total contract value',
];

const files: Record<'csv' | 'xlsx', string> = { csv: '', xlsx: '' };

beforeAll(async () => {
  files.csv = join(env.dir, 'contracts-none.csv');
  writeFileSync(files.csv, `${HEADER.join(',')}\n`);
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Contracts').addRow(HEADER);
  files.xlsx = join(env.dir, 'contracts-none.xlsx');
  await wb.xlsx.writeFile(files.xlsx);
});

const cases = [
  { command: 'validate', format: 'csv', what: 'nothing to check', report: 'check' },
  { command: 'import', format: 'csv', what: 'nothing to import', report: 'report' },
  { command: 'update', format: 'csv', what: 'nothing to update', report: 'report' },
  { command: 'update', format: 'xlsx', what: 'nothing to update', report: 'report' },
  { command: 'import', format: 'xlsx', what: 'nothing to import', report: 'report' },
] as const;

describe('a header and no rows', () => {
  it.each(cases)('$command of a $format file: exit 0, $what, and a report of no rows', async (c) => {
    const file = files[c.format];
    await env.sb.resetStats();
    const res = await runCli([c.command, file, '-r', 'contract', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(/^error:/m);
    const check =
      c.format === 'xlsx' ? 'check the file, or choose another sheet with --sheet' : 'check the file';
    expect(res.stderr.split('\n')).toContain(
      `note: the sheet has a header but no data rows below it: ${c.what} (as an export of an empty list reads; if rows were expected, ${check}).`,
    );
    expect(countWrites((await env.sb.stats()) as { requests: Record<string, number> })).toBe(0);
    const report = `${file}.${c.report}.csv`;
    expect(existsSync(report)).toBe(true);
    expect(readReport(report)).toEqual([]);
  });

  it('--json counts 0 rows, exit 0', async () => {
    const res = await runCli(['validate', files.csv, '-r', 'contract', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ rows: 0, counts: { valid: 0, invalid: 0 } });
  });

  it('sync: every record in scope is missing, so --max-missing stops it (exit 2); allowed, it says so', async () => {
    const stopped = await runCli(['sync', files.csv, '-r', 'contract', ...env.sb.args]);
    expect(stopped.code, stopped.stderr).toBe(2);
    expect(stopped.stderr).toMatch(
      /contracts in the service are not in the sheet, more than --max-missing allows/,
    );
    const allowed = await runCli([
      'sync',
      files.csv,
      '-r',
      'contract',
      '--dry-run',
      '--max-missing',
      '100%',
      ...env.sb.args,
    ]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain(
      'note: the sheet has a header but no data rows below it: nothing to create or update, and every record in scope is missing from it',
    );
  });
});
