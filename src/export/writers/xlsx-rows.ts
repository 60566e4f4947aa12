// A row of an export sheet as SpreadsheetML, written straight to text. It is the XML
// exceljs wrote for the same row, byte for byte (test/export/xlsx-rows.test.ts compares
// them), without the cell objects, style lookups and XML builder exceljs went through for
// each cell. The fixed pieces of a column's cells are worked out once, when the sheet
// begins, so a cell costs its value and a few joins.
import { isValidIsoDate } from '../../resources/fields.js';
import type { CellValue } from '../flatten.js';
import { serialTime } from '../../util/excel-serial.js';
import { ValueMemo } from '../../util/memo.js';
import { columnLetter } from '../../util/column-letter.js';

/** What a column's cells need, worked out once per sheet by `rowColumn`. */
export interface RowColumn {
  /** The cellXfs index of the column's format; 0 for none (then `s` is left out). */
  readonly styleId: number;
  /** Text in this column that reads as an ISO date is written as a date. */
  readonly date: boolean;
  /** `<c r="` and the column's letters: a cell's start, up to its row number. */
  readonly open: string;
  /** After the row number: an empty cell (nothing at all when the column has no style). */
  readonly empty: string;
  readonly bool: string;
  readonly num: string;
  readonly text: string;
  /** A text cell whose text starts or ends with a space or holds a line feed. */
  readonly textKept: string;
}

export function rowColumn(index: number, styleId: number, date: boolean): RowColumn {
  const s = styleId ? ` s="${styleId}"` : '';
  return {
    styleId,
    date,
    open: `<c r="${columnLetter(index)}`,
    empty: styleId ? `"${s}/>` : '',
    bool: `"${s} t="b"><v>`,
    num: `"${s}><v>`,
    text: `"${s} t="inlineStr"><is><r><t>`,
    textKept: `"${s} t="inlineStr"><is><r><t xml:space="preserve">`,
  };
}

// What exceljs escapes: the five XML specials, and the control characters XML 1.0 cannot
// hold (all below 32 but tab, LF and CR, and DEL), which it leaves out.
const SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const SPECIAL_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const ENTITY: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};
/** exceljs keeps a text's spaces (xml:space) when it starts or ends with one or holds a LF. */
const KEEP_SPACE = /^\s|\n|\s$/;
/** Either of the above: most text has neither, and is tested once. */
const PLAIN_NOT = /^\s|\s$|[\n<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;

export function xmlText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ENTITY[c] ?? '') : text;
}

/** An ISO day's serial number: days since 1899-12-30, as Excel stores a date (1900 system). */
function serialDay(iso: string): number {
  return serialTime(
    new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))),
  );
}

/** A date-column text's serial number as XML, or '' when it is no ISO day. Days repeat. */
const serials = new ValueMemo<string>();
function serialText(text: string): string {
  let serial = serials.get(text);
  if (serial === undefined) {
    serial = isValidIsoDate(text) ? String(serialDay(text)) : '';
    serials.set(text, serial);
  }
  return serial;
}

function textCell(c: RowColumn, r: string, text: string): string {
  if (!PLAIN_NOT.test(text)) return c.open + r + c.text + text + '</t></r></is></c>';
  return c.open + r + (KEEP_SPACE.test(text) ? c.textKept : c.text) + xmlText(text) + '</t></r></is></c>';
}

/** A cell: in a date column, text that is an ISO day becomes the date (its serial number). */
function cellXml(c: RowColumn, r: string, v: CellValue): string {
  if (v === null) return c.empty && c.open + r + c.empty;
  if (typeof v === 'number') return c.open + r + c.num + v + '</v></c>';
  if (typeof v === 'boolean') return c.open + r + c.bool + (v ? '1' : '0') + '</v></c>';
  const serial = c.date ? serialText(v) : '';
  return serial ? c.open + r + c.num + serial + '</v></c>' : textCell(c, r, v);
}

/**
 * One `<row>`: its cells in column order, `spans` over the cells given, and nothing when
 * no cell holds a value (exceljs skipped such a row; its number is still used up). A row
 * shorter than the sheet gives fewer cells. `rowStyleId` styles the row itself (a header).
 */
export function rowXml(
  row: number,
  cells: readonly CellValue[],
  columns: readonly RowColumn[],
  rowStyleId = 0,
): string {
  const r = String(row);
  let body = '';
  let hasValue = false;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v !== null) hasValue = true;
    body += cellXml(columns[i], r, v);
  }
  if (!hasValue) return '';
  const style = rowStyleId ? ` s="${rowStyleId}" customFormat="1"` : '';
  return `<row r="${r}" spans="1:${cells.length}"${style} x14ac:dyDescent="0.25">${body}</row>`;
}
