// Finance exports people can read (issue 26): enumerations are written as the service's
// labels ("Buy side", "Net 30") in CSV and XLSX, `--codes` gives the codes, and a sheet of
// labels goes back through `update` as it came: every row unchanged, nothing written. The
// built CLI writes the labels (CSV, XLSX); --codes and the round trips call the library's
// export and update in-process (library.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../export/readback.js';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { exportTo, runLibrary } from './library.js';

const env = useSandbox();

type Row = Record<string, string>;
const csvRows = (file: string) => parse(readFileSync(file), { columns: true, bom: true }) as Row[];

// The seed's first contract (CT-2023-001) and asset (ACME-0001), as a person reads them.
const CONTRACT_LABELS = {
  'Contract type': 'Buy side',
  Status: 'Active',
  'End of term clause': 'Auto expires',
  'End of term action': 'Renegotiate',
  'Expenditure type': 'CapEx',
  'Payment terms': 'Net 30',
  Financing: 'Self paid',
};
const CONTRACT_CODES = {
  'Contract type': 'buy_side',
  Status: 'active',
  'End of term clause': 'auto_expires',
  'End of term action': 'renegotiate',
  'Expenditure type': 'capex',
  'Payment terms': 'net_30',
  Financing: 'self_paid',
};

/** `export RESOURCE -o FILE [--codes]`: labels through the built CLI, --codes (`codes: true`) in-process. */
async function exportAs(resource: string, file: string, flags: string[]): Promise<void> {
  if (flags.includes('--codes')) return exportTo(env.sb, resource, file, { codes: true });
  const res = await runCli(['export', resource, '-o', file, ...flags, ...env.sb.args]);
  expect(res.code, res.stderr).toBe(0);
}

describe('export: enumerations as labels, or codes with --codes', () => {
  it.each([
    { what: 'CSV shows labels', flags: [], expected: CONTRACT_LABELS },
    { what: 'CSV with --codes shows codes', flags: ['--codes'], expected: CONTRACT_CODES },
  ])('$what', async ({ flags, expected }) => {
    const file = join(env.dir, `contracts${flags.join('')}.csv`);
    await exportAs('contract', file, flags);
    expect(csvRows(file).find((r) => r['Contract number'] === 'CT-2023-001')).toMatchObject(expected);
  });

  it.each([
    {
      what: 'XLSX shows labels',
      flags: [],
      expected: ['Within warranty', 'OEM', '3 years, 33%'],
      about: 'labels, as the service shows them (--codes for codes)',
    },
    {
      what: 'XLSX with --codes shows codes',
      flags: ['--codes'],
      expected: ['within_warranty', 'oem', '3_year_33_percent'],
      about: "the service's codes (--codes)",
    },
  ])('$what, and About says which', async ({ flags, expected, about }) => {
    const file = join(env.dir, `assets${flags.join('')}.xlsx`);
    await exportAs('asset', file, flags);
    const { header, rows } = await readXlsx(file);
    const row = rows.find((r) => r[header.indexOf('Asset tag')] === 'ACME-0001')!;
    expect(
      ['Warranty status', 'Warranty type', 'Depreciation schedule'].map((h) => row[header.indexOf(h)]),
    ).toEqual(expected);
    const aboutSheet = await readXlsx(file, 'About');
    expect(aboutSheet.rows.find((r) => r[0] === 'Enumerations')?.[1]).toBe(about);
  });
});

describe('export: a sheet of labels goes back through update unchanged', () => {
  it.each([
    { what: 'assets as XLSX', resource: 'asset', file: 'assets-back.xlsx', key: 'Asset tag' },
    { what: 'contracts as CSV', resource: 'contract', file: 'contracts-back.csv', key: 'Contract number' },
  ])('$what: every row "unchanged", nothing written', async ({ resource, file, key }) => {
    const path = join(env.dir, file);
    await exportTo(env.sb, resource, path);
    await env.sb.resetStats();
    const report = join(env.dir, `${file}.report.csv`);
    const res = await runLibrary(env.sb, { file: path, resource, reportPath: report }, updateSpreadsheet);
    expect(res.code, res.stderr).toBe(0);
    const lines = readReport(report);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines
        .filter((l) => l['#status'] !== 'skipped')
        .map((l) => `${l[key]}: ${l['#status']} ${l['#message']}`),
    ).toEqual([]);
    expect(countWrites(await env.sb.stats())).toBe(0);
  });
});
