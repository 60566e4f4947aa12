// An import's or a sync's ID column (the "ID" an export writes, or another tool's), which the
// run does not send: a row without a natural key reads its ID cell, so that an export
// imported or synced back finds the record the row was exported from (src/send/by-id-cell.ts)
// instead of creating it again. Pure: the sheet's headers and a row in, the column and the
// row's id out.
import { cellText } from '../map/coerce.js';
import { compactName } from '../map/normalize.js';
import { cellAt } from '../map/values.js';
import { fieldByName } from '../resources/fields.js';
import type { SheetRow } from '../read/types.js';
import type { ByIdWords } from '../send/by-id-cell.js';
import type { MappedInput } from './input.js';
import type { RunSettings } from './settings.js';

/**
 * The ID column an import or a sync leaves out, when this run reads it: not an update's, which
 * matches on it, nor --allow-duplicates', which creates every row. Undefined: none, or the
 * column is mapped (a report fed back, a sync --key id).
 */
export function idCellColumn(settings: RunSettings, input: MappedInput): number | undefined {
  if (settings.mode !== 'create' || settings.allowDuplicates) return undefined;
  const mapped = new Set(input.mapping.columns.map((c) => c.index));
  const index = input.probe.headers.findIndex(
    (h, i) => !h.trim().startsWith('#') && compactName(h) === 'id' && !mapped.has(i),
  );
  return index < 0 ? undefined : index;
}

/** The record id a row's ID cell holds; undefined for an empty cell or one that is no id. */
export function idCellOf(input: MappedInput, column: number | undefined, r: SheetRow): number | undefined {
  if (column === undefined) return undefined;
  const text = cellText(cellAt(input.mapping, column, r.cells)).trim();
  const id = /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** How the writer tells a row its ID cell matched: the run's key, labels and file. */
export function byIdWords(settings: RunSettings, keyName: string): ByIdWords {
  return {
    resembling: settings.createResembling ? 'create' : 'hold',
    existing: settings.onExisting,
    keyName,
    label: (field) => fieldByName(settings.def, field)?.label ?? field,
    file: settings.file,
  };
}
