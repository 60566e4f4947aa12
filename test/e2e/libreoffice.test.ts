// The import end to end over XLSX files LibreOffice Calc wrote (test/fixtures/libreoffice):
// the built CLI against a sandbox over HTTP; each case asserts the report row by row, with
// the row numbers the sheet shows, and the records the sandbox holds afterwards.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { countWrites, readReport, runCli, useSandbox, type ReportRow } from './cli.js';

const FIX = 'test/fixtures/libreoffice';
const env = useSandbox();

const TOTALS = 'looks like a totals row, not a record';

/** The report as [row, status, message] in file order. */
const outcomes = (rows: ReportRow[]) =>
  rows.map((r) => [Number(r['#row']), r['#status'], r['#message']] as const);

const bySerial = async (resource: string, serial: string) =>
  (await env.sb.records(resource)).find((a) => a.serial_number === serial);

interface FileCase {
  readonly name: string;
  readonly file: string;
  readonly resource: string;
  readonly code: number;
  readonly summary: string;
  /** What the plan line on stderr says about the rows. */
  readonly plan: string;
  readonly outcomes: (readonly [number, string, string])[];
  readonly check: (report: ReportRow[]) => Promise<void>;
}

const cases: FileCase[] = [
  {
    name: 'asset-register.xlsx: title merged over the header, text serials with leading zeros, date and currency cells, a blank row, "Deutschland", a TOTAL row',
    file: 'asset-register.xlsx',
    resource: 'asset',
    code: 0,
    summary: '5 created, 0 updated, 1 skipped, 0 invalid, 0 failed',
    plan: '(sheet "Register") as assets: 5 rows below the header on row 3, 2 rows above the header, 1 blank row and 1 totals row skipped',
    outcomes: [
      [4, 'created', ''],
      [5, 'created', ''],
      // "Deutschland" is Germany (i18n-iso-countries' German names).
      [6, 'created', ''],
      // Row 7 is blank: counted, not reported.
      [8, 'created', ''],
      [9, 'created', ''],
      [10, 'skipped', TOTALS],
    ],
    check: async (report) => {
      const expected: Record<string, Record<string, unknown>> = {
        '00412345': {
          name: 'LO finance laptop',
          asset_tag: 'ACME-LO-01',
          service_start_date: '2023-01-31',
          warranty_end_date: '2026-01-31',
          original_cost: 1234.5,
          country: 'United States',
          category: { name: 'Hardware', subcategory: 'Laptop' },
          asset_usage_status: { name: 'In Use' },
          asset_owner: { name: 'Alice Johnson' },
          attached_supplier: { name: 'Dell Technologies' },
          asset_notes: null,
        },
        // "U.K."; the note is a hyperlink's text.
        '0078-PF4A': {
          name: 'LO sales laptop',
          service_start_date: '2023-03-15',
          original_cost: 899,
          country: 'United Kingdom',
          asset_notes: 'Order LO-2023-0315',
        },
        // The note is a formula's text result; the category comes from D8:D9 merged.
        J7QX9T9: {
          name: 'LO database server',
          service_start_date: '2023-09-28',
          warranty_end_date: '2028-09-28',
          original_cost: 18450.75,
          country: 'Germany',
          category: { name: 'Hardware', subcategory: 'Server' },
          asset_notes: 'Rack A4, U12',
        },
        // Rich text; 07/08/2023 is a date cell, so day-first is not in doubt.
        '0CN0H7X2': {
          name: 'LO reception monitor',
          service_start_date: '2023-08-07',
          warranty_end_date: '2026-08-07',
          original_cost: 579.99,
          category: { name: 'Hardware', subcategory: 'Monitor' },
          asset_usage_status: { name: 'In Stock' },
        },
      };
      for (const [serial, fields] of Object.entries(expected)) {
        const rec = await bySerial('asset', serial);
        expect(rec, serial).toMatchObject({ serial_number: serial, ...fields });
        expect(report.find((r) => r['Serial No.'] === serial)?.['#id']).toBe(String(rec?.id));
      }
      expect(await bySerial('asset', '000981')).toMatchObject({
        country: 'Germany',
        service_start_date: '2023-04-18',
      });
      // The report keeps the user's cells as written.
      expect(report.find((r) => r['#row'] === '6')).toMatchObject({
        'Serial No.': '000981',
        Country: 'Deutschland',
        'Purchase Date': '2023-04-18',
      });
    },
  },
  {
    name: 'customers.xlsx: boolean cells and formulas, month-name dates, phone numbers and postcodes with leading zeros (one a number shown as 00000)',
    file: 'customers.xlsx',
    resource: 'customer',
    code: 0,
    summary: '3 created, 0 updated, 0 skipped, 0 invalid, 0 failed',
    plan: '(sheet "Customers") as customers: 3 rows below the header on row 1.',
    outcomes: [
      [2, 'created', ''],
      [3, 'created', ''],
      [4, 'created', ''],
    ],
    check: async () => {
      const byName = async (name: string) => (await env.sb.records('customer')).find((c) => c.name === name);
      expect(await byName('LO Customer Alpha')).toMatchObject({
        category: { name: 'Services' },
        contact_person: { name: 'Ada Lovelace', email: 'ada@lo-alpha.example' },
        phone: '020 7946 0018',
        zip_postal_code: '02134',
        country: 'United States',
        nda_signed: true,
        nda_signed_date: '2023-01-31',
        msa_signed: true,
      });
      // FALSE cells are values, sent as false (not left out as empty).
      expect(await byName('LO Customer Beta')).toMatchObject({
        country: 'United Kingdom',
        nda_signed: false,
        nda_signed_date: null,
        msa_signed: false,
      });
      expect(await byName('LO Customer Gamma')).toMatchObject({
        zip_postal_code: '01067',
        country: 'Germany',
        nda_signed_date: '2024-02-29',
        msa_signed: true,
      });
    },
  },
  {
    name: 'assets-1904.xlsx: the 1904 date system, formula dates, formula results 0 and "", a serial number shown zero-padded',
    file: 'assets-1904.xlsx',
    resource: 'asset',
    code: 0,
    summary: '3 created, 0 updated, 0 skipped, 0 invalid, 0 failed',
    plan: '(sheet "Assets") as assets: 3 rows below the header on row 1.',
    outcomes: [
      [2, 'created', ''],
      [3, 'created', ''],
      [4, 'created', ''],
    ],
    check: async () => {
      expect(await bySerial('asset', '0001904')).toMatchObject({
        service_start_date: '2024-03-15',
        warranty_end_date: '2027-03-15',
        original_cost: 2499,
        estimated_salvage_value: 499,
        asset_notes: null,
      });
      expect(await bySerial('asset', '0001905')).toMatchObject({
        service_start_date: '2021-06-30',
        warranty_end_date: '2024-06-30',
        original_cost: 799,
        estimated_salvage_value: 0,
        asset_notes: 'warranty ended',
      });
      expect(await bySerial('asset', '0001906')).toMatchObject({
        service_start_date: '2023-11-02',
        warranty_end_date: '2026-11-02',
        original_cost: 1599,
        estimated_salvage_value: 0,
        asset_notes: null,
      });
    },
  },
  {
    name: 'contracts.xlsx: German date cells and euro cells, a blended contract whose OpEx is a formula, a child contract, one ending before it starts',
    file: 'contracts.xlsx',
    resource: 'contract',
    code: 1,
    summary: '3 created, 0 updated, 0 skipped, 1 invalid, 0 failed',
    plan: '(sheet "Contracts") as contracts: 4 rows below the header on row 1.',
    outcomes: [
      [2, 'created', ''],
      [3, 'created', ''],
      [4, 'created', ''],
      [
        5,
        'invalid',
        'column "Start" → contract_start_date: start date 2024-10-01 must be before end date 2024-09-30',
      ],
    ],
    check: async () => {
      const byNumber = async (n: string) => (await env.sb.records('contract')).find((c) => c.number === n);
      expect(await byNumber('FX-LO-CT-001')).toMatchObject({
        contract_type: 'buy_side',
        supplier: { name: 'Lenovo' },
        country: 'Germany',
        status: 'active',
        category: { name: 'Hardware', subcategory: 'Laptop' },
        contract_start_date: '2024-01-01',
        contract_end_date: '2026-12-31',
        notice_period: 90,
        total_contract_spend_value: 150000,
        expenditure_type: { type: 'capex' },
      });
      expect(await byNumber('FX-LO-CT-002')).toMatchObject({
        contract_type: 'sell_side',
        customer: { name: 'Northwind Traders' },
        parent_contract: { number: 'CT-2023-003' },
        country: 'United States',
        status: 'draft',
        contract_end_date: '2027-02-28',
        total_contract_spend_value: 240000,
        expenditure_type: { type: 'blended', capex_actual: 40000, opex_actual: 200000 },
      });
      expect(await byNumber('FX-LO-CT-003')).toMatchObject({
        country: 'United Kingdom',
        total_contract_spend_value: 45999.99,
        expenditure_type: { type: 'opex' },
      });
      expect(await byNumber('FX-LO-CT-004')).toBeUndefined();
    },
  },
];

