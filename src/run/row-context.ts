// What checking a row needs of the run: its settings, mapping, lists and date orders, and
// (a run whose records were listed) the record a row names.
import type { DateOrder, DecimalReading } from '../map/coerce.js';
import type { DateInference } from '../map/date-inference.js';
import type { RowContext } from '../validate/validate.js';
import type { MappedInput } from './input.js';
import { listedRecordOf, mergesRecords, type ListedRecords } from './listed-record.js';
import type { RunSettings } from './settings.js';
import type { SheetRow } from '../read/types.js';
import { idCellColumn, idCellOf } from './id-cell.js';

/** `listed`: the records as listed before the run, which answer lookup cells that name what they have. */
export function rowContext(
  settings: RunSettings,
  input: MappedInput,
  scan: {
    readonly dateOrders: ReadonlyMap<number, DateOrder | undefined>;
    readonly dateInferences?: ReadonlyMap<number, DateInference>;
    readonly decimalReadings: ReadonlyMap<number, DecimalReading>;
  },
  listed?: ListedRecords,
): RowContext {
  return {
    def: settings.def,
    mode: settings.mode,
    company: settings.company,
    mapping: input.mapping,
    dateOrders: scan.dateOrders,
    dateInferences: scan.dateInferences,
    decimalReadings: scan.decimalReadings,
    defaultDateOrder: settings.dateOrder,
    resolver: input.resolver,
    fieldTemplates: input.custom.fieldTemplates,
    formTemplates: input.custom.formTemplates,
    partial: settings.mode === 'update' && !settings.replace,
    reportedWrites: settings.onExisting === 'update' ? 'update' : 'skip',
    unmatched: settings.unmatched,
    listedRecord: listed && listedRecordOf(settings, listed, idCellReader(settings, input)),
    recordAnswers: mergesRecords(settings) ? 'leave' : 'take',
    exported: listed?.exported,
  };
}

/** An import's keyless rows' ID cells (id-cell.ts), when the run reads them. */
function idCellReader(
  settings: RunSettings,
  input: MappedInput,
): ((r: SheetRow) => number | undefined) | undefined {
  const column = idCellColumn(settings, input);
  return column === undefined ? undefined : (r) => idCellOf(input, column, r);
}
