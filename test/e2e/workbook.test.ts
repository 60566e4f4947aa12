// Related records in one workbook: customers, then contracts (parents before children),
// then assets, with references between sheets resolved to ids created in the same run.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

describe('the related-workbook sample', () => {
  it('imports 3 customers, 4 contracts and 8 assets, references resolved', async () => {
    const base = join(env.dir, 'related');
    const res = await runCli(['import', 'samples/related-workbook.xlsx', '--report', base, ...env.sb.args]);
    expect(res.code).toBe(0);
    for (const [sheet, n] of [
      ['Customers', 3],
      ['Contracts', 4],
      ['Assets', 8],
    ] as const) {
      expect(readReport(`${base}.${sheet}.report.csv`).map((r) => r['#status'])).toEqual(
        Array(n).fill('created'),
      );
    }
    const contracts = await env.sb.records('contract');
    const child = contracts.find((c) => c.number === 'RW-2024-004');
    expect(child?.parent_contract?.number).toBe('RW-2024-001');
    const customers = new Set((await env.sb.records('customer')).map((c) => c.name));
    for (const c of contracts.filter((x) => String(x.number).startsWith('RW-')))
      expect(customers.has(c.customer.name)).toBe(true);
    const assets = (await env.sb.records('asset')).filter(
      (a) => a.contract && String(a.contract.number).startsWith('RW-'),
    );
    expect(assets).toHaveLength(8);
  });
});

describe('a row whose referenced row failed is skipped with that reason', () => {
  it('customer invalid → its contract skipped → the child contract and the asset skipped', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Customers').addRows([
      ['Customer Name', 'Contact', 'Email'],
      ['Good Customer WB', 'Ann Lee', 'ann@good.example'],
      ['Bad Customer WB', '', 'nobody@bad.example'],
    ]);
    wb.addWorksheet('Contracts').addRows([
      [
        'Contract No',
        'Name',
        'Type',
        'Customer',
        'Country',
        'Status',
        'Start',
        'End',
        'Total Value',
        'Parent Contract',
      ],
      [
        'WB-1',
        'Good one',
        'Sell side',
        'Good Customer WB',
        'USA',
        'Active',
        '2024-01-01',
        '2025-01-01',
        1000,
        '',
      ],
      [
        'WB-2',
        'Bad customer',
        'Sell side',
        'Bad Customer WB',
        'USA',
        'Active',
        '2024-01-01',
        '2025-01-01',
        1000,
        '',
      ],
      [
        'WB-3',
        'Child of bad',
        'Sell side',
        'Good Customer WB',
        'USA',
        'Active',
        '2024-01-01',
        '2025-01-01',
        1000,
        'WB-2',
      ],
      [
        'WB-4',
        'Child of good',
        'Sell side',
        'Good Customer WB',
        'USA',
        'Active',
        '2024-01-01',
        '2025-01-01',
        1000,
        'WB-1',
      ],
    ]);
    wb.addWorksheet('Assets').addRows([
      ['Name', 'Serial number', 'Contract'],
      ['On good', 'WB-SN-1', 'WB-4'],
      ['On bad', 'WB-SN-2', 'WB-2'],
    ]);
    const file = join(env.dir, 'failing.xlsx');
    await wb.xlsx.writeFile(file);
    const res = await runCli(['import', file, ...env.sb.args]);
    expect(res.code).toBe(1);
    const report = (sheet: string) => readReport(`${file}.${sheet}.report.csv`);
    expect(report('Customers').map((r) => r['#status'])).toEqual(['created', 'invalid']);
    const contracts = report('Contracts');
    expect(contracts.map((r) => r['#status'])).toEqual(['created', 'skipped', 'skipped', 'created']);
    expect(contracts[1]['#message']).toBe(
      `its customer 'Bad Customer WB' (sheet "Customers", row 3) was not created (invalid)`,
    );
    expect(contracts[2]['#message']).toBe(`its parent contract 'WB-2' (row 3) was not created (skipped)`);
    const assets = report('Assets');
    expect(assets.map((r) => r['#status'])).toEqual(['created', 'skipped']);
    expect(assets[1]['#message']).toBe(
      `its contract 'WB-2' (sheet "Contracts", row 3) was not created (skipped)`,
    );
    expect((await env.sb.records('contract')).find((c) => c.number === 'WB-4')?.parent_contract?.number).toBe(
      'WB-1',
    );
  });
});

describe('checking a workbook (validate) and naming its sheets', () => {
  it('a dry run counts on the rows earlier sheets would create', async () => {
    const base = join(env.dir, 'dry-related');
    // A fresh sandbox (in-process): none of the workbook's records exist there yet. No rate
    // limit: the client would pace its reads to the sandbox's 100 a minute, 10 s of waiting.
    const res = await runCli([
      'validate',
      'samples/related-workbook.xlsx',
      '--report',
      base,
      '--sandbox',
      '--rate-limit',
      '0',
    ]);
    expect(res.code).toBe(0);
    for (const [sheet, n] of [
      ['Customers', 3],
      ['Contracts', 4],
      ['Assets', 8],
    ] as const) {
      expect(readReport(`${base}.${sheet}.report.csv`).map((r) => r['#status'])).toEqual(
        Array(n).fill('valid'),
      );
    }
  });

  it('a mapping file names sheets whose names do not say what they hold', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Clients 2024').addRows([['Customer Name'], ['Sheet-named Customer']]);
    const file = join(env.dir, 'named.xlsx');
    await wb.xlsx.writeFile(file);
    const mapping = join(env.dir, 'sheets.json');
    writeFileSync(mapping, JSON.stringify({ sheets: { 'Clients 2024': 'customer' } }));
    const res = await runCli(['import', file, '--mapping', mapping, ...env.sb.args]);
    expect(res.code).toBe(0);
    expect((await env.sb.records('customer')).some((c) => c.name === 'Sheet-named Customer')).toBe(true);
  });

  it('a workbook mapping file with columns is refused, pointing to sheet-by-sheet imports', async () => {
    const mapping = join(env.dir, 'cols.json');
    writeFileSync(mapping, JSON.stringify({ columns: { Name: 'name' } }));
    const res = await runCli([
      'import',
      'samples/related-workbook.xlsx',
      '--mapping',
      mapping,
      ...env.sb.args,
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('may only name its sheets');
  });
});