describe('import of XLSX written by LibreOffice', () => {
  it.each(cases)('$name', async (c) => {
    const report = join(env.dir, `${c.file}.report.csv`);
    const res = await runCli([
      'import',
      join(FIX, c.file),
      '--resource',
      c.resource,
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.stdout).toContain(c.summary);
    expect(res.stderr).toContain(c.plan);
    // Every formula had its saved result: none is read as empty with a warning.
    expect(res.stderr).not.toMatch(/no saved result/);
    expect(res.code).toBe(c.code);
    const rows = readReport(report);
    expect(outcomes(rows)).toEqual(
      c.outcomes.map(([row, status, message]) => [row, status, expect.stringContaining(message)]),
    );
    // No row warns: text serials keep their zeros, and numbers shown zero-padded read as shown.
    expect(rows.filter((r) => r['#warnings'] !== '').map((r) => [r['#row'], r['#warnings']])).toEqual([]);
    await c.check(rows);
  });
});

describe('a dry run of the LibreOffice register', () => {
  const dry = useSandbox();

  it('writes nothing and reports each row as it would go: valid (the Deutschland row too), the TOTAL row skipped', async () => {
    await dry.sb.resetStats();
    const before = (await dry.sb.records('asset')).length;
    const report = join(dry.dir, 'register.dry.report.csv');
    const res = await runCli([
      'validate',
      join(FIX, 'asset-register.xlsx'),
      '--resource',
      'asset',
      '--report',
      report,
      '--json',
      ...dry.sb.args,
    ]);
    expect(res.code).toBe(0);
    const stats = await dry.sb.stats();
    expect(countWrites(stats)).toBe(0);
    expect(Object.keys(stats.requests).every((k) => k.startsWith('GET '))).toBe(true);
    expect(await dry.sb.records('asset')).toHaveLength(before);
    expect(outcomes(readReport(report))).toEqual([
      [4, 'valid', ''],
      [5, 'valid', ''],
      [6, 'valid', ''],
      [8, 'valid', ''],
      [9, 'valid', ''],
      [10, 'skipped', TOTALS],
    ]);
    const summary = JSON.parse(res.stdout);
    expect(summary).toMatchObject({ dryRun: true, counts: { valid: 5, invalid: 0, skipped: 1, created: 0 } });
    expect(summary.requests).toBe(stats.total);
  });
});
