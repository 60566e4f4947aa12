// Finance figures derived from a record, for `--finance`: an asset's straight-line book
// value and a contract's months remaining, notice deadline, annualised spend and renewal.
// Pure functions over yyyy-MM-dd strings; the formulas are stated in docs/finance.md.
import { isValidIsoDate } from '../resources/fields.js';
import type { ExportColumn } from './flatten.js';

import { DAY_MS } from '../util/excel-serial.js';

function toUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The same day `months` later; a day the month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(ty, tm, Math.min(d, last)));
}

function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/**
 * Years from `from` to `to`: whole anniversaries passed, plus the part of the current
 * anniversary year gone by (days since the last anniversary ÷ days in that year). So
 * 2021-03-01 → 2023-03-01 is exactly 2, and half a leap year counts as 0.5. Negative
 * when `to` is before `from`.
 */
export function yearsBetween(from: string, to: string): number {
  if (to < from) return -yearsBetween(to, from);
  let whole = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  if (addMonths(from, whole * 12) > to) whole--;
  const a = toUtc(addMonths(from, whole * 12));
  const b = toUtc(addMonths(from, (whole + 1) * 12));
  return whole + (toUtc(to) - a) / (b - a);
}

/** Whole calendar months from `asOf` until `end`; 0 once the end has passed. */
export function monthsRemaining(end: string, asOf: string): number {
  if (end <= asOf) return 0;
  let m =
    (Number(end.slice(0, 4)) - Number(asOf.slice(0, 4))) * 12 +
    (Number(end.slice(5, 7)) - Number(asOf.slice(5, 7)));
  while (m > 0 && addMonths(asOf, m) > end) m--;
  return m;
}

/** Money rounded to cents, half away from zero. */
function roundCents(n: number): number {
  return (Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;
}

/** Years of a depreciation schedule, read from its value (`5_year_20_percent` → 5); undefined for `other`. */
function scheduleYears(schedule: unknown): number | undefined {
  const m = typeof schedule === 'string' ? /^(\d+)_year/.exec(schedule) : null;
  return m ? Number(m[1]) : undefined;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const date = (v: unknown): string | undefined => (typeof v === 'string' && isValidIsoDate(v) ? v : undefined);

export interface BookValueInput {
  readonly original_cost?: unknown;
  readonly service_start_date?: unknown;
  readonly depreciation_schedule?: unknown;
  readonly estimated_salvage_value?: unknown;
}

/**
 * Straight-line book value on `asOf`:
 * cost − (cost − salvage) × elapsed / years, floored at salvage, never above cost.
 * Null when the cost, start date or a year-based schedule is missing.
 */
export function bookValue(asset: BookValueInput, asOf: string): number | null {
  const cost = num(asset.original_cost);
  const start = date(asset.service_start_date);
  const years = scheduleYears(asset.depreciation_schedule);
  if (cost === undefined || start === undefined || years === undefined) return null;
  const salvage = num(asset.estimated_salvage_value) ?? 0;
  const elapsed = Math.max(0, yearsBetween(start, asOf));
  const straight = cost - ((cost - salvage) * elapsed) / years;
  return roundCents(Math.min(cost, Math.max(salvage, straight)));
}

/** The last day notice can be given: end date minus the notice period in days. */
export function noticeDeadline(end: unknown, noticeDays: unknown): string | null {
  const e = date(end);
  const n = num(noticeDays);
  return e !== undefined && n !== undefined ? addDays(e, -n) : null;
}

/**
 * Total contract value ÷ the contract's length in years. The end date is the contract's
 * last day (a one-year contract runs 2024-01-01 to 2024-12-31), so the term runs to the
 * day after it: a one-year contract's annualised spend is its total, never more.
 */
export function annualisedSpend(total: unknown, start: unknown, end: unknown): number | null {
  const t = num(total);
  const s = date(start);
  const e = date(end);
  if (t === undefined || s === undefined || e === undefined || e < s) return null;
  return roundCents(t / yearsBetween(s, addDays(e, 1)));
}

/** Whether the contract renews by itself: its end of term clause is auto_renewed. */
export function autoRenews(clause: unknown): boolean | null {
  return typeof clause === 'string' && clause !== '' ? clause === 'auto_renewed' : null;
}

type Rec = Record<string, unknown>;

/** The extra columns `--finance` adds to a resource (none for resources without figures). */
export function financeColumns(resource: string, asOf: string): ExportColumn[] {
  if (resource === 'asset') {
    return [
      {
        key: 'finance.book_value',
        label: 'Book value',
        type: 'decimal',
        read: (r: Rec) => bookValue(r, asOf),
      },
    ];
  }
  if (resource === 'contract') {
    return [
      {
        key: 'finance.months_remaining',
        label: 'Months remaining',
        type: 'integer',
        read: (r: Rec) =>
          date(r.contract_end_date) ? monthsRemaining(r.contract_end_date as string, asOf) : null,
      },
      {
        key: 'finance.notice_deadline',
        label: 'Notice deadline',
        type: 'date',
        read: (r: Rec) => noticeDeadline(r.contract_end_date, r.notice_period),
      },
      {
        key: 'finance.annualised_spend',
        label: 'Annualised spend',
        type: 'decimal',
        read: (r: Rec) =>
          annualisedSpend(r.total_contract_spend_value, r.contract_start_date, r.contract_end_date),
      },
      {
        key: 'finance.auto_renews',
        label: 'Auto-renews',
        type: 'boolean',
        read: (r: Rec) => autoRenews(r.end_of_term_clause),
      },
    ];
  }
  return [];
}

/** The headers of the figures `--finance` adds to a resource's export: what a sheet sent back may still have. */
export function financeLabels(resource: string): string[] {
  return financeColumns(resource, '').map((c) => c.label);
}
