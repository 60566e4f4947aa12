// Coerce stage: a spreadsheet cell to the value a write body takes. Dates (ISO, Excel
// serials, day-first or month-first), money ("$1,234.50", "1 234,50"), integers, booleans
// and enums by value or label. Pure; a problem is returned as words, never thrown.
import type { CellValue } from '../read/types.js';
import { isEmptyCell } from '../read/header.js';
import type { CustomFieldDataType, FieldDef } from '../resources/fields.js';
import { isRealDay, isValidIsoDate, notOneOf } from '../resources/fields.js';
import { compactName } from './normalize.js';
import { excelSerialToIso } from '../util/excel-serial.js';

export type DateOrder = 'DMY' | 'MDY';

export interface Coerced {
  /** The value for the body; undefined = omit the field (empty cell). */
  readonly value?: unknown;
  /** Why the cell cannot be used, in spreadsheet words. */
  readonly problem?: string;
  /** A doubt worth telling the user about, though the value was used. */
  readonly warning?: string;
}

const EMPTY: Coerced = {};

// Defined with the reader, which skips empty cells first; the map stages take it from here.
export { isEmptyCell };

function isCellError(c: CellValue): c is { error: string } {
  return typeof c === 'object' && c !== null && !(c instanceof Date) && 'error' in c;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/**
 * The cell as text the way a user sees it. A date is its day, from its parts rather than
 * toISOString: the report calls this for every date cell of every row (bench/results.md).
 */
export function cellText(c: CellValue | undefined): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date)
    return isNaN(c.getTime()) ? '' : ymd(c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate());
  if (isCellError(c)) return c.error;
  return String(c);
}

// ---------------------------------------------------------------------------------
// Dates

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

const fullYear = (y: number) => (y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y);

/** A day, month and year as numbers, separated by "/", "." or "-": "31/01/2023", "31.01.23". */
const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})([/.-])(\d{2}|\d{4})$/;

/**
 * Dotted dates ("01.02.2023") are day-first in every locale that writes them (CLDR's short
 * dates for de, ru, pl, tr, fi, cs …: dd.MM.yy, d.M.yy); no locale writes MM.dd.yyyy, so
 * they settle their own order. Slashes and dashes are written both ways and do not.
 */
const isDotted = (m: RegExpExecArray) => m[2] === '.' && m[4] === '.';

/** Which orders a text date allows: day-first, month-first, both (ambiguous), or none of these forms. */
export function dateOrdersOf(text: string): { dmy: boolean; mdy: boolean } | undefined {
  const m = NUMERIC_DATE.exec(text.trim());
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const y = fullYear(Number(m[5]));
  return { dmy: isRealDay(y, b, a), mdy: !isDotted(m) && isRealDay(y, a, b) };
}

/** Turn `--date-format` text into an order; undefined for ISO-only or unknown forms. */
export function dateOrderFromFormat(format: string | undefined): DateOrder | undefined {
  if (!format) return undefined;
  const f = format.toLowerCase();
  const d = f.indexOf('d');
  const m = f.indexOf('m');
  if (d < 0 || m < 0) return undefined;
  if (f.indexOf('y') === 0) return undefined;
  return d < m ? 'DMY' : 'MDY';
}

