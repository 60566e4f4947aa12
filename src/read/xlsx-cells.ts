// XLSX cells as the spreadsheet shows them: what exceljs loses or changes is read from the
// sheet XML beside it (CellScanner: ISO dates, formula text results, escapes, errors), number
// formats tell dates, durations, times and yes/no from numbers, and the text cells expand to
// is bounded (CellTextBudget).
import { pipeline, type Readable, Transform } from 'node:stream';
import type { Location } from '../errors.js';
import { formatBytes, readError, type WarningSink } from './problems.js';
import type { CellValue } from './types.js';
import { DAY_MS, EXCEL_EPOCH_OFFSET } from '../util/excel-serial.js';
import { decodeRef, decodeXml } from './xlsx-parts.js';

/** A cell's value as the sheet XML has it, where exceljs would lose or change it; '' is empty. */
type SavedValue = { readonly error: string } | { readonly iso: Date | string } | boolean | number | string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

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
 * Text with Excel's `_xHHHH_` escapes decoded (a line break is saved as `_x000D_`, control
 * characters likewise; `_x005F_` is an underscore, so `_x005F_x000D_` reads `_x000D_`).
 */
export function decodeEscapes(s: string): string {
  if (!s.includes('_x') && !s.includes('_X')) return s;
  return s.replace(/_[xX]([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * `<is>` as exceljs reads it right: one `<t>`, bare or in one run (as exceljs itself writes
 * inline text, and so our export), with no entity in it (saxes decodes those once; exceljs
 * decodes them again) and no whitespace between the tags.
 */
const SIMPLE_INLINE = /^<is>(?:<r>(?:<rPr>(?:<[^>]*\/>)*<\/rPr>)?<t(?:\s[^>]*)?>[^<&]*<\/t><\/r>|<t(?:\s[^>]*)?>[^<&]*<\/t>)?<\/is>$/;

/**
 * The text of an inline string: every `<t>` joined, as Excel shows it. Phonetic guides
 * (`<rPh>`, the furigana Japanese input adds) are a reading aid, not part of the text.
 */
function inlineStringText(is: string): string {
  let out = '';
  for (const m of is.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) out += decodeXml(m[1]);
  return out;
}

/**
 * exceljs's streaming reader gets some cells wrong:
 * - formula results: a cached error (`t="e"`) becomes NaN and a boolean 1/0 (exceljs issue
 *   #3074), and a result that is falsy (0, or the empty text of `=""`, common in
 *   `IF(…;"";…)`) is dropped, so the cell looks never calculated;
 * - text stored in the sheet (`t="inlineStr"`, `t="str"`, a formula's text result): XML
 *   entities are decoded twice, so a cell whose text is `AT&amp;T` or `&lt;b&gt;` read as
 *   `AT&T` or `<b>`. Our own export writes every text as an inline string, so this broke
 *   an export → import round trip;
 * - an inline string keeps only its last `<t>`: the last run of rich text ("world" for
 *   "Hello world"), or the phonetic reading instead of the text; whitespace between its
 *   tags is added to the text.
 * This scanner reads the same XML text just ahead of exceljs and keeps, per row, the values
 * of those cells (only where exceljs would be wrong: a cell with an entity, several runs,
 * or a formula); rows are dropped once read, so memory stays at about one chunk's worth.
 */
export class CellScanner {
  private carry = '';
  private readonly byRow = new Map<number, Map<number, SavedValue>>();

  feed(chunk: string): void {
    const text = this.carry + chunk;
    let keepFrom = -1;
    let pos = 0;
    // The next of each marker of a cell exceljs may get wrong, each searched again only once passed.
    let nextF = text.indexOf('<f');
    let nextIs = text.indexOf('<is');
    let nextAmp = text.indexOf('&');
    let nextD = text.indexOf('t="d"');
    for (;;) {
      if (nextF >= 0 && nextF < pos) nextF = text.indexOf('<f', pos);
      if (nextIs >= 0 && nextIs < pos) nextIs = text.indexOf('<is', pos);
      if (nextAmp >= 0 && nextAmp < pos) nextAmp = text.indexOf('&', pos);
      if (nextD >= 0 && nextD < pos) nextD = text.indexOf('t="d"', pos);
      const at = Math.min(nextF < 0 ? Infinity : nextF, nextIs < 0 ? Infinity : nextIs, nextAmp < 0 ? Infinity : nextAmp, nextD < 0 ? Infinity : nextD);
      if (at === Infinity) break;
      const marker = at === nextF ? '<f' : at === nextIs ? '<is' : at === nextD ? 't="d"' : '&';
      const after = text[at + marker.length];
      // The chunk ends inside this cell: the carry below keeps it from its `<c `.
      if (after === undefined) break;
      // `<formula1>` and friends (validations, conditional formats) are not a cell's formula.
      if ((marker === '<f' && after !== '>' && after !== ' ' && after !== '/') || (marker === '<is' && after !== '>' && after !== ' ')) {
        pos = at + 1;
        continue;
      }
      if (marker === '<is') {
        // Most inline strings (all of our export's) are read right: pass them at little cost.
        const isEnd = text.indexOf('</is>', at);
        if (isEnd >= 0 && text.startsWith('</c>', isEnd + 5) && SIMPLE_INLINE.test(text.slice(at, isEnd + 5))) {
          pos = isEnd + 9;
          continue;
        }
      }
      const open = text.lastIndexOf('<c ', at);
      const close = open < 0 ? -1 : text.indexOf('>', open);
      // Not inside a cell: an entity in a header/footer or a link, after the last cell. (A
      // date type is in the cell's tag, the other markers in its body.)
      const inTag = marker === 't="d"';
      if (open < 0 || close < 0 || (inTag ? close < at : close > at) || text[close - 1] === '/') {
        pos = at + 1;
        continue;
      }
      const end = text.indexOf('</c>', close);
      if (end < 0) {
        keepFrom = open;
        break;
      }
      pos = Math.max(end, at + 1);
      if (end < at && !inTag) continue;
      const tag = text.slice(open, close);
      const body = text.slice(close + 1, end);
      const ref = /\br="([A-Z]+)(\d+)"/.exec(tag);
      if (!ref) continue;
      const type = /\bt="(\w+)"/.exec(tag)?.[1] ?? 'n';
      const v = /<v>([^<]*)<\/v>|<v\s*\/>/.exec(body);
      const raw = v?.[1] ?? '';
      let saved: SavedValue | undefined;
      if (type === 'd') {
        if (!v) continue;
        saved = { iso: isoDate(raw) };
      } else if (/<f[\s>/]/.test(body)) {
        // A formula whose result is saved as an inline string (no <v>).
        if (type === 'inlineStr' && /<is[\s>]/.test(body)) saved = inlineStringText(body);
        else if (!v) continue;
        else if (type === 'e') saved = { error: decodeXml(raw) };
        else if (type === 'b') saved = raw.trim() !== '0';
        else if (type === 'str' || type === 'inlineStr') saved = raw === '' ? '' : raw.includes('&') ? decodeXml(raw) : undefined;
        else if (type === 'n' && raw.trim() !== '' && Number(raw) === 0) saved = 0;
      } else if (type === 'inlineStr' && /^\s*<is[\s>]/.test(body)) {
        if (!SIMPLE_INLINE.test(body)) saved = inlineStringText(body);
      } else if ((type === 'inlineStr' || type === 'str') && raw.includes('&')) {
        saved = decodeXml(raw);
      }
      if (saved === undefined) continue;
      const cell = decodeRef(ref[1] + ref[2]);
      if (!cell) continue;
      let row = this.byRow.get(cell.row);
      if (!row) this.byRow.set(cell.row, (row = new Map()));
      row.set(cell.col, saved);
    }
    if (keepFrom < 0) {
      // Keep a cell the next chunk completes, so its markers and its end are seen together.
      const lastOpen = text.lastIndexOf('<c ');
      const unfinished = lastOpen >= pos && text.indexOf('</c>', lastOpen) < 0 && !/^<c [^>]*\/>/.test(text.slice(lastOpen, lastOpen + 200));
      keepFrom = unfinished ? lastOpen : Math.max(pos, text.length - 8);
    }
    this.carry = text.length - keepFrom > 1024 * 1024 ? '' : text.slice(keepFrom);
  }

  take(row: number, col: number): SavedValue | undefined {
    return this.byRow.get(row)?.get(col);
  }

  /** Forgets rows up to `row` (rows arrive in order). */
  done(row: number): void {
    for (const key of this.byRow.keys()) {
      if (key > row) break;
      this.byRow.delete(key);
    }
  }

  tee(source: AsyncIterable<Buffer | string>): AsyncIterable<string> {
    const self = this;
    return (async function* () {
      // exceljs decodes each chunk on its own, so a character whose UTF-8 bytes straddle two
      // chunks read as two U+FFFD ("M��ller"); decoded here as one stream, it arrives whole.
      const decoder = new TextDecoder('utf-8');
      for await (const chunk of source) {
        const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        self.feed(text);
        yield text;
      }
      const rest = decoder.decode();
      if (rest !== '') {
        self.feed(rest);
        yield rest;
      }
    })();
  }
}

/**
 * Shared strings without their phonetic guides (`<rPh>…</rPh>`, the furigana Japanese
 * input adds), streamed: exceljs takes the guide's `<t>` as the string's text, so 漢字 read
 * as かんじ. A guide split between chunks is held until its end arrives.
 */
export function withoutPhonetics(source: NodeJS.ReadableStream): Readable {
  let carry = '';
  const strip = new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string | Buffer, _enc, done) {
      let text = carry + String(chunk);
      carry = '';
      let out = '';
      for (let i = text.indexOf('<rPh'); i >= 0; i = text.indexOf('<rPh')) {
        const gt = text.indexOf('>', i);
        const end = gt < 0 ? -1 : text[gt - 1] === '/' ? gt + 1 : text.indexOf('</rPh>', gt);
        // Unfinished: keep it for the next chunk (a broken part's guide is not held past 1 MB).
        if (end < 0 && text.length - i < 1024 * 1024) {
          carry = text.slice(i);
          text = text.slice(0, i);
          break;
        }
        out += text.slice(0, i);
        text = end < 0 ? '' : text.slice(text[gt - 1] === '/' ? end : end + '</rPh>'.length);
      }
      // The chunk may end in the middle of `<rPh`.
      const lt = text.lastIndexOf('<');
      if (carry === '' && lt >= 0 && '<rPh'.startsWith(text.slice(lt))) {
        carry = text.slice(lt);
        text = text.slice(0, lt);
      }
      done(null, out + text);
    },
    flush(done) {
      done(null, carry);
    },
  });
  pipeline(source, strip, () => undefined);
  return strip;
}

/** exceljs's formula/number format test, here for formula results that it leaves as numbers. */
function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  const bare = fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim());
}

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
  if (fmt === undefined || fmt.length < 2 || !/^0+$/.test(fmt) || !Number.isSafeInteger(n) || n < 0) return undefined;
  return String(n).padStart(fmt.length, '0');
}


