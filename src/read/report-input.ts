// A report of ours fed back as input (the README: filter it, fix cells, import it again).
// Its outcome columns (#row, #status …) are set aside from the cells and carried on each
// row as `reported`, so that the mapper never sees them, the next report does not nest
// them, and the run can tell the rows an earlier run already wrote. Its cells are read
// back as the user typed them: the `'` the CSV report put before formula-like text is
// taken off again. Other sheets pass through untouched.
import { restoreCell } from '../export/neutralize.js';
import { REPORT_COLUMNS, REPORT_SIGNATURE, SENT_COLUMN } from '../report/columns.js';
import { headerText, isBlankRow } from './header.js';
import {
  withFormatOf,
  type CellValue,
  type ReportedOutcome,
  type SheetRow,
  type SheetSource,
} from './types.js';

/** A report's sample reads ahead at most this many times the rows it wants. */
const SAMPLE_LOOKAHEAD = 16;

/** Where a report's columns are: our outcome columns (each name's first, leftmost, copy) and the user's. */
export interface ReportLayout {
  readonly row: number;
  readonly status: number;
  readonly id: number;
  /** The user's own columns, in order: every header that is not one of our outcome columns. */
  readonly keep: readonly number[];
}

const OURS: ReadonlySet<string> = new Set([...REPORT_COLUMNS, SENT_COLUMN]);
const isOurs = (header: string) => OURS.has(header.trim().toLowerCase());

/**
 * The layout of a report of ours, or undefined for any other sheet. A report is known by
 * its `#row`, `#status` and `#id` headers; a report of a report written before they were
 * set aside has them twice, and the leftmost copy is the latest run's.
 */
export function reportLayout(headers: readonly string[]): ReportLayout | undefined {
  const at = (name: string) => headers.findIndex((h) => h.trim().toLowerCase() === name);
  if (REPORT_SIGNATURE.some((name) => at(name) < 0)) return undefined;
  const keep: number[] = [];
  headers.forEach((h, i) => isOurs(h) || keep.push(i));
  return { row: at('#row'), status: at('#status'), id: at('#id'), keep };
}

function idOf(cell: CellValue): number | undefined {
  const n =
    typeof cell === 'number'
      ? cell
      : typeof cell === 'string' && cell.trim() !== ''
        ? Number(cell.trim())
        : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A cell of the user's as typed: text loses the `'` our CSV report added. */
function restored(cell: CellValue): CellValue {
  return typeof cell === 'string' ? restoreCell(cell) : cell;
}

/**
 * One report line as a sheet row of the user's columns, or undefined when those are all
 * empty (a line someone added under the report, with only a count in `#status`).
 */
function reportRow(layout: ReportLayout, r: SheetRow): SheetRow | undefined {
  const cells = layout.keep.map((i) => restored(r.cells[i] ?? null));
  if (isBlankRow(cells)) return undefined;
  const reported: ReportedOutcome = {
    row: headerText(r.cells[layout.row] ?? null),
    status: headerText(r.cells[layout.status] ?? null).toLowerCase(),
    id: idOf(r.cells[layout.id] ?? null),
  };
  // No `text`: the record as read holds our columns, so the next report quotes the cells.
  const out: SheetRow = { row: r.row, line: r.line, cells, reported };
  return r.notes ? { ...out, notes: r.notes } : out;
}

/** The source as the rest of the pipeline reads it: a report's outcome columns set aside. */
export function readReportInput(source: SheetSource): SheetSource {
  const layout = reportLayout(source.headers);
  if (!layout) return source;
  // The reader warned about each of our columns a nested report repeats: they are ours, not the user's.
  for (let i = source.warnings.length - 1; i >= 0; i--) {
    const w = source.warnings[i];
    if (w.code === 'W_DUPLICATE_HEADER' && w.column !== undefined && isOurs(w.column))
      source.warnings.splice(i, 1);
  }
  const stats = source.stats;
  /** A line with nothing of the user's counts as the blank row it is to the import. */
  const shaped = (r: SheetRow): SheetRow | undefined => {
    const out = reportRow(layout, r);
    if (!out) {
      stats.dataRows--;
      stats.blankRows++;
    }
    return out;
  };
  const inner = source.rows;
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const r of inner) {
      const out = shaped(r);
      if (out) yield out;
    }
  }
  const take = source.take;
  const inSample = source.sample;
  const generator = rows();
  return withFormatOf<SheetSource>(source, {
    file: source.file,
    headerRow: source.headerRow,
    headers: layout.keep.map((i) => restoreCell(source.headers[i])),
    rows: generator,
    take: take
      ? () => {
          for (;;) {
            const r = take();
            if (!r) return undefined;
            const out = shaped(r);
            if (out) return out;
          }
        }
      : undefined,
    sample: inSample
      ? async (max) => {
          // Lines with nothing of the user's are passed over, as `rows` passes them; the
          // look-ahead stops at 16 times the sample's size, so a report of blank rows is not
          // held in memory whole.
          for (let n = max; ; n *= 2) {
            const lines = await inSample(n);
            const cells = lines
              .map((c) => layout.keep.map((i) => restored(c[i] ?? null)))
              .filter((c) => !isBlankRow(c));
            if (cells.length >= max || lines.length < n || n >= max * SAMPLE_LOOKAHEAD)
              return cells.slice(0, max);
          }
        }
      : undefined,
    stats,
    warnings: source.warnings,
    fromReport: true,
    close: async () => {
      await generator.return(undefined);
      await source.close?.();
    },
  });
}