export function coerceDate(cell: CellValue, order: DateOrder | undefined): Coerced {
  if (cell instanceof Date) {
    if (isNaN(cell.getTime())) return { problem: 'is not a valid date' };
    // Spreadsheet dates carry no zone: exceljs gives them as UTC midnight.
    return { value: ymd(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()) };
  }
  if (typeof cell === 'number') {
    const iso = excelSerialToIso(cell);
    if (cell === 60)
      return { problem: "60 is 1900-02-29 in Excel, a day that never existed (Excel's 1900 leap-year bug)" };
    return iso
      ? {
          value: iso,
          warning: cell < 367 ? `the number ${cell} was read as an Excel date (${iso})` : undefined,
        }
      : { problem: `the number ${cell} is not a date` };
  }
  const text = cellText(cell).trim();
  let m =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    );
  if (m) {
    const iso = ymd(Number(m[1]), Number(m[2]), Number(m[3]));
    // The reader turns an XLSX date cell of serial 60 into this text: say where it came from.
    if (iso === '1900-02-29')
      return {
        problem: `"${text}" is not a real date: 29 February 1900 exists only in Excel (its 1900 leap-year bug)`,
      };
    return isValidIsoDate(iso) ? { value: iso } : { problem: `"${text}" is not a real date` };
  }
  if (/^\d{5}(\.\d+)?$/.test(text)) return coerceDate(Number(text), order);
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = fullYear(Number(m[5]));
    let use: DateOrder | undefined = order ?? (isDotted(m) ? 'DMY' : undefined);
    if (!use) {
      const dmy = isRealDay(y, b, a);
      const mdy = isRealDay(y, a, b);
      // Neither reading is a real day ("31/02/2023"): no --date-format would help.
      if (!dmy && !mdy) return { problem: `"${text}" is not a real date` };
      if (dmy && !mdy) use = 'DMY';
      else if (mdy && !dmy) use = 'MDY';
      else if (a === b) use = 'DMY';
      else
        return {
          problem: `"${text}" could be day-first or month-first; give --date-format dd/MM/yyyy or MM/dd/yyyy`,
        };
    }
    const month = use === 'DMY' ? b : a;
    const day = use === 'DMY' ? a : b;
    if (!isRealDay(y, month, day))
      return {
        problem: `"${text}" is not a real date as ${use === 'DMY' ? 'day/month/year' : 'month/day/year'}`,
      };
    return { value: ymd(y, month, day) };
  }
  // "31 Jan 2023", "31-Jan-23", "January 31, 2023"
  m = /^(\d{1,2})[\s\-/.]*([a-z]{3,9})\.?[\s\-/.,]*(\d{2}|\d{4})$/i.exec(text);
  if (m && MONTHS[m[2].toLowerCase()]) {
    const iso = ymd(fullYear(Number(m[3])), MONTHS[m[2].toLowerCase()], Number(m[1]));
    return isValidIsoDate(iso) ? { value: iso } : { problem: `"${text}" is not a real date` };
  }
  m = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text);
  if (m && MONTHS[m[1].toLowerCase()]) {
    const iso = ymd(Number(m[3]), MONTHS[m[1].toLowerCase()], Number(m[2]));
    return isValidIsoDate(iso) ? { value: iso } : { problem: `"${text}" is not a real date` };
  }
  return { problem: `"${text}" is not a date (write it like 2024-03-31)` };
}

// ---------------------------------------------------------------------------------
// Numbers and money

/**
 * Read an amount as people write it: currency symbols and codes, thousands separators
 * ("1,234.50", "1.234,50", "1 234,50"), a trailing minus or brackets for negatives.
 */
/** Code units of the symbols a plain amount may start with: $ € £ ¥ ₹. */
const AMOUNT_SYMBOLS = new Set([0x24, 0x20ac, 0xa3, 0xa5, 0x20b9]);

/** Digits whose value a double holds exactly: up to 15, an amount is counted here, not parsed. */
const EXACT_DIGITS = 15;

/**
 * A plain amount's value, or undefined for any other text (it then takes the long way): an
 * optional symbol, digits in thousands groups of "," (the first of 1–3 digits, not 0) or
 * none, an optional "." and decimals: "1234.50", "$1,234.50". A scan rather than a regular
 * expression: a money column's values rarely repeat, so this runs for most of its cells.
 * Digits counted into an integer and divided by a power of ten give the double that
 * Number() gives for the same text (both exact operands, one correctly rounded division).
 */
export function plainAmount(s: string): number | undefined {
  const len = s.length;
  let i = AMOUNT_SYMBOLS.has(s.charCodeAt(0)) ? 1 : 0;
  const start = i;
  let n = 0;
  let digits = 0;
  /** Digits since the last comma, or since the start. */
  let run = 0;
  let commas = 0;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
      run++;
    } else if (c === 44) {
      const badGroup = commas === 0 ? run === 0 || run > 3 || s.charCodeAt(start) === 48 : run !== 3;
      if (badGroup) return undefined;
      commas++;
      run = 0;
    } else break;
  }
  if (digits === 0 || (commas > 0 && run !== 3)) return undefined;
  if (i === len) return digits <= EXACT_DIGITS ? n : undefined;
  if (s.charCodeAt(i) !== 46) return undefined;
  let scale = 1;
  for (i++; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    n = n * 10 + (c - 48);
    digits++;
    scale *= 10;
  }
  return scale === 1 || digits > EXACT_DIGITS ? undefined : n / scale;
}

