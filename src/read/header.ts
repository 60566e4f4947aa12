// Finds the header row among the first rows of a sheet: legacy registers carry title rows,
// notes and blank lines above it. Pure: takes rows already read, returns an index.
import type { CellValue, RowNote } from './types.js';

export interface RawRow {
  /** Row number as the user sees it (XLSX sheet row; CSV record's first line). */
  readonly row: number;
  readonly cells: readonly CellValue[];
  /** CSV: the cells as one comma-separated record, ready for the report (see recordText in csv.ts). */
  readonly text?: string;
  /** CSV: the text line the record starts on, when it differs from `row` (a quoted line break above). */
  readonly line?: number;
  /** Notes on this row; source.ts names the column of each note's cell. */
  readonly notes?: readonly RowNote[];
}

/** How many non-blank rows the finder looks at. */
export const HEADER_SCAN_ROWS = 30;

/** A cell with nothing a user would call a value in it: none, or only spaces. */
export function isEmptyCell(v: CellValue | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export function isBlankRow(cells: readonly CellValue[]): boolean {
  for (const c of cells) if (!isEmptyCell(c)) return false;
  return true;
}

function nonEmptyCount(cells: readonly CellValue[]): number {
  let n = 0;
  for (const c of cells) if (!isEmptyCell(c)) n++;
  return n;
}

const NUMBER_LIKE = /^[\s$€£¥(+-]*\d[\d.,\s']*%?\)?\s*$/;
const DATE_LIKE = /^\s*\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(\s|T|$)/;

/** Text that could name a column: a string that is not a number or a date written as text. */
export function isHeaderLikeText(v: CellValue): v is string {
  return typeof v === 'string' && v.trim() !== '' && !NUMBER_LIKE.test(v) && !DATE_LIKE.test(v);
}

/** A header cell as text: trimmed; whitespace only becomes "". */
export function headerText(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? '' : v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') return v.error;
  return String(v);
}

export interface HeaderChoice {
  /** Index into the rows given. */
  readonly index: number;
  /** True when no row looked like a header and the first non-blank row was taken. */
  readonly guessed: boolean;
  /** Why this row, in words for the plan when it is not the first. */
  readonly why: string;
}

const quoted = (texts: readonly string[]) =>
  texts
    .slice(0, 3)
    .map((t) => `"${t}"`)
    .join(', ') + (texts.length > 3 ? ' …' : '');

/**
 * Picks the header among `rows` (blank rows already left out):
 * - a candidate has at least 2 non-empty cells, at least half as many as the fullest row
 *   seen, and at least 80% of them are text (not numbers, dates or booleans), and not all
 *   the same text (a merged title filled across the columns it spans);
 * - with `isKnownHeader`, the candidate with the most cells it recognises wins (earliest on
 *   a tie), so a field-naming row beats a title row above it;
 * - otherwise the first candidate at least 80% as full as the fullest row, else the first
 *   candidate; with no candidate at all, the first row (a single-column file).
 */
export function chooseHeaderRow(
  rows: readonly RawRow[],
  isKnownHeader?: (text: string) => boolean,
): HeaderChoice | undefined {
  if (rows.length === 0) return undefined;
  const widths = rows.map((r) => nonEmptyCount(r.cells));
  const fullest = Math.max(...widths);
  const candidates: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const n = widths[i];
    if (n < 2 || n < fullest / 2) continue;
    let text = 0;
    const distinct = new Set<string>();
    for (const c of rows[i].cells) {
      if (!isHeaderLikeText(c)) continue;
      text++;
      if (distinct.size < 2) distinct.add(c.trim().toLowerCase());
    }
    // A merged title some programs fill into every cell it spans repeats one text: no header.
    if (text >= 0.8 * n && distinct.size >= 2) candidates.push(i);
  }
  if (isKnownHeader) {
    let best = -1;
    let known: string[] = [];
    const pool = candidates.length > 0 ? candidates : rows.map((_, i) => i);
    for (const i of pool) {
      const names: string[] = [];
      for (const c of rows[i].cells) if (isHeaderLikeText(c) && isKnownHeader(c.trim())) names.push(c.trim());
      if (names.length > known.length) {
        best = i;
        known = names;
      }
    }
    if (best >= 0)
      return {
        index: best,
        guessed: false,
        why: `it names ${known.length} known ${known.length === 1 ? 'field' : 'fields'} (${quoted(known)})`,
      };
  }
  if (candidates.length === 0) return { index: 0, guessed: true, why: 'no row looks like a header' };
  const full = candidates.find((i) => widths[i] >= 0.8 * fullest);
  const index = full ?? candidates[0];
  return {
    index,
    guessed: false,
    why: `it is the first row of text across the table (${widths[index]} cells, the widest row has ${fullest})`,
  };
}
