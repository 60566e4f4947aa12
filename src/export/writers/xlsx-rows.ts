// A data row of an export sheet as SpreadsheetML, written straight to text. It is the XML
// exceljs writes for the same row, byte for byte (test/export/xlsx-rows.test.ts compares
// them), without the cell objects, style lookups and XML builder exceljs goes through for
// each of a sheet's cells, which were most of an XLSX export's time.
import { isValidIsoDate } from '../../resources/fields.js';
import type { CellValue } from '../flatten.js';

/** What a column's cells need: their letters and the style id of the column's format. */
export interface RowColumn {
  readonly letters: string;
  /** The cellXfs index of the column's number format; 0 for none (then `s` is left out). */
  readonly styleId: number;
  /** Text in this column that reads as an ISO date is written as a date. */
  readonly date: boolean;
}


/** A1-style column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// What exceljs escapes: the five XML specials, and the control characters XML 1.0 cannot
// hold (all below 32 but tab, LF and CR, and DEL), which it leaves out.
const SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const SPECIAL_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const ENTITY: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

export function xmlText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ENTITY[c] ?? '') : text;
}

/** An ISO day's serial number: days since 1899-12-30, as Excel stores a date (1900 system). */
export function serialDay(iso: string): number {
  return 25569 + Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
}

function textCell(ref: string, style: string, text: string): string {
  const space = /^\s|\n|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><r><t${space}>${xmlText(text)}</t></r></is></c>`;
}

/** A cell: in a date column, text that is an ISO day becomes the date (its serial number). */
function cellXml(column: RowColumn, row: number, v: CellValue): string {
  const ref = column.letters + row;
  const style = column.styleId ? ` s="${column.styleId}"` : '';
  if (v === null) return style ? `<c r="${ref}"${style}/>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  if (typeof v === 'string' && !(column.date && isValidIsoDate(v))) return textCell(ref, style, v);
  return `<c r="${ref}"${style}><v>${typeof v === 'number' ? v : serialDay(v)}</v></c>`;
}

/**
 * One `<row>`: its cells in column order, `spans` over the cells given, and nothing when
 * no cell holds a value (exceljs skips such a row; its number is still used up). A row
 * shorter than the sheet gives fewer cells.
 */
export function rowXml(row: number, cells: readonly CellValue[], columns: readonly RowColumn[]): string {
  let first = 0;
  let last = 0;
  let hasValue = false;
  let body = '';
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (first === 0) first = i + 1;
    last = i + 1;
    if (v !== null) hasValue = true;
    body += cellXml(columns[i], row, v);
  }
  if (!hasValue) return '';
  return `<row r="${row}" spans="${first}:${last}" x14ac:dyDescent="0.25">${body}</row>`;
}