export function parseAmount(raw: CellValue): { n?: number; negative?: boolean; problem?: string } {
  if (typeof raw === 'number')
    return Number.isFinite(raw) ? { n: raw, negative: raw < 0 } : { problem: 'is not a number' };
  if (typeof raw === 'boolean' || raw instanceof Date || raw === null) return { problem: 'is not a number' };
  if (isCellError(raw)) return { problem: `is a formula error (${raw.error})` };
  let s = String(raw).trim();
  // Most amounts are plain: "1234.50", "$1,234.50". Anything else takes the long way.
  const plain = plainAmount(s);
  if (plain !== undefined) return { n: plain, negative: false };
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s
    .replace(/^(usd|eur|gbp|chf|cad|aud|jpy|inr|sek|nok|dkk)\s*/i, '')
    .replace(/\s*(usd|eur|gbp|chf|cad|aud|jpy|inr|sek|nok|dkk)$/i, '');
  s = s.replace(/[$€£¥₹]/g, '').trim();
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  } else if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1).trim();
  }
  s = s.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return { problem: 'is not a number' };
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normalized: string;
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator.
    const [whole, sep]: [string, ',' | '.'] =
      lastComma > lastDot ? [s.slice(0, lastComma), '.'] : [s.slice(0, lastDot), ','];
    if (!isGrouped(whole, sep)) return { problem: 'is not a number' };
    normalized = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const groups = s.split(',');
    // "1,234" and "1,234,567" are thousands; "12,5", "1234,50" and "0,125" are decimal commas.
    if (groups.length > 2 && !isGrouped(s, ',')) return { problem: 'is not a number' };
    normalized =
      groups.length > 2 || (groups.length === 2 && isGrouped(s, ','))
        ? s.replace(/,/g, '')
        : s.replace(',', '.');
  } else if (lastDot >= 0 && s.split('.').length > 2) {
    if (!isGrouped(s, '.')) return { problem: 'is not a number' };
    normalized = s.replace(/\./g, '');
  } else normalized = s;
  const n = Number(normalized);
  if (!Number.isFinite(n)) return { problem: 'is not a number' };
  return { n: negative ? -n : n, negative };
}

/**
 * Digits in thousands groups: the last group of three, the ones before of two or three
 * (Indian "12,34,567" too). "1,2,3" or "1.5." are typos, not numbers to guess at.
 */
function isGrouped(whole: string, sep: ',' | '.'): boolean {
  const groups = whole.split(sep);
  if (groups.length === 1) return /^\d+$/.test(whole);
  // A leading group of 0 is no thousands group: "0,125" is a decimal.
  return (
    /^[1-9]\d{0,2}$/.test(groups[0]) &&
    groups.slice(1, -1).every((g) => /^\d{2,3}$/.test(g)) &&
    /^\d{3}$/.test(groups[groups.length - 1])
  );
}

/**
 * "1.299 €": in German, Spanish, Italian, Dutch or Portuguese a thousand and more, in English
 * a little over one. An amount with one dot and three digits after it, and nothing else to
 * tell, is said to be unclear rather than read either way (a price has no third decimal).
 */
const DOT_THOUSANDS_OR_DECIMALS = /^[^\d,]*[1-9]\d{0,2}\.(\d{3})[^\d,.]*$/;

/** "12,500", "1,234 €": a comma and three digits, a thousands group in English, decimals in German. */
const COMMA_THOUSANDS_OR_DECIMALS = /^[^\d.]*[1-9]\d{0,2},(\d{3})[^\d,.]*$/;

/** The decimal mark of an amount column: a comma ("1.234,56") or a point ("1,234.56"). */
export type DecimalMark = ',' | '.';

/** A column's decimal mark, and the first cell that shows it beyond doubt (scan.ts). */
export interface DecimalReading {
  readonly mark: DecimalMark;
  readonly example: string;
  readonly row: number;
}

/**
 * The decimal mark an amount's text shows beyond doubt: "1.234,56", "12,5" and "1.234.567"
 * a comma; "1,234.56", "12.5" and "1,234,567" a point. Undefined for text that shows none
 * ("12.500", "1,234", "900") or is no amount.
 */
