// The samples do what samples/README.md says: the README demo's numbers are tested here.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

describe('samples/legacy-asset-register.xlsx (the README demo)', () => {
  const invalid: [number, string][] = [
    [10, `column "Country" → country: country 'Germny' not found; did you mean 'Germany'?`],
    [15, 'column "Serial No." → serial_number: must be at most 50 characters (has 52)'],
    [23, `column "Status" → asset_usage_status: usage status 'Retird' not found; did you mean 'Retired'?`],
    [28, `column "Cat" → category.id: category 'Hardwear' not found; did you mean 'Hardware'?`],
    [35, 'column "Purchase Cost ($)" → original_cost: "(12.00)" is negative; amounts must be 0 or more'],
    [
      40,
      `column "Vendor" → attached_supplier: supplier 'Del Technologies' not found; did you mean 'Dell Technologies'`,
    ],
  ];

  it('34 created, 6 invalid with their messages, the TOTAL row skipped, custom field and lookups stored', async () => {
    const report = join(env.dir, 'legacy.report.csv');
    const res = await runCli([
      'import',
      'samples/legacy-asset-register.xlsx',
      '--resource',
      'asset',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('34 created');
    expect(res.stderr).toContain(
      '40 rows below the header on row 3, 2 rows above the header, 2 blank rows and 1 totals row skipped',
    );
    const rows = readReport(report);
    expect(rows).toHaveLength(41);
    expect(rows.filter((r) => r['#status'] === 'created')).toHaveLength(34);
    for (const [row, message] of invalid) {
      const r = rows.find((x) => x['#row'] === String(row))!;
      expect(r['#status']).toBe('invalid');
      expect(r['#message']).toContain(message);
    }
    expect(rows.find((r) => r['#row'] === '46')).toMatchObject({
      '#status': 'skipped',
      '#message': 'looks like a totals row, not a record',
    });

    // A created row, checked field by field in the service.
    const first = rows.find((r) => r['#row'] === '4')!;
    const rec = (await env.sb.records('asset')).find((a) => a.id === Number(first['#id']))!;
    expect(rec).toMatchObject({
      serial_number: first['Serial No.'],
      country: 'United States',
      service_start_date: '2023-01-31',
      original_cost: 1234.5,
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
      asset_owner: { name: 'Alice Johnson' },
    });
    expect(Object.values(rec.template?.fields ?? {})).toContain(first['Cost Centre']);
  });

  it('an XLSX report marks the bad cell and carries the message as its note', async () => {
    const report = join(env.dir, 'legacy.report.xlsx');
    await runCli([
      'validate',
      'samples/legacy-asset-register.xlsx',
      '--resource',
      'asset',
      '--report',
      report,
      ...env.sb.args,
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(report);
    const ws = wb.getWorksheet('Report')!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const countryCol = header.indexOf('Country');
    const row10 = [...Array(ws.rowCount).keys()]
      .map((i) => ws.getRow(i + 1))
      .find((r) => r.getCell(1).value === 10)!;
    expect(row10.getCell(2).value).toBe('invalid');
    const note = row10.getCell(countryCol).note;
    expect(typeof note === 'string' ? note : JSON.stringify(note)).toContain("country 'Germny' not found");
  });
});

describe('samples/contracts-finance.xlsx', () => {
  it('13 created, rows 13 and 14 invalid for their cross-field rules', async () => {
    const report = join(env.dir, 'contracts.report.csv');
    const res = await runCli([
      'import',
      'samples/contracts-finance.xlsx',
      '--resource',
      'contract',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code).toBe(1);
    const rows = readReport(report);
    expect(rows.filter((r) => r['#status'] === 'created')).toHaveLength(13);
    expect(rows.find((r) => r['#row'] === '13')?.['#message']).toMatch(
      /start date .* must be before end date/,
    );
    expect(rows.find((r) => r['#row'] === '14')?.['#message']).toMatch(
      /CapEx 100000 \+ OpEx 40000 = 140000, but the total contract value is 150000/,
    );
  });
});
