// XLSX cells as the spreadsheet shows them: one `<c>` of the sheet XML (as xlsx-sheet.ts
// reads it) decoded to its value by its type, its formula's saved result and its number
// format (dates, durations, times and yes/no told from numbers, Excel's 1900 leap-year bug
// undone), and the text the cells expand to bounded (CellTextBudget).
import type { Location } from '../../errors.js';
import { formatBytes, readError, type WarningSink } from '../problems.js';
import type { CellValue } from '../types.js';
import { DATE_1904_OFFSET, DAY_MS, EXCEL_EPOCH_OFFSET, serialToDate } from '../../util/excel-serial.js';
import { MAX_ROW_BYTES } from '../types.js';
import { decodeXml } from './xlsx-parts.js';
import { decodeEscapes, itemText } from './xlsx-strings.js';

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A `t="d"` cell's ISO 8601 text as the date it names (its wall-clock time, as a spreadsheet
 * shows it, whatever the zone); text that is no date stays text.
 */
function isoDate(raw: string): Date | string {
  const m = ISO_DATE.exec(raw.trim());
  if (!m) return decodeXml(raw);
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => (x === undefined ? 0 : Number(x)));
  const ms = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec, ms));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : decodeXml(raw);
}

/**
 * Whether a number shows as a date or time: a date or time part (y, m, d, h, s, b, in either
 * case, as Excel reads them) outside quotes and brackets. Memoized by format code: a sheet
 * has few formats and many cells.
 */
function isDateFormat(fmt: string | undefined): fmt is string {
  if (!fmt) return false;
  let known = DATE_FORMAT.get(fmt);
  if (known === undefined) {
    if (DATE_FORMAT.size > 1024) DATE_FORMAT.clear();
    const bare = fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
    DATE_FORMAT.set(fmt, (known = /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim())));
  }
  return known;
}
const DATE_FORMAT = new Map<string, boolean>();

/**
 * LibreOffice saves a comparison's result (`=A2>1`) as a number 1/0 with the format
 * `"TRUE";"TRUE";"FALSE"` (its words in the user's language), not as a boolean cell.
 */
function isBooleanFormat(fmt: string | undefined): boolean {
  const m = fmt ? /^"([^"]+)";"([^"]+)";"([^"]+)"$/.exec(fmt) : null;
  return m !== null && m[1] === m[2] && m[1] !== m[3];
}

/**
 * A whole number shown through a format of zeros only ("00000", as for US ZIP codes, or
 * "0000000" for serial numbers) reads as the digits shown: the user sees 02134, not 2134.
 */
function zeroPadded(fmt: string | undefined, n: number): string | undefined {
  if (fmt === undefined || fmt.length < 2 || !/^0+$/.test(fmt) || !Number.isSafeInteger(n) || n < 0)
    return undefined;
  return String(n).padStart(fmt.length, '0');
}

/**
 * A time of day on its own (a serial from 0 to 1 shown through a format with hours or
 * seconds and no day, month or year: `h:mm`, `hh:mm:ss`, `h:mm AM/PM`, `[h]:mm`) reads as
 * the time, "09:30" or "09:30:15" (24-hour, whatever the format says): as a date it is
 * 30 December 1899, which means nothing to the user and would import as that day.
 */
function timeOfDay(fmt: string | undefined, serial: number): string | undefined {
  if (fmt === undefined || !(serial >= 0)) return undefined;
  const parts = timeParts(fmt);
  // A time-only format shows the time of a full date-time too (08:00 of 2024-01-01 08:00).
  if (parts === undefined || parts.date) return undefined;
  return clockOf(serial, parts.seconds);
}

/** What a format shows of the clock: undefined for none; else whether seconds, and whether a date too. */
function timeParts(fmt: string): { seconds: boolean; date: boolean } | undefined {
  // Colours, locales and conditions in brackets go; elapsed time ([h], [mm], [ss]) stays.
  const bare = fmt.replace(/\[(?![hms]+\])[^\]]*]/gi, '').replace(/"[^"]*"|\\./g, '');
  if (!/[hs]/i.test(bare)) return undefined;
  return { seconds: /s/i.test(bare), date: /[yd]/i.test(bare) };
}