export function decimalMarkOf(text: string): DecimalMark | undefined {
  const t = text.trim();
  if (!/[.,]/.test(t) || DOT_THOUSANDS_OR_DECIMALS.test(t) || COMMA_THOUSANDS_OR_DECIMALS.test(t))
    return undefined;
  // Most amounts are plain ("$1,234.50", "1,234,567"): a point, quickly.
  if (plainAmount(t) !== undefined) return '.';
  const { n, problem } = parseAmount(t);
  if (problem || n === undefined) return undefined;
  const digits = t.replace(/[^\d.,]/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return lastComma > lastDot ? ',' : '.';
  const sep = lastComma >= 0 ? ',' : '.';
  // Two or more of one: thousands groups ("1.234.567"), so the mark is the other one.
  const several = digits.split(sep).length > 2;
  return several === (sep === ',') ? '.' : ',';
}

/** Whether an amount alone reads two ways: "12.500" and "12,500" (12500 or 12.5). */
export function readsTwoWays(text: string): boolean {
  const t = text.trim();
  return DOT_THOUSANDS_OR_DECIMALS.test(t) || COMMA_THOUSANDS_OR_DECIMALS.test(t);
}

/** An amount that alone reads two ways, read by its column's decimal mark, with the words for its row. */
function byColumnMark(text: string, reading: DecimalReading): Coerced | undefined {
  const dot = DOT_THOUSANDS_OR_DECIMALS.test(text);
  if (!dot && !COMMA_THOUSANDS_OR_DECIMALS.test(text)) return undefined;
  const whole = Number(text.replace(/[^\d]/g, ''));
  // The mark the cell has is the decimal one when it is the column's: "12.500" in a column of points is 12.5.
  const read = (reading.mark === '.') === dot ? whole / 1000 : whole;
  const value = Math.round(read * 100) / 100;
  const mark = reading.mark === ',' ? 'a decimal comma' : 'a decimal point';
  const rounded = value !== read ? `, rounded to ${value.toFixed(2)}` : '';
  return {
    value,
    warning: `"${text}" read as ${read}${rounded}: the column's amounts have ${mark} ("${reading.example}", row ${reading.row})`,
  };
}

/** An amount; `reading`: its column's decimal mark, which settles "12.500" and "12,500". */
export function coerceMoney(cell: CellValue, reading?: DecimalReading): Coerced {
  const { n, problem } = parseAmount(cell);
  // The cell's text only for the words: most amounts need none.
  if (problem) return { problem: `"${cellText(cell)}" ${problem}` };
  if (n! < 0) return { problem: `"${cellText(cell)}" is negative; amounts must be 0 or more` };
  const read = reading && typeof cell === 'string' ? byColumnMark(cell.trim(), reading) : undefined;
  if (read) return read;
  if (typeof cell === 'string' && DOT_THOUSANDS_OR_DECIMALS.test(cell.trim())) {
    const text = cell.trim();
    const whole = text.replace(/[^\d]/g, '');
    return {
      problem: `"${text}" could be ${whole} or ${n}: write it with its decimals ("${whole.slice(0, -3)}.${whole.slice(-3)},00" or "${whole.slice(0, -3)},${whole.slice(-3)}.00"), or as ${whole}`,
    };
  }
  const rounded = Math.round(n! * 100) / 100;
  return {
    value: rounded,
    warning: rounded !== n ? `"${cellText(cell)}" was rounded to ${rounded.toFixed(2)}` : undefined,
  };
}

export function coerceInteger(cell: CellValue): Coerced {
  const text = cellText(cell);
  const { n, problem } = parseAmount(cell);
  if (problem)
    return { problem: `"${text}" ${problem === 'is not a number' ? 'is not a whole number' : problem}` };
  if (!Number.isInteger(n)) return { problem: `"${text}" is not a whole number` };
  return { value: n };
}

// ---------------------------------------------------------------------------------
// Booleans, enums, text

// Yes and no in German, French, Spanish, Italian, Dutch and Portuguese too (as their
// spreadsheets' TRUE/FALSE: WAHR/FALSCH, VRAI/FAUX, VERDADERO/FALSO, VERO/FALSO, WAAR/ONWAAR,
// VERDADEIRO/FALSO). "No" is no in English, Spanish and Italian alike; accents are optional
// ("si" for "sí", "nao" for "não"), as people type them. A word no language reads both ways.
const TRUE = new Set([
  'yes',
  'y',
  'true',
  't',
  '1',
  'x',
  'on',
  'signed',
  '✓',
  '✔',
  'ja',
  'wahr',
  'oui',
  'vrai',
  'si',
  'verdadero',
  'vero',
  'waar',
  'sim',
  'verdadeiro',
]);
const FALSE = new Set([
  'no',
  'n',
  'false',
  'f',
  '0',
  'off',
  'unsigned',
  '-',
  'nein',
  'falsch',
  'non',
  'faux',
  'falso',
  'nee',
  'onwaar',
  'nao',
]);

/** Lowercase, accents off: "Sí", "Sì" and "Não" as "si" and "nao". */
function yesNoKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Text a yes/no cell may hold (coerceBoolean's words). */
export function isYesNo(text: string): boolean {
  const t = yesNoKey(text);
  return TRUE.has(t) || FALSE.has(t);
}

export function coerceBoolean(cell: CellValue): Coerced {
  if (typeof cell === 'boolean') return { value: cell };
  if (typeof cell === 'number')
    return cell === 1
      ? { value: true }
      : cell === 0
        ? { value: false }
        : { problem: `${cell} is not yes or no` };
  const t = yesNoKey(cellText(cell));
  if (TRUE.has(t)) return { value: true };
  if (FALSE.has(t)) return { value: false };
  return { problem: `"${cellText(cell)}" is not yes or no` };
}

export function coerceEnum(cell: CellValue, field: FieldDef): Coerced {
  const text = cellText(cell).trim();
  const key = compactName(text);
  const hit = field.values?.find(
    (v) =>
      compactName(v.value) === key ||
      compactName(v.label) === key ||
      v.words?.some((w) => compactName(w) === key),
  );
  if (hit) return { value: hit.value };
  return {
    problem: notOneOf(
      text,
      (field.values ?? []).map((v) => v.label),
    ),
  };
}

export function coerceText(cell: CellValue, field?: FieldDef): Coerced {
  if (typeof cell === 'object' && cell !== null && !(cell instanceof Date) && 'error' in cell) {
    return { problem: `is a formula error (${cell.error})` };
  }
  let text = cellText(cell).trim();
  if (text === '') return EMPTY;
  // Our reports and exports prefix formula-like text with ' (so it cannot run in Excel);
  // a report fed back to the import gets its text back as it was.
  if (/^'[=+\-@\t\r]/.test(text)) text = text.slice(1);
  // A serial or phone number typed into Excel as a number has lost its leading zeros.
  const warning =
    typeof cell === 'number' && field?.keepText
      ? `was stored as a number (${text}); leading zeros, if any, were lost`
      : undefined;
  return { value: text, warning };
}

/** Coerce a cell for a field; lookups stay text for the resolve stage. */
export function coerceCell(
  cell: CellValue,
  field: FieldDef,
  order: DateOrder | undefined,
  reading?: DecimalReading,
): Coerced {
  if (isEmptyCell(cell)) return EMPTY;
  if (typeof cell === 'object' && cell !== null && !(cell instanceof Date) && 'error' in cell) {
    return { problem: `is a formula error (${cell.error})` };
  }
  switch (field.type) {
    case 'text':
    case 'email':
    case 'lookup':
      return coerceText(cell, field);
    case 'integer':
      return coerceInteger(cell);
    case 'decimal':
      return coerceMoney(cell, reading);
    case 'date':
      return coerceDate(cell, order);
    case 'boolean':
      return coerceBoolean(cell);
    case 'enum':
      return coerceEnum(cell, field);
  }
}

/** Coerce a custom field's cell by its data type. */
export function coerceCustom(
  cell: CellValue,
  dataType: CustomFieldDataType,
  order: DateOrder | undefined,
  reading?: DecimalReading,
): Coerced {
  if (isEmptyCell(cell)) return EMPTY;
  switch (dataType) {
    case 'money':
      return coerceMoney(cell, reading);
    case 'number':
      return coerceInteger(cell);
    case 'date':
      return coerceDate(cell, order);
    default:
      return coerceText(cell);
  }
}