/**
 * A time of day on its own (a serial from 0 to 1 shown through a format with hours or
 * seconds and no day, month or year: `h:mm`, `hh:mm:ss`, `h:mm AM/PM`, `[h]:mm`) reads as
 * the time, "09:30" or "09:30:15" (24-hour, whatever the format says): as a date it is
 * 30 December 1899, which means nothing to the user and would import as that day.
 */
function timeOfDay(fmt: string | undefined, serial: number): string | undefined {
  if (fmt === undefined || !(serial >= 0 && serial < 1)) return undefined;
  // Colours, locales and conditions in brackets go; elapsed time ([h], [mm], [ss]) stays.
  const bare = fmt.replace(/\[(?![hms]+\])[^\]]*]/gi, '').replace(/"[^"]*"|\\./g, '');
  if (!/[hs]/i.test(bare) || /[yd]/i.test(bare)) return undefined;
  const secs = Math.round(serial * 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(Math.floor(secs / 3600))}:${two(Math.floor(secs / 60) % 60)}`;
  return /s/i.test(bare) ? `${hm}:${two(secs % 60)}` : hm;
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

function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - EXCEL_EPOCH_OFFSET + (date1904 ? 1462 : 0)) * DAY_MS));
}

interface ExcelCellLike {
  readonly value: unknown;
  readonly numFmt?: string;
}
export interface ExcelRowLike {
  readonly number: number;
  readonly values: unknown[];
  getCell(col: number): ExcelCellLike;
}

/** A row's text past this is no row anyone typed (the same bound as a CSV record's). */
export const MAX_ROW_TEXT = 32 * 1024 * 1024;

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
    const hint = 'A real sheet does not repeat this much text. If the file is genuine, save the sheet as CSV and import that.';
    if (n > MAX_ROW_TEXT) {
      throw readError('E_FILE_TOO_LARGE', { ...this.where, row }, `refused: row ${row}'s cells hold ${formatBytes(n)} of text, over the limit of ${formatBytes(MAX_ROW_TEXT)} for one row (a shared string or merged range repeated?)`, { hint });
    }
    this.total += n;
    if (this.total > this.limit) {
      throw readError('E_FILE_TOO_LARGE', { ...this.where, row }, `refused: by row ${row} the cells hold more than ${formatBytes(this.limit)} of text, the limit on a sheet's cell text (maxCellText; shared strings repeated in many cells?)`, { hint });
    }
  }
}

