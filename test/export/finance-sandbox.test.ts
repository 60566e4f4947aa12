// --finance end to end: figures in the exported files equal hand-worked examples.
// Asset i of the fixture: cost 1000 + i + 0.50, salvage 100, service start 2023-01-01,
// 5-year schedule for odd i, "other" for even i. Contract i: 2024-01-01 to 2027-01-01,
// total 36,000, notice 90 days, auto_renewed for odd i.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportResource } from '../../src/export/export.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';
import { readCsv, readXlsx } from './readback.js';

describe('--finance', () => {
  let sb: SizedSandbox;
  beforeAll(async () => {
    sb = await startSizedSandbox(3);
  }, 60_000);
  afterAll(() => sb?.close());

  it.each([
    // asset 1: 1001.50 − (1001.50 − 100) × 2 / 5 = 1001.50 − 360.60 = 640.90
    ['two whole years in', '2025-01-01', 1, 640.9],
    // asset 3: elapsed 2 + 181/365 = 2.495890; 1003.50 − 903.50 / 5 × 2.495890 = 1003.50 − 451.0073 = 552.49
    ['part of a year, rounded to cents', '2025-07-01', 3, 552.49],
    // 1001.50 − 901.50 × 6 / 5 < 100: floored at the salvage value
    ['past the schedule: the salvage value', '2029-01-01', 1, 100],
    ['before service start: the cost', '2022-06-30', 1, 1001.5],
    ['schedule "other": empty', '2025-01-01', 2, null],
  ])('asset book value, %s', async (_n, asOf, id, value) => {
    const file = join(sb.dir, `assets-${asOf}.xlsx`);
    await exportResource({ client: sb.client, resource: 'asset', output: file, finance: true, asOf });
    const { header, rows } = await readXlsx(file);
    expect(header.at(-1)).toBe('Book value');
    expect(rows.find((r) => r[0] === id)!.at(-1) ?? null).toBe(value);
  });

  it.each([
    // 2026-01-15 + 11 months = 2026-12-15 ≤ 2027-01-01 < 2027-01-15; 2027-01-01 − 90 days = 2026-10-03;
    // the end date is the last day, so the term is 3 years and 1 day: 36000 / 3.00274 = 11989.05
    ['mid-term', '2026-01-15', 1, ['11', '2026-10-03', '11989.05', 'TRUE']],
    ['after the end: no months left', '2027-03-01', 2, ['0', '2026-10-03', '11989.05', 'FALSE']],
  ])('contract figures in CSV, %s', async (_n, asOf, id, figures) => {
    const file = join(sb.dir, `contracts-${asOf}.csv`);
    await exportResource({ client: sb.client, resource: 'contract', output: file, finance: true, asOf });
    const { header, rows } = await readCsv(file);
    expect(header.slice(-4)).toEqual([
      'Months remaining',
      'Notice deadline',
      'Annualised spend',
      'Auto-renews',
    ]);
    expect(rows.find((r) => r[0] === String(id))!.slice(-4)).toEqual(figures);
  });

  it('contract figures in XLSX are typed', async () => {
    const file = join(sb.dir, 'contracts.xlsx');
    await exportResource({
      client: sb.client,
      resource: 'contract',
      output: file,
      finance: true,
      asOf: '2026-01-15',
    });
    const { rows } = await readXlsx(file);
    expect(rows[0].slice(-4)).toEqual([11, new Date(Date.UTC(2026, 9, 3)), 11989.05, true]);
  });
});
