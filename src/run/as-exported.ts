// An export sent back by `update`: its rows still as the export showed their records send
// nothing (an unedited cell keeps what the service has now, exported.ts), so such a row needs
// no read of its record. The plan counts them first (the sheet read once more, nothing sent),
// so that the existing-record check reads the list only when the edited rows would cost more
// read one by one, and the plan's writes and ETA are for the edited rows; the run judges each
// row again as it reaches it (rows.ts), with the same function. The same read counts the rows
// an update run again skips as its journal's (journal.ts), for the plan's done rows.
import { cellText } from '../map/coerce.js';
import type { Mapping } from '../map/headers.js';
import { cellAt } from '../map/values.js';
import type { SheetRow } from '../read/types.js';
import { editedSinceExport, type ExportedRecord } from '../send/exported.js';
import { prepareRow, type PreparedRow } from '../validate/validate.js';
import { rereadRows, type MappedInput } from './input.js';
import { isDone, journalsUpdates, updateCellsPrint, type DoneRows } from './journal-rows.js';
import type { PriorRuns } from '../send/prior.js';
import { rowContext } from './row-context.js';
import type { RunSettings } from './settings.js';
import type { Scanner } from './scan.js';
import type { DateOrder, DecimalReading } from '../map/coerce.js';

type Exported = (id: number) => ExportedRecord | undefined;

/** A run whose rows as exported are skipped unread: an update (not a sync, not --replace) of a sheet with an ID column. */
export function skipsAsExported(settings: RunSettings, mapping: Mapping): boolean {
  return (
    settings.mode === 'update' &&
    settings.sync === undefined &&
    !settings.replace &&
    mapping.columns.some((c) => c.target.kind === 'id')
  );
}

/** A row's lookup cells as written, by field (a lookup is judged by its name). */
export function lookupCellsOf(mapping: Mapping, cells: SheetRow['cells']): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of mapping.columns)
    if (c.target.kind === 'field' && c.target.field.lookup) {
      const text = cellText(cellAt(mapping, c.index, cells)).trim();
      if (text) out.set(c.target.field.name, text);
    }
  return out;
}

/** The export a checked row is still as (nothing to send), or undefined: an edited row, an invalid one, one no export showed. */
export function asExportedOf(
  settings: RunSettings,
  mapping: Mapping,
  exported: Exported,
  prepared: PreparedRow,
): ExportedRecord | undefined {
  if (prepared.id === undefined || prepared.skip || prepared.issues.length > 0) return undefined;
  const record = exported(prepared.id);
  if (!record) return undefined;
  const cells = lookupCellsOf(mapping, prepared.cells);
  return editedSinceExport(settings.def, prepared.body, record, cells, prepared.emptyFields).length === 0
    ? record
    : undefined;
}

/** What the count needs of the scan. */
interface Scan {
  readonly scanner: Pick<Scanner, 'rowCompany'>;
  readonly dateOrders: ReadonlyMap<number, DateOrder | undefined>;
  readonly decimalReadings: ReadonlyMap<number, DecimalReading>;
}

/**
 * An update's rows it need not read, counted before the plan in one more read of the sheet
 * (nothing sent; another company's rows and those the journal did by their cells apart):
 * `journaled`, those its journal left done, their cells unchanged, which the run skips first
 * (rows.ts), counted so since the journal's own count (its rows' numbers) also counts a row
 * edited since; absent for a journal that knows none. `asExported`, the others still as an
 * export of the list showed them. No list is read: a lookup cell is judged by its name, as
 * the run judges it.
 */
export async function rowsUnread(
  settings: RunSettings,
  input: MappedInput,
  scan: Scan,
  known: { readonly exported?: Exported; readonly done?: DoneRows; readonly prior?: PriorRuns },
): Promise<{ readonly journaled?: number; readonly asExported: number }> {
  const { prior, done } = known;
  const exported = skipsAsExported(settings, input.mapping) ? known.exported : undefined;
  const byJournal = prior?.knowsUpdates && journalsUpdates(settings) ? prior : undefined;
  if (!exported && !byJournal) return { asExported: 0 };
  const print = updateCellsPrint(settings, input.mapping, scan);
  const ctx = {
    ...rowContext(settings, input, scan, { existingComplete: false, exported }),
    resolver: undefined,
  };
  let [journaled, asExported] = [0, 0];
  await rereadRows(settings, input.probe.headerRow, (r) => {
    if ((scan.scanner.rowCompany(r)?.kind ?? 'run') !== 'run' || isDone(done, r.row)) return;
    if (byJournal?.knowsUpdated(print(r))) return void journaled++;
    // Checked without the lists, a row has issues the run's would not (a subcategory's category
    // unresolved): an invalid row sends nothing either.
    if (exported && asExportedOf(settings, input.mapping, exported, { ...prepareRow(ctx, r), issues: [] }))
      asExported++;
  });
  return { journaled: byJournal ? journaled : undefined, asExported };
}