/**
 * Turns exceljs's value of a cell into what the user sees: corrected by what the scanner saw
 * in the sheet XML (t="d" dates, error and boolean results, text exceljs decodes twice),
 * escapes decoded, time-only and elapsed formats as the time shown, Excel's 1900 leap-year
 * bug undone.
 */
export function cellConverter(date1904: boolean, scanner: CellScanner, warnings: WarningSink): (v: unknown, row: number, col: number, cell: () => ExcelCellLike) => CellValue {
  /** A cell as the user sees it: exceljs's value, corrected by what the scanner saw, escapes decoded. */
  const convert = (v: unknown, row: number, col: number, cell: () => ExcelCellLike): CellValue => {
    const seen = scanner.take(row, col);
    if (seen !== null && typeof seen === 'object' && 'iso' in seen) return seen.iso;
    const out = convertValue(v, row, col, cell);
    return typeof out === 'string' ? decodeEscapes(out) : out;
  };

  const convertValue = (v: unknown, row: number, col: number, cell: () => ExcelCellLike): CellValue => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') {
      const seen = scanner.take(row, col);
      const text = typeof seen === 'string' ? seen : v;
      return text === '' ? null : text;
    }
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return null;
      const fmt = cell().numFmt;
      // exceljs takes [ss] alone for a number, not a time.
      return zeroPadded(fmt, v) ?? duration(fmt, v) ?? v;
    }
    if (typeof v === 'boolean') return v;
    if (v instanceof Date) return clockText(cell().numFmt, v.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET - (date1904 ? 1462 : 0)) ?? fixLeapBug(v, row);
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.error === 'string') return { error: o.error };
      if (Array.isArray(o.richText)) {
        const text = (o.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
        return text === '' ? null : text;
      }
      if ('formula' in o || 'sharedFormula' in o || 'result' in o) {
        const seen = scanner.take(row, col);
        if (typeof seen === 'object' && 'error' in seen) return { error: seen.error };
        if (typeof seen === 'boolean') return seen;
        if (seen === '') return null;
        const result = seen ?? o.result;
        if (result === undefined || result === null) {
          warnings.note('formula-no-result', () => ({
            code: 'W_FORMULA_NO_RESULT',
            row,
            message: `row ${row}: a formula cell has no saved result (the file was written by a program that does not calculate); it is read as empty. Open and save the file in Excel or LibreOffice to store results`,
          }));
          return null;
        }
        if (typeof result === 'number') {
          if (Number.isNaN(result)) return { error: '#VALUE!' };
          const fmt = cell().numFmt;
          if (isBooleanFormat(fmt)) return result !== 0;
          if (isDateFormat(fmt)) return clockText(fmt, result) ?? fixLeapBug(serialToDate(result, date1904), row);
          return zeroPadded(fmt, result) ?? duration(fmt, result) ?? result;
        }
        return convertValue(result, row, col, cell);
      }
      if ('text' in o) return convertValue(o.text, row, col, cell);
      if ('hyperlink' in o && typeof o.hyperlink === 'string') return o.hyperlink;
    }
    return String(v);
  };

  // Excel counts 29 February 1900 as a day (a Lotus 1-2-3 bug it kept): serials below 60
  // are one day later than plain arithmetic says, and serial 60 is a date that never was.
  const fixLeapBug = (d: Date, row: number): CellValue => {
    if (date1904) return d;
    const serial = d.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET;
    if (serial >= 1 && serial < 60) return new Date(d.getTime() + DAY_MS);
    if (serial >= 60 && serial < 61) {
      warnings.note('leap-1900', () => ({
        code: 'W_DATE_1900',
        row,
        message: `row ${row}: a date cell holds 29 February 1900, a day that does not exist (Excel's 1900 leap-year bug)`,
      }));
      return '1900-02-29';
    }
    return d;
  };
  return convert;
}

/** Warn once that merged ranges were filled, naming the first few. */
