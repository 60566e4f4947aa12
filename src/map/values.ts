// Map stage: value translation tables from the mapping file ("values": {"Status":
// {"Deployed (deployed)": "In Use"}}). A register names the same thing its own way in
// thousands of cells; the user translates each distinct value once, and the table is
// applied to the cell before coercion and lookups. Pure: no I/O.
import type { CellValue } from '../read/types.js';
import { cellText, isEmptyCell } from './coerce.js';
import { compactName, normalizeAnyScript } from './normalize.js';

/** One column's table: the cell's normalised text → the value to use instead. */
export type ValueTable = ReadonlyMap<string, string>;

/** The mapping file's tables by column index, matched like headers (case, spaces, punctuation aside). */
export function valueTables(headers: readonly string[], tables: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined): Map<number, ValueTable> {
  const out = new Map<number, ValueTable>();
  for (const [header, table] of Object.entries(tables ?? {})) {
    const exact = headers.indexOf(header);
    const index = exact >= 0 ? exact : headers.findIndex((h) => compactName(h) === compactName(header));
    if (index < 0) continue;
    out.set(index, new Map(Object.entries(table).map(([from, to]) => [normalizeAnyScript(from), to])));
  }
  return out;
}

/** The cell as the table translates it; a value the table does not name stays as it is. */
export function translateCell(tables: ReadonlyMap<number, ValueTable> | undefined, index: number, cell: CellValue): CellValue {
  const table = tables?.get(index);
  if (!table || isEmptyCell(cell)) return cell;
  const to = table.get(normalizeAnyScript(cellText(cell)));
  return to === undefined ? cell : to;
}
