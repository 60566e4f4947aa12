// Map stage: value translation tables from the mapping file ("values": {"Status":
// {"Deployed (deployed)": "In Use"}}). A register names the same thing its own way in
// thousands of cells; the user translates each distinct value once, and the table is
// applied to the cell before coercion and lookups. Pure: no I/O.
import type { CellValue } from '../read/types.js';
import { cellText, isEmptyCell } from './coerce.js';
import { compactName, normalizeAnyScript } from './normalize.js';
import { buildValue, type BoundSpec, type Built } from './transforms.js';

/**
 * One column's table: the cell's key (valueKey) → the value to use instead; null leaves the
 * field empty. FALLBACK ("*") is for any value the table does not name: no key is "*", as
 * keys hold letters and digits only.
 */
export type ValueTable = ReadonlyMap<string, string | null>;

const FALLBACK = '*';

/** A value as a table matches it: case, accents, spaces and punctuation aside ("Krajcik LLC" = "krajcik-llc" = "KrajcikLLC"). */
function valueKey(text: string): string {
  return normalizeAnyScript(text).replace(/ /g, '');
}

/** The mapping file's tables by column index, matched like headers (case, spaces, punctuation aside). */
export function valueTables(headers: readonly string[], tables: Readonly<Record<string, Readonly<Record<string, string | null>>>> | undefined): Map<number, ValueTable> {
  const out = new Map<number, ValueTable>();
  for (const [header, table] of Object.entries(tables ?? {})) {
    const exact = headers.indexOf(header);
    const index = exact >= 0 ? exact : headers.findIndex((h) => compactName(h) === compactName(header));
    if (index < 0) continue;
    const key = (from: string) => (from.trim() === FALLBACK ? FALLBACK : valueKey(from));
    out.set(index, new Map(Object.entries(table).map(([from, to]) => [key(from), to === null || to.trim() === '' ? null : to])));
  }
  return out;
}

/** What is done to a cell before it is read for its field: a tool's formula escape undone, then the value table. */
export interface CellTranslation {
  readonly values: ReadonlyMap<number, ValueTable>;
  /**
   * Snipe-IT writes text that starts like a formula (=, +, -, @) with a backtick before it
   * (league/csv's EscapeFormula with "`"), so that a spreadsheet does not run it.
   */
  readonly formulaEscape?: 'backtick';
  /**
   * Fields the mapping file builds (templates, parts of a column, constants), by the index
   * they take past the sheet's own columns: read through `columnCell`, as a column is.
   */
  readonly built?: ReadonlyMap<number, BoundSpec>;
}

const BACKTICK_ESCAPED = /^`[=+\-@\t\r]/;

function unescaped(t: CellTranslation, cell: CellValue): CellValue {
  return t.formulaEscape === 'backtick' && typeof cell === 'string' && BACKTICK_ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/**
 * What a mapped column index holds in a row, as the mapping file translates it: the sheet's
 * cell, or the value a built field makes from the row's cells (with the problem, if the
 * row's cells do not give one: a regex that does not match).
 */
export function columnCell(t: CellTranslation, index: number, cells: readonly CellValue[]): Built {
  const b = t.built?.get(index);
  if (!b) return { value: translateCell(t, index, cells[index] ?? null) };
  const built = buildValue(b, (i) => unescaped(t, cells[i] ?? null));
  return built.problem === undefined ? { value: translateCell(t, index, built.value) } : built;
}

/** `columnCell`'s value alone: a built field with a problem reads as empty (the row's check says why). */
export function cellAt(t: CellTranslation, index: number, cells: readonly CellValue[]): CellValue {
  return t.built?.has(index) ? columnCell(t, index, cells).value : translateCell(t, index, cells[index] ?? null);
}

/** The cell as the mapping file translates it; a value no table names stays as it is. */
export function translateCell(t: CellTranslation, index: number, cell: CellValue): CellValue {
  cell = unescaped(t, cell);
  const table = t.values.get(index);
  if (!table || isEmptyCell(cell)) return cell;
  const to = table.get(valueKey(cellText(cell)));
  if (to !== undefined) return to;
  const other = table.get(FALLBACK);
  return other === undefined ? cell : other;
}
