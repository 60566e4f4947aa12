// Dates that read both ways, settled by the export the sheet came from. An export edited in a
// spreadsheet program comes back with its dates rewritten in the program's locale
// (2023-03-01 → 3/1/2023), and a column may then hold only dates that read both ways. The
// memory of exports knows each record's date as exported (its print, exported.ts): the
// reading of a row's cell that gives it is the column's order. Evidence, not a guess: rows
// whose two readings the export tells apart, all one way. Pure bookkeeping, no I/O.
import { coerceDate, dateOrdersOf, type DateOrder } from '../map/coerce.js';

/** Whether the latest export of record `id` showed its field `field` as `value` (write form). */
export type ExportedAs = (id: number, field: string, value: string) => boolean;

/** A column the export settled: its order, and the first row that showed it. */
export interface ExportDateNote {
  readonly column: string;
  readonly order: DateOrder;
  readonly row: number;
  /** The cell as the sheet has it ("3/1/2023") and the date the export showed ("2023-03-01"). */
  readonly text: string;
  readonly date: string;
}

interface Seen {
  readonly row: number;
  readonly text: string;
  readonly date: string;
}

export class ExportDates {
  private readonly seen = new Map<number, { DMY?: Seen; MDY?: Seen }>();

  constructor(private readonly exportedAs: ExportedAs) {}

  /** A date cell `text` of column `col` (field `field`) on row `row`, whose ID cell is `idText`. */
  see(col: number, field: string, idText: string, text: string, row: number): void {
    const id = Number(idText.trim());
    const orders = dateOrdersOf(text);
    if (!Number.isInteger(id) || id <= 0 || !orders?.dmy || !orders.mdy) return;
    const dmy = coerceDate(text, 'DMY').value;
    const mdy = coerceDate(text, 'MDY').value;
    if (typeof dmy !== 'string' || typeof mdy !== 'string' || dmy === mdy) return;
    const [byDmy, byMdy] = [this.exportedAs(id, field, dmy), this.exportedAs(id, field, mdy)];
    if (byDmy === byMdy) return;
    let e = this.seen.get(col);
    if (!e) this.seen.set(col, (e = {}));
    const order: DateOrder = byDmy ? 'DMY' : 'MDY';
    e[order] ??= { row, text: text.trim(), date: byDmy ? dmy : mdy };
  }

  /** The order the export settles for column `col`: undefined when it shows none, or both. */
  order(col: number): DateOrder | undefined {
    const e = this.seen.get(col);
    if (!e || (e.DMY === undefined) === (e.MDY === undefined)) return undefined;
    return e.DMY ? 'DMY' : 'MDY';
  }

  /** The plan's word on a column settled so, with the row that showed it. */
  note(col: number, column: string): ExportDateNote | undefined {
    const order = this.order(col);
    const seen = order && this.seen.get(col)?.[order];
    return seen && { column, order, ...seen };
  }
}