/** The time of day of a serial, "09:30" or "09:30:15" (24-hour, whatever the format says). */
function clockOf(serial: number, seconds: boolean): string {
  const secs = Math.round((serial - Math.floor(serial)) * 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(Math.floor(secs / 3600))}:${two(Math.floor(secs / 60) % 60)}`;
  return seconds ? `${hm}:${two(secs % 60)}` : hm;
}

/**
 * An elapsed time ([h]:mm:ss, [h]:mm, [mm]:ss, [ss]: the brackets let the first unit run past
 * its usual 24 or 60) reads as the duration shown, "36:00:00": as a date it would be
 * 1 January 1900 at noon. Hours and minutes are given two digits at least, as in timeOfDay.
 */
function duration(fmt: string | undefined, serial: number): string | undefined {
  if (fmt === undefined || !fmt.includes('[') || !(serial >= 0)) return undefined;
  const lead = /\[(h+|m+|s+)\]/i.exec(fmt.replace(/"[^"]*"|\\./g, ''));
  if (!lead) return undefined;
  const unit = lead[1][0].toLowerCase();
  const rest = fmt.slice(lead.index + lead[0].length);
  const secs = Math.round(serial * 86_400);
  const two = (n: number) => String(n).padStart(2, '0');
  if (unit === 's') return String(secs);
  if (unit === 'm') return `${two(Math.floor(secs / 60))}${/s/i.test(rest) ? `:${two(secs % 60)}` : ''}`;
  const hm = `${two(Math.floor(secs / 3600))}${/m/i.test(rest) ? `:${two(Math.floor(secs / 60) % 60)}` : ''}`;
  return /s/i.test(rest) ? `${hm}:${two(secs % 60)}` : hm;
}

/** A time shown without a date: an elapsed time, or a time of day. */
function clockText(fmt: string | undefined, serial: number): string | undefined {
  return duration(fmt, serial) ?? timeOfDay(fmt, serial);
}

/** A row's text past this is no row anyone typed (the same bound as a CSV record's). */
export const MAX_ROW_TEXT = MAX_ROW_BYTES;

/**
 * Counts the text the cells expand to, row by row, and refuses a row or a sheet past its
 * bound: shared strings and merged ranges let a small file expand without limit otherwise.
 */
export class CellTextBudget {
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly where: Location,
  ) {}

  count(row: number, cells: readonly CellValue[]): void {
    let n = 0;
    for (const c of cells) if (typeof c === 'string') n += c.length;
    const hint =
      'A real sheet does not repeat this much text. If the file is genuine, save the sheet as CSV and import that.';
    if (n > MAX_ROW_TEXT) {
      throw readError(
        'E_FILE_TOO_LARGE',
        { ...this.where, row },
        `refused: row ${row}'s cells hold ${formatBytes(n)} of text, over the limit of ${formatBytes(MAX_ROW_TEXT)} for one row (a shared string or merged range repeated?)`,
        { hint },
      );
    }
    this.total += n;
    if (this.total > this.limit) {
      throw readError(
        'E_FILE_TOO_LARGE',
        { ...this.where, row },
        `refused: by row ${row} the cells hold more than ${formatBytes(this.limit)} of text, the limit on a sheet's cell text (maxCellText; shared strings repeated in many cells?)`,
        { hint },
      );
    }
  }
}

/** One `<c>` as the sheet XML has it; the scanner reuses one for every cell. */
export interface CellXml {
  /** The `t` attribute ('' when absent: a number). */
  type: string;
  /** The `s` attribute: the cell style's index (0 when absent). */
  style: number;
  /** Whether the cell has an `<f>`: then `value` is the formula's saved result. */
  formula: boolean;
  /** The text of `<v>`, raw (entities not decoded); undefined when there is none. */
  value: string | undefined;
  /**
   * The `<v>` was written `<v/>`. XML makes it the same as `<v></v>`, but writers do not:
   * openpyxl writes `<v/>` for a formula it did not calculate, xlsxwriter and
   * Excel::Writer::XLSX write `<v></v>` for a result of "".
   */
  emptyTag: boolean;
  /** The inside of `<is>` (an inline string), raw; undefined when there is none. */
  inline: string | undefined;
}

