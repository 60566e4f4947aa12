// The record a row names, as listed before the run: its lookups' names answer the row's
// lookup cells that name the same, so that no list is read for them (validate.ts). An update
// (and a row an import merges, --on-existing update or sync) leaves such a field as the
// record has it; an import's row already in the service takes the record's entry.
import { customKeyLabel } from '../map/headers.js';
import type { WriteBody } from '../resources/fields.js';
import { naturalKey, type RowContext } from '../validate/validate.js';
import type { SheetRow } from '../read/types.js';
import { sameName } from '../send/resemblance.js';
import type { RunSettings } from './settings.js';
import type { ExportedRecord } from '../send/exported.js';

/**
 * A run whose lists wait until its records are read: an update that merges into them, and
 * an import matching rows by key (a row already in the service is not created again).
 */
export const defersLookups = (s: RunSettings): boolean =>
  s.mode === 'update' ? !s.replace : s.keyField !== undefined && !s.allowDuplicates;

/** A run whose rows that match a record merge into it: an update, --on-existing update, a sync. */
export const mergesRecords = (s: RunSettings): boolean => s.mode === 'update' || s.onExisting === 'update';

/** The records read before the plan, as the plan has them. */
export interface ListedRecords {
  readonly existing?: ReadonlyMap<string, readonly number[]>;
  readonly existingComplete: boolean;
  readonly records?: ReadonlyMap<number, Record<string, unknown>>;
  /** What the latest export of a record showed (export-memory.ts), where one is remembered. */
  readonly exported?: (id: number) => ExportedRecord | undefined;
}

/**
 * The record a row names, as listed before the run (by its id, or its one record by key, or
 * a keyless row's ID cell when that record has the row's name: an export imported back, which
 * the writer takes for that record, by-id-cell.ts). `idCell`: a sheet row's ID cell, if read.
 */
export function listedRecordOf(
  settings: RunSettings,
  listed: ListedRecords,
  idCell?: (row: SheetRow) => number | undefined,
): RowContext['listedRecord'] {
  const { records, existing } = listed;
  if (!defersLookups(settings) || !listed.existingComplete || !records) return undefined;
  // A custom field key is a sync's: its rows' lookups are asked of the lists as before.
  if (customKeyLabel(settings.keyField) !== undefined) return undefined;
  return (id: number | undefined, body: WriteBody, row: SheetRow) => {
    const key = id === undefined ? naturalKey(settings.def, body, settings.keyField) : undefined;
    const ids = key ? existing?.get(`${key.field}=${key.value}`) : undefined;
    const named = id === undefined && !key ? idCell?.(row) : undefined;
    const at = id ?? (ids?.length === 1 ? ids[0] : named);
    const record = at === undefined ? undefined : records.get(at);
    return at === named && !sameName(record?.name, body.name) ? undefined : record;
  };
}
