// Map stage: value translation tables from the mapping file ("values": {"Status":
// {"Deployed (deployed)": "In Use"}}). A register names the same thing its own way in
// thousands of cells; the user translates each distinct value once, and the table is
// applied to the cell before coercion and lookups. Pure: no I/O.
import type { CellValue } from '../read/types.js';
import { cellText, isEmptyCell } from './coerce.js';
import { compactName, normalizeAnyScript } from './normalize.js';
import { AssetbatchError } from '../errors.js';
import { buildValue, type BoundSpec, type Built } from './transforms.js';
import { placeholderOf, type PlaceholderReading } from './placeholders.js';

/**
 * One column's table: the cell's key (valueKey) → the value to use instead; null leaves the
 * field empty. FALLBACK ("*") is for any value the table does not name: no key is "*", as
 * keys hold letters and digits only.
 */
type ValueTable = ReadonlyMap<string, string | null>;

const FALLBACK = '*';

/** A value as a table matches it: case, accents, spaces and punctuation aside ("Krajcik LLC" = "krajcik-llc" = "KrajcikLLC"). */
function valueKey(text: string): string {
  return normalizeAnyScript(text).replace(/ /g, '');
}

/** A field the mapping file builds, as a value table names it: its key in `fields` (or in a `columns` list), and its index. */
export interface BuiltKey {
  readonly key: string;
  readonly index: number;
}

/** A column the mapping file sends to several fields (`"Tag": ["asset_tag", "asset_notes"]`): its index and the fields as the file names them. */
export interface ListedColumn {
  readonly index: number;
  readonly header: string;
  readonly keys: readonly string[];
}

export interface ValueTables {
  readonly tables: Map<number, ValueTable>;
  /** What the file's tables name that the run will not use, said as warnings. */
  readonly warnings: string[];
}

const BUILT_PREFIX = 'fields.';

/**
 * A table keyed by a column that feeds several fields could be meant for any of them (a
 * status label translated for the usage status, kept as it is in the notes): the file says
 * which, by a table per field.
 */
function severalFields(name: string, listed: ListedColumn, file: string | undefined): AssetbatchError {
  const each = listed.keys.map((k) => `"${BUILT_PREFIX}${k}"`);
  return new AssetbatchError(
    'E_MAPPING_FILE',
    `values."${name}": column "${listed.header}" feeds several fields (${listed.keys.join(', ')}), and a table keyed by the column does not say which of them it is for`,
    {
      location: { file },
      hint: `Key the table by the field it is for: ${each.join(' or ')} (the same table under each key if it is for all of them).`,
    },
  );
}

/**
 * Where a table applies: `fields.<key>` is the field the file builds under that key (its
 * result is translated, as a column's cell is); any other key a column of the sheet (matched
 * like headers), else a built field of that key. -1 for neither. A column the file sends to
 * several fields has no table of its own: each of its fields has one, as `fields.<field>`.
 */
function tableIndex(
  headers: readonly string[],
  built: readonly BuiltKey[],
  name: string,
  at: { file?: string; listed?: readonly ListedColumn[] },
  warnings: string[],
): number {
  const file = at.file;
  const builtIndex = (key: string) => built.find((b) => compactName(b.key) === compactName(key))?.index;
  if (name.startsWith(BUILT_PREFIX)) {
    const index = builtIndex(name.slice(BUILT_PREFIX.length));
    if (index !== undefined) return index;
    throw new AssetbatchError(
      'E_MAPPING_FILE',
      `values."${name}": the mapping file builds no field "${name.slice(BUILT_PREFIX.length)}"`,
      {
        location: { file },
        hint: built.length
          ? `Fields it builds: ${built.map((b) => `"${BUILT_PREFIX}${b.key}"`).join(', ')}.`
          : 'A value table names a column of the sheet, or "fields.<field>" for a field the file builds under "fields".',
      },
    );
  }
  const exact = headers.indexOf(name);
  const index = exact >= 0 ? exact : headers.findIndex((h) => compactName(h) === compactName(name));
  const listed = index >= 0 ? at.listed?.find((l) => l.index === index) : undefined;
  if (listed) throw severalFields(name, listed, file);
  const fromBuilt = builtIndex(name);
  if (index >= 0 && fromBuilt !== undefined) {
    warnings.push(
      `the value table "${name}" applies to the sheet's column "${headers[index]}"; for the field the file builds as ${BUILT_PREFIX}${name}, name the table "${BUILT_PREFIX}${name}"`,
    );
  }
  return index >= 0 ? index : (fromBuilt ?? -1);
}

/**
 * The mapping file's tables by column index (a sheet's column, or a built field's past them).
 * A table for a column the sheet lacks is not used, and said (unless `quiet`: a preset
 * covers columns a sheet may not have).
 */
