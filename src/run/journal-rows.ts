// The rows an earlier run of this import created, known before any lookup list is read: the
// journal keeps each create's row cells as read (a fingerprint, with how the run reads them:
// the mapping, its value tables, the date orders), so a repeat tells an unchanged row it
// finished without its write body, which needs the lists (a list is 1 to 10 requests, at 100
// a minute for the account). The scan fingerprints each row's cells as it reads them, so
// that a repeat whose rows are all done does not read the sheet again. A changed row, a row
// of a journal written before cells were kept (or kept as the version before printed them,
// the cells' text hashed with how they are read) and a row whose key the sheet repeats are
// checked as before, by the body they send, and said again with their cells. Pure, no I/O.
import type { DateOrder, DecimalReading } from '../map/coerce.js';
import { targetName, type Mapping } from '../map/headers.js';
import type { SheetRow } from '../read/types.js';
import type { Lack, WriteStatus } from '../send/journal.js';
import type { SentRow } from '../send/memory.js';
import type { PriorRuns } from '../send/prior.js';
import { sha256Hex } from '../util/hash.js';
import { cellsHash, type Scanner } from './scan.js';
import type { RunSettings } from './settings.js';

/** A row the journal finished, its cells unchanged: the attempt it takes, and what came of it. */
export interface JournalDone {
  readonly slot: string;
  readonly fp: string;
  readonly status: WriteStatus;
  readonly id: number;
  /** The row's key as the journal has it (`field=value`); absent for a keyless row. */
  readonly key?: string;
  /** The names the create's lists lacked (--unmatched), said again on the row. */
  readonly lacks?: readonly Lack[];
}

/** Maps and sets as their entries, so that a value table or a set of columns is in the text. */
const entries = (_k: string, v: unknown): unknown => (v instanceof Map || v instanceof Set ? [...v] : v);

/** The settings that change how a row's cells are read. */
export type ReadSettings = Pick<
  RunSettings,
  'mappingFile' | 'dateOrder' | 'unmatched' | 'company' | 'uniqueField'
>;

/** How the scan settled each column's reading: date orders, decimal marks. */
interface ColumnReadings {
  readonly dateOrders: ReadonlyMap<number, DateOrder | undefined>;
  readonly decimalReadings?: ReadonlyMap<number, DecimalReading>;
}

/** How the run turns a row's cells into its write body, lookups apart. */
function howRead(settings: ReadSettings, mapping: Mapping, scan: ColumnReadings): string {
  const marks = [...(scan.decimalReadings ?? [])].map(([col, r]): [number, string] => [col, r.mark]);
  const how = {
    columns: mapping.columns.map((c) => [c.index, c.header, targetName(c.target)]),
    defaults: mapping.defaults,
    values: mapping.values,
    placeholders: mapping.placeholders,
    formulaEscape: mapping.formulaEscape,
    fallback: mapping.fallback?.template,
    blankFill: mapping.blankFill && [mapping.blankFill.index, mapping.blankFill.template],
    mappingFile: settings.mappingFile,
    dateOrder: settings.dateOrder,
    dateOrders: [...scan.dateOrders].sort((a, b) => a[0] - b[0]),
    // Absent when no column has one, so that the journals of sheets without such amounts stay good.
    decimalMarks: marks.length > 0 ? marks.sort((a, b) => a[0] - b[0]) : undefined,
    unmatched: settings.unmatched,
    company: settings.company,
    uniqueField: settings.uniqueField,
  };
  return sha256Hex(JSON.stringify(how, entries)).slice(0, 16);
}

/** Two mappings read a sheet's rows alike (scanned with one of them): the scan stands for the other. */
export function sameReading(settings: ReadSettings, a: Mapping, b: Mapping, scan: ColumnReadings): boolean {
  return howRead(settings, a, scan) === howRead(settings, b, scan);
}

/**
 * A row's cells as read (given as cellsHash), with how they are read: the same text for the
 * same row of the same import, whatever the lists say. Any cell counts, mapped or not (an
 * edit of a note column makes the row one to check again, as a changed row is).
 */
export function printOfCells(
  settings: ReadSettings,
  mapping: Mapping,
  scan: ColumnReadings,
): (cells: string) => string {
  const how = howRead(settings, mapping, scan);
  return (cells) => sha256Hex(`${how}:${cells}`).slice(0, 16);
}

/** printOfCells of a row as read: what the journal keeps with each create. */
export function cellsFingerprint(
  settings: ReadSettings,
  mapping: Mapping,
  scan: ColumnReadings,
): (r: SheetRow) => string {
  const print = printOfCells(settings, mapping, scan);
  return (r) => print(cellsHash(r));
}

/** An update (not a sync's, nor --replace's, nor a dry run's): it journals the rows it leaves done by their cells. */
export const journalsUpdates = (s: Pick<RunSettings, 'mode' | 'sync' | 'replace' | 'dryRun'>): boolean =>
  s.mode === 'update' && !s.sync && !s.replace && !s.dryRun;

/**
 * An update's row as its journal knows it: its cells as read (cellsFingerprint), and whether
 * empty cells empty their fields (--clear-empty changes what the same cells send).
 */
export function updateCellsPrint(
  settings: ReadSettings & Pick<RunSettings, 'clearEmpty'>,
  mapping: Mapping,
  scan: ColumnReadings,
): (r: SheetRow) => string {
  const print = cellsFingerprint(settings, mapping, scan);
  return (r) => (settings.clearEmpty ? `${print(r)}:clear-empty` : print(r));
}

/**
 * The rows of the sheet the journal finished, their cells unchanged, by row number: taken
 * from the run's journal (PriorRuns) before the plan, in the sheet's order, so that no other
 * row takes their attempts. The scan's fingerprints say which (Scanner.prints: not a row of
 * another company, nor a report's row fed back); a row whose key another row of the sheet
 * has (the duplicate check compares them) is not taken.
 */
export class JournalDoneRows {
  readonly rows = new Map<number, JournalDone>();

  constructor(prior: PriorRuns, printOf: (cells: string) => string, scanner: Scanner, keyed: boolean) {
    for (const [row, cells] of scanner.prints?.entries() ?? []) {
      if (keyed && (scanner.repeats.has(row) || scanner.repeated.has(row))) continue;
      const match = prior.takeByCells(printOf(cells), row);
      if (match?.kind !== 'done') continue;
      const { attempt, status, id } = match;
      this.rows.set(row, {
        slot: attempt.slot,
        fp: attempt.fp,
        status,
        id,
        key: attempt.key,
        lacks: attempt.lacks,
      });
    }
  }
}

/**
 * The rows known done before the lists are read, by row number: those the run's journal
 * finished (their cells unchanged), and those whose cells another file's or report's run
 * created a record from (the memory of what was sent, memory.ts), apart from the journal's.
 */
export interface DoneRows {
  readonly journal?: ReadonlyMap<number, JournalDone>;
  readonly memory?: ReadonlyMap<number, SentRow>;
}

/** Whether row `row` is known done (DoneRows). */
export const isDone = (done: DoneRows | undefined, row: number): boolean =>
  done?.journal?.has(row) === true || done?.memory?.has(row) === true;

/** How many rows are known done (DoneRows). */
const doneCount = (done: DoneRows | undefined): number =>
  (done?.journal?.size ?? 0) + (done?.memory?.size ?? 0);

/** Every row of the run's is one known done: the sheet need not be read again for them. */
export function allDoneByJournal(done: DoneRows | undefined, scanner: Scanner): boolean {
  return done !== undefined && doneCount(done) === scanner.runRows;
}
