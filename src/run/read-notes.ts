// What the reader said about each row, put on that row's report line: its notes (padded,
// cut, a quote read as written, its shape repaired) and the file's warnings that name it
// (an odd delimiter, a stray quote). Repaired rows are counted: they set the exit code.
import type { ReadWarning, RowNote, SheetRow } from '../read/types.js';
import type { RowOutcome } from '../report/report.js';
import type { RowIssue } from '../validate/validate.js';

export class RowReadNotes {
  /** Rows whose shape the reader repaired, among those put on report lines so far. */
  repaired = 0;
  private nextWarning = 0;
  /** Notes of rows read but not yet reported (few: most rows have none). */
  private readonly byRow = new Map<number, readonly RowNote[]>();

  /** `warnings` is the source's list, growing while its rows are read, in row order. */
  constructor(private readonly warnings: readonly ReadWarning[]) {}

  /** Keeps a row's notes until its outcome is reported. */
  remember(r: SheetRow): void {
    if (r.notes) this.byRow.set(r.row, r.notes);
  }

  /** The outcome with the reader's words about its row added to its warnings. */
  attach(out: RowOutcome): RowOutcome {
    // Most rows have neither notes nor warnings: nothing is made for them.
    if (
      this.byRow.size === 0 &&
      (this.nextWarning >= this.warnings.length || (this.warnings[this.nextWarning].row ?? 0) > out.row)
    )
      return out;
    const extra: RowIssue[] = [];
    const notes = this.byRow.get(out.row);
    if (notes) {
      this.byRow.delete(out.row);
      for (const n of notes)
        extra.push({
          code: n.repaired ? 'W_ROW_REPAIRED' : 'W_READ',
          column: n.column,
          message: n.repaired ? `row shape repaired: ${n.message}` : n.message,
        });
      if (notes.some((n) => n.repaired)) this.repaired++;
    }
    while (this.nextWarning < this.warnings.length) {
      const w = this.warnings[this.nextWarning];
      if (w.row !== undefined && w.row > out.row) break;
      this.nextWarning++;
      // The row's own note says it already (the warning is the file's summary of that kind).
      if (w.row === out.row && !notes?.some((n) => n.code === w.code))
        extra.push({ code: 'W_READ', column: w.column, message: w.message });
    }
    return extra.length ? { ...out, warnings: [...out.warnings, ...extra] } : out;
  }
}