export function valueTables(
  headers: readonly string[],
  tables: Readonly<Record<string, Readonly<Record<string, string | null>>>> | undefined,
  at: { built?: readonly BuiltKey[]; listed?: readonly ListedColumn[]; file?: string; quiet?: boolean } = {},
): ValueTables {
  const out = new Map<number, ValueTable>();
  const warnings: string[] = [];
  const absent: string[] = [];
  // A list's first field is the column's own: "fields.<it>" names the column's table.
  const built = [...(at.built ?? []), ...(at.listed ?? []).map((l) => ({ key: l.keys[0], index: l.index }))];
  for (const [name, table] of Object.entries(tables ?? {})) {
    const index = tableIndex(headers, built, name, at, warnings);
    if (index < 0) {
      absent.push(name);
      continue;
    }
    const key = (from: string) => (from.trim() === FALLBACK ? FALLBACK : valueKey(from));
    out.set(
      index,
      new Map(
        Object.entries(table).map(([from, to]) => [key(from), to === null || to.trim() === '' ? null : to]),
      ),
    );
  }
  if (absent.length > 0 && !at.quiet) {
    const which = absent.map((h) => `"${h}"`).join(', ');
    warnings.push(
      `the mapping file has value tables for ${absent.length === 1 ? 'a column' : 'columns'} the sheet does not have, which are not used: ${which}`,
    );
  }
  return { tables: out, warnings };
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
  /** The sheet's columns whose placeholder cells ("N/A", "-") read as empty, and which (placeholders.ts). */
  readonly placeholders?: ReadonlyMap<number, PlaceholderReading>;
}

const BACKTICK_ESCAPED = /^`[=+\-@\t\r]/;

function unescaped(t: CellTranslation, cell: CellValue): CellValue {
  return t.formulaEscape === 'backtick' && typeof cell === 'string' && BACKTICK_ESCAPED.test(cell)
    ? cell.slice(1)
    : cell;
}

/**
 * What a mapped column index holds in a row, as the mapping file translates it: the sheet's
 * cell, or the value a built field makes from the row's cells (with the problem, if the
 * row's cells do not give one: a regex that does not match).
 */
export function columnCell(t: CellTranslation, index: number, cells: readonly CellValue[]): Built {
  const b = t.built?.get(index);
  if (!b) return { value: translateCell(t, index, cells[index] ?? null) };
  const built = builtCell(t, b, cells);
  return built.problem === undefined ? { value: translateCell(t, index, built.value) } : built;
}

/** What a bound spec builds from a row's cells, the tool's formula escape undone. */
export function builtCell(t: CellTranslation, b: BoundSpec, cells: readonly CellValue[]): Built {
  return buildValue(b, (i) => unescaped(t, cells[i] ?? null));
}

/** `columnCell`'s value alone: a built field with a problem reads as empty (the row's check says why). */
export function cellAt(t: CellTranslation, index: number, cells: readonly CellValue[]): CellValue {
  return t.built?.has(index)
    ? columnCell(t, index, cells).value
    : translateCell(t, index, cells[index] ?? null);
}

/** What a mapped index holds before any value table: the sheet's cell, or what a built field makes (empty on a problem). */
export function sourceCell(t: CellTranslation, index: number, cells: readonly CellValue[]): CellValue {
  const b = t.built?.get(index);
  return b ? builtCell(t, b, cells).value : (cells[index] ?? null);
}

/**
 * The cell as the mapping file translates it; a value no table names stays as it is. A
 * placeholder ("N/A") of a column that reads them is empty, unless the table names it: the
 * user's table wins over our guess.
 */
export function translateCell(t: CellTranslation, index: number, cell: CellValue): CellValue {
  cell = unescaped(t, cell);
  const table = t.values.get(index);
  if (isEmptyCell(cell)) return cell;
  const to = table?.get(valueKey(cellText(cell)));
  if (to !== undefined) return to;
  const reading = t.placeholders?.get(index);
  if (reading && placeholderOf(cell, reading) !== undefined) return null;
  const other = table?.get(FALLBACK);
  return other === undefined ? cell : other;
}

/** The placeholder a sheet's cell held when `translateCell` read it as empty for being one. */
export function placeholderRead(
  t: CellTranslation,
  index: number,
  cells: readonly CellValue[],
): string | undefined {
  const reading = t.placeholders?.get(index);
  if (!reading) return undefined;
  const text = placeholderOf(unescaped(t, cells[index] ?? null), reading);
  return text !== undefined && t.values.get(index)?.get(valueKey(text)) === undefined ? text : undefined;
}

/**
 * The placeholder word a name's cell held and kept as the name ("Unknown": a column that reads
 * only the marks), unless a value table names it.
 */
export function placeholderKept(
  t: CellTranslation,
  index: number,
  cells: readonly CellValue[],
): string | undefined {
  if (t.placeholders?.get(index) !== 'marks') return undefined;
  const cell = unescaped(t, cells[index] ?? null);
  const text = placeholderOf(cell, 'all');
  if (text === undefined || placeholderOf(cell, 'marks') !== undefined) return undefined;
  return t.values.get(index)?.get(valueKey(text)) === undefined ? text : undefined;
}