/** Strings by index: the packed shared-strings table, or an array. */
interface SharedStrings {
  at(index: number): string | undefined;
}

/** What decoding a cell needs besides the cell: the workbook's tables and where warnings go. */
export interface CellContext {
  readonly date1904: boolean;
  /** Format code by cell style (numberFormats in xlsx-styles.ts). */
  readonly formats: readonly (string | undefined)[];
  /** The shared-strings table (readSharedStringTable in xlsx-strings.ts; an array of strings does as well). */
  readonly shared: SharedStrings;
  readonly warnings: WarningSink;
}

/** Text as a cell's value: escapes decoded, and empty text is an empty cell. */
function textValue(raw: string): CellValue {
  if (raw === '') return null;
  return decodeEscapes(raw);
}

/** An inline string (`<is>`): itemText decodes its entities and escapes, once. */
function inlineValue(xml: string): CellValue {
  const text = itemText(xml);
  return text === '' ? null : text;
}

/** Text stored in the sheet (`t="str"`, `<v>` of an inline string): entities decoded once. */
function storedText(raw: string): CellValue {
  return textValue(raw.includes('&') ? decodeXml(raw) : raw);
}

function sharedText(raw: string, ctx: CellContext): CellValue {
  const index = parseInt(raw, 10);
  // No string has a negative index (an array's `at` would count from its end) or NaN.
  const text = index >= 0 ? ctx.shared.at(index) : undefined;
  return text === undefined || text === '' ? null : text;
}

/** A `t="b"` cell: 0 is false (as read before: any other number, or none, is true; "false" is false). */
function booleanValue(raw: string): boolean {
  return raw.trim() !== 'false' && parseInt(raw, 10) !== 0;
}

/** A formula's `t="b"` result: "0" is false (as read before: anything else is true but "false"). */
function booleanResult(raw: string): boolean {
  const t = raw.trim();
  return t !== '0' && t !== 'false';
}

/** A `t="d"` cell: its ISO 8601 text as the date it names; text that is no date stays text. */
function isoValue(raw: string): CellValue {
  const v = isoDate(raw);
  return v === '' ? null : v;
}

/**
 * Excel counts 29 February 1900 as a day (a Lotus 1-2-3 bug it kept): serials below 60
 * are one day later than plain arithmetic says, and serial 60 is a date that never was.
 */
function fixLeapBug(d: Date, row: number, ctx: CellContext): CellValue {
  if (ctx.date1904) return d;
  const serial = d.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET;
  if (serial >= 1 && serial < 60) return new Date(d.getTime() + DAY_MS);
  if (serial >= 60 && serial < 61) {
    ctx.warnings.note('leap-1900', () => ({
      code: 'W_DATE_1900',
      row,
      message: `row ${row}: a date cell holds 29 February 1900, a day that does not exist (Excel's 1900 leap-year bug)`,
    }));
    return '1900-02-29';
  }
  return d;
}

function noResult(row: number, ctx: CellContext): null {
  ctx.warnings.note('formula-no-result', () => ({
    code: 'W_FORMULA_NO_RESULT',
    row,
    message: `row ${row}: a formula cell has no saved result (the file was written by a program that does not calculate); it is read as empty. Open and save the file in Excel or LibreOffice to store results`,
  }));
  return null;
}

/** A number as shown through its format: digits of a zero-padded format, a duration, or the number. */
function numberShown(fmt: string | undefined, n: number): CellValue {
  return zeroPadded(fmt, n) ?? duration(fmt, n) ?? n;
}

