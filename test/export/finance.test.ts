// Finance figures against hand-worked examples (the formulas are in docs/finance.md).
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  annualisedSpend,
  autoRenews,
  bookValue,
  monthsRemaining,
  noticeDeadline,
  yearsBetween,
} from '../../src/export/finance.js';

describe('yearsBetween', () => {
  it.each([
    ['whole years', '2021-03-01', '2023-03-01', 2],
    ['half of a 365-day year: 2 + 182/365', '2020-01-01', '2022-07-02', 2 + 182 / 365],
    ['29 February reaches its anniversary on 28 February', '2020-02-29', '2021-02-28', 1],
    ['backwards is negative', '2023-03-01', '2021-03-01', -2],
    ['same day is zero', '2024-05-05', '2024-05-05', 0],
  ])('%s', (_n, from, to, years) => {
    expect(yearsBetween(from, to)).toBeCloseTo(years, 10);
  });
});

describe('addMonths', () => {
  it.each([
    ['31 January + 1 month is the last day of February', '2024-01-31', 1, '2024-02-29'],
    ['across a year', '2025-11-15', 3, '2026-02-15'],
    ['backwards', '2025-03-31', -1, '2025-02-28'],
  ])('%s', (_n, d, m, out) => expect(addMonths(d, m)).toBe(out));
});

describe('bookValue', () => {
  const a = (cost: unknown, salvage: unknown, schedule: unknown, start: unknown) => ({
    original_cost: cost,
    estimated_salvage_value: salvage,
    depreciation_schedule: schedule,
    service_start_date: start,
  });
  it.each([
    // 1000 − (1000 − 100) × 2 / 5 = 640
    ['5 years, two years in', a(1000, 100, '5_year_20_percent', '2020-01-01'), '2022-01-01', 640],
    // elapsed = 2 + 182/365; 1000 − 900 × 2.4986301 / 5 = 550.2466 → 550.25
    [
      '5 years, part year, rounded to cents',
      a(1000, 100, '5_year_20_percent', '2020-01-01'),
      '2022-07-02',
      550.25,
    ],
    // 5000 − 5000 × 5 / 10 = 2500 (no salvage value counts as 0)
    ['10 years, no salvage value', a(5000, null, '10_year_10_percent', '2020-03-01'), '2025-03-01', 2500],
    // 1200 − 1200 × 1 / 3 = 800
    ['3 years from 29 February', a(1200, 0, '3_year_33_percent', '2020-02-29'), '2021-02-28', 800],
    [
      'past the schedule: floored at salvage',
      a(3000, 250, '3_year_33_percent', '2021-06-15'),
      '2025-01-01',
      250,
    ],
    ['before service start: the cost', a(3000, 250, '3_year_33_percent', '2026-01-01'), '2025-01-01', 3000],
    [
      'salvage above cost: never above cost',
      a(100, 200, '3_year_33_percent', '2024-01-01'),
      '2025-01-01',
      100,
    ],
    ['money as strings', a('1000.00', '100.00', '5_year_20_percent', '2020-01-01'), '2022-01-01', 640],
    ['schedule other: empty', a(1000, 100, 'other', '2020-01-01'), '2022-01-01', null],
    ['no schedule: empty', a(1000, 100, null, '2020-01-01'), '2022-01-01', null],
    ['no cost: empty', a(null, 100, '5_year_20_percent', '2020-01-01'), '2022-01-01', null],
    ['no start date: empty', a(1000, 100, '5_year_20_percent', null), '2022-01-01', null],
  ])('%s', (_n, asset, asOf, value) => {
    expect(bookValue(asset, asOf)).toBe(value);
  });
});

describe('contract figures', () => {
  it.each([
    ['11 whole months to the end', '2026-12-31', '2026-01-15', 11],
    ['month ends line up', '2026-03-31', '2026-01-31', 2],
    ['less than a month', '2026-02-10', '2026-01-15', 0],
    ['ended: 0', '2025-06-30', '2026-01-15', 0],
  ])('monthsRemaining: %s', (_n, end, asOf, months) => expect(monthsRemaining(end, asOf)).toBe(months));

  it.each([
    ['90 days before 31 December', '2026-12-31', 90, '2026-10-02'],
    ['zero notice: the end date', '2026-12-31', 0, '2026-12-31'],
    ['across a leap day', '2024-03-10', 10, '2024-02-29'],
    ['no notice period: empty', '2026-12-31', null, null],
    ['no end date: empty', null, 30, null],
  ])('noticeDeadline: %s', (_n, end, notice, out) => expect(noticeDeadline(end, notice)).toBe(out));

  it.each([
    // The end date is the last day of the term: 36000 / 3 = 12000
    ['three whole years, end date inclusive', 36000, '2024-01-01', '2026-12-31', 12000],
    // A one-year contract in a leap year: its total, not 12000 / (365/366) = 12032.88
    ['one year, 2024 (a leap year)', 12000, '2024-01-01', '2024-12-31', 12000],
    ['one year, from mid-year', 5000, '2025-07-01', '2026-06-30', 5000],
    // 10000 / (182/365) = 20054.945… → 20054.95 (1 January to 1 July inclusive is 182 days)
    ['half a year', 10000, '2025-01-01', '2025-07-01', 20054.95],
    // One day is 1/365 of 2025.
    ['a one-day contract', 10, '2025-03-01', '2025-03-01', 3650],
    ['no total: empty', null, '2025-01-01', '2026-01-01', null],
    ['end before start: empty', 1000, '2025-01-02', '2025-01-01', null],
  ])('annualisedSpend: %s', (_n, total, start, end, out) =>
    expect(annualisedSpend(total, start, end)).toBe(out),
  );

  it.each([
    ['auto_renewed', 'auto_renewed', true],
    ['auto_expires', 'auto_expires', false],
    ['not set', null, null],
  ])('autoRenews: %s', (_n, clause, out) => expect(autoRenews(clause)).toBe(out));
});
