// Map stage: how well a column's values fit a field, so that a header is not taken for a
// field its values contradict (Snipe-IT's "Warranty" holds months, not a status). A
// fit is the share of the sampled values the field could take, 0–1. Pure: no I/O.
import type { CellValue } from '../read/types.js';
import { EMAIL, type FieldDef } from '../resources/fields.js';
import {
  cellText,
  coerceBoolean,
  coerceDate,
  coerceEnum,
  coerceInteger,
  isYesNo,
  parseAmount,
} from './coerce.js';
import { holdsNoValue } from './placeholders.js';
import type { Target } from './target.js';
import { isStatusWord } from './vocabulary.js';

/** Below this, a column's values contradict the field its header names. */
export const CONTRADICTS = 0.5;

/** The longest text field that names one thing (a state, a building); longer ones hold notes. */
const SHORT_TEXT = 50;

/** Fields that hold codes (no sentences): serial numbers, tags, part numbers. */
const CODE_FIELDS = /(serial_number|asset_tag|pseudo_number|part_number)$/;

function isDate(c: CellValue): boolean {
  if (c instanceof Date) return true;
  // An Excel serial between 1954 and 2119; a small number is a count, not a date.
  if (typeof c === 'number') return c > 20_000 && c < 80_000;
  return !coerceDate(c, 'DMY').problem || !coerceDate(c, 'MDY').problem;
}

/** A number, even one the field would refuse (negative, too large): it is still money, not a name. */
function isNumber(c: CellValue): boolean {
  if (typeof c === 'number') return true;
  if (typeof c !== 'string' || !/\d/.test(c)) return false;
  const p = parseAmount(c);
  return p.n !== undefined || p.negative === true || /^[-+(]?[$€£]?\s?[\d.,]+(e\d+)?\)?$/i.test(c.trim());
}

/** A whole number of months a warranty or contract may run: 0 to 20 years. */
function isMonths(c: CellValue): boolean {
  const r = coerceInteger(c);
  return !r.problem && typeof r.value === 'number' && r.value >= 0 && r.value <= 240;
}

/** A name-like value: not a number, date or yes/no. */
function isName(c: CellValue): boolean {
  return !isNumber(c) && !isDate(c) && !isYesNo(cellText(c));
}

/** How well one value fits a standard field (1 fits, 0 contradicts). */
function fieldFit(f: FieldDef, c: CellValue): number {
  switch (f.type) {
    case 'date':
      return isDate(c) ? 1 : 0;
    case 'decimal':
      return isNumber(c) ? 1 : 0;
    case 'integer':
      return coerceInteger(c).problem ? 0 : 1;
    case 'boolean':
      return coerceBoolean(c).problem ? 0 : 1;
    case 'enum':
      return coerceEnum(c, f).problem ? 0 : 1;
    case 'email':
      return EMAIL.test(cellText(c).trim()) ? 1 : 0;
    case 'lookup':
      if (f.lookup === 'usage_status') return isName(c) ? 1 : 0;
      // Countries come as numeric codes too; a status word ("In use") is no other list's name.
      if (isStatusWord(cellText(c))) return 0.2;
      return isName(c) || (f.lookup === 'country' && isNumber(c)) ? 1 : 0;
    case 'text':
      return textFit(f, c);
  }
}

function textFit(f: FieldDef, c: CellValue): number {
  const text = cellText(c).trim();
  if (f.maxLength !== undefined && text.length > f.maxLength) return 0;
  // A serial number, tag or part number is a code: a sentence in its column is something else.
  if (CODE_FIELDS.test(f.name)) return /\s/.test(text) && text.length > 20 ? 0 : 1;
  if (f.keepText) return 1;
  // "State" holding "In use": a status, not a state or province. A notes field (longer than a
  // name) takes any word: "spare" or "broken" in a Notes column is a note.
  if (isStatusWord(text) && (f.maxLength ?? Infinity) <= SHORT_TEXT) return 0.2;
  // A yes/no or a date in a free-text field is odd but not impossible.
  return isYesNo(text) || c instanceof Date ? 0.4 : 1;
}

/** One value against a target of any kind. */
function valueFit(t: Target, c: CellValue): number {
  if (t.kind === 'field') return fieldFit(t.field, c);
  if (t.kind === 'id') return coerceInteger(c).problem ? 0 : 1;
  if (t.kind === 'derived') return isMonths(c) ? 1 : 0;
  switch (t.dataType) {
    case 'date':
      return isDate(c) ? 1 : 0;
    case 'money':
    case 'number':
      return isNumber(c) ? 1 : 0;
    default:
      return 1;
  }
}

/**
 * The share of the column's values that fit the target, empty cells and placeholders ("N/A",
 * "-") aside; undefined with no values to judge, as for an empty column.
 */
export function fitOf(t: Target, values: readonly CellValue[]): number | undefined {
  let n = 0;
  let sum = 0;
  for (const c of values) {
    if (holdsNoValue(c) || (typeof c === 'object' && c !== null && !(c instanceof Date))) continue;
    n++;
    sum += valueFit(t, c);
  }
  return n === 0 ? undefined : sum / n;
}

/** A few of the column's values, for a message ("36, 12, 24"). */
export function someValues(values: readonly CellValue[], max = 3): string {
  const seen = [...new Set(values.filter((c) => !holdsNoValue(c)).map((c) => cellText(c).trim()))];
  return (
    seen
      .slice(0, max)
      .map((v) => `"${v}"`)
      .join(', ') + (seen.length > max ? ' …' : '')
  );
}