/** A plain number cell (no formula): a date when its format is one, a time of day or duration as text. */
function numberValue(raw: string, row: number, ctx: CellContext, fmt: string | undefined): CellValue {
  const n = parseFloat(raw);
  if (Number.isNaN(n)) return null;
  if (!isDateFormat(fmt)) return numberShown(fmt, shownDigits(raw, n));
  return dateShown(fmt, n, row, ctx);
}

/**
 * A number as Excel shows it: to 15 significant digits (0.1+0.2 saves as
 * 0.30000000000000004 and shows as 0.3). A saved number of 16 characters or fewer has no
 * more digits than that, and is taken as it is.
 */
function shownDigits(raw: string, n: number): number {
  return raw.length > 16 ? Number(n.toPrecision(15)) : n;
}

/**
 * A serial through a date or time format, as the format shows it: an elapsed time or a
 * time of day as text (a time-only format over a full date-time shows the time alone), a
 * date with a time as "2021-07-31 08:00" (seconds when the format shows them; the time kept
 * at midnight too), a date alone as the Date.
 */
function dateShown(fmt: string, n: number, row: number, ctx: CellContext): CellValue {
  const date = serialToDate(n, ctx.date1904);
  // The serial again from the date, rounded to the millisecond, as it always was read.
  const serial = date.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET - (ctx.date1904 ? DATE_1904_OFFSET : 0);
  const clock = clockText(fmt, serial);
  if (clock !== undefined) return clock;
  const day = fixLeapBug(date, row, ctx);
  const parts = timeParts(fmt);
  if (parts === undefined || !(day instanceof Date)) return day;
  // To the second, as the clock shows it: 23:59:59.9996 is the next day's 00:00:00.
  const iso = new Date(Math.round(day.getTime() / 1000) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, parts.seconds ? 19 : 16)}`;
}

/**
 * A formula's saved result: text, an error, a boolean (`t="b"`, or 1/0 through LibreOffice's
 * yes/no format), a date through a date format, or a number. A formula saved without a
 * result (written by a program that does not calculate) reads as empty, with a warning.
 */
function formulaResult(c: CellXml, row: number, ctx: CellContext): CellValue {
  const { type, value } = c;
  if (type === 'inlineStr' && c.inline !== undefined) return inlineValue(c.inline);
  if (value === undefined) return noResult(row, ctx);
  // `<v></v>` with no type: a result of "" as xlsxwriter and Excel::Writer::XLSX save it;
  // `<v/>`, openpyxl's formula without a result, stays loud.
  if (value === '' && type === '') return c.emptyTag ? noResult(row, ctx) : null;
  if (type === 'e') return { error: decodeXml(value) };
  if (type === 'b') return booleanResult(value);
  if (type === 'str' || type === 'inlineStr') return storedText(value);
  if (type === 's') return sharedText(value, ctx);
  const n = parseFloat(value);
  if (Number.isNaN(n)) return noResult(row, ctx);
  const fmt = ctx.formats[c.style];
  if (isBooleanFormat(fmt)) return n !== 0;
  if (isDateFormat(fmt)) return dateShown(fmt, n, row, ctx);
  return numberShown(fmt, shownDigits(value, n));
}

/** A cell as the user sees it, from its XML (see CellXml) and the workbook's tables. */
export function decodeCell(c: CellXml, row: number, ctx: CellContext): CellValue {
  const { type, value } = c;
  if (type === 'd') return value === undefined ? (c.formula ? noResult(row, ctx) : null) : isoValue(value);
  if (c.formula) return formulaResult(c, row, ctx);
  if (type === 'inlineStr' && c.inline !== undefined) return inlineValue(c.inline);
  if (value === undefined) return null;
  switch (type) {
    case 's':
      return sharedText(value, ctx);
    case 'str':
    case 'inlineStr':
      return storedText(value);
    case 'b':
      return booleanValue(value);
    case 'e':
      return { error: decodeXml(value) };
    default:
      return numberValue(value, row, ctx, ctx.formats[c.style]);
  }
}
