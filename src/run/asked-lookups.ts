// The lookup lists a run reads, once its records are known. A run whose records were listed
// before the plan (an update, an import or a sync matching rows by key) asks a list only for
// the cells that name something other than what their record already has: an export sent
// back, as an update or as an import whose rows are all there already, reads the lists of
// its edited cells alone (a list is some 1 to 10 requests, at 100 a minute for the account).
// A row with no record (a new one, a keyless one) asks for all its names; so does a row to
// check again of a repeat whose journal knows its rows by their cells (journal-rows.ts),
// where a row it finished, unchanged, asks none. Other runs read the lists of every name the
// scan met, as before.
import type { DateOrder, DecimalReading } from '../map/coerce.js';
import { splitCategory } from '../resources/category.js';
import type { LookupKind } from '../resources/fields.js';
import { askedNames, type RowContext } from '../validate/validate.js';
import type { SheetRow } from '../read/types.js';
import { checkValues, rereadRows, type MappedInput } from './input.js';
import { allDoneByJournal, isDone, type DoneRows } from './journal-rows.js';
import { mergesRecords, type ListedRecords } from './listed-record.js';
import { rowContext } from './row-context.js';
import type { Scanner } from './scan.js';
import type { RunSettings } from './settings.js';

/** What the scan learnt that the lists need (plan.ts's ScannedSheet). */
type Scan = {
  readonly scanner: Scanner;
  readonly dateOrders: ReadonlyMap<number, DateOrder | undefined>;
  readonly decimalReadings: ReadonlyMap<number, DecimalReading>;
  /** A one-pass dry run: its look-ahead, the rows read so far (the rest ask as they are read). */
  readonly onePass?: boolean;
  readonly ahead?: readonly SheetRow[];
  /** Read before the run's records and journal: the mapping file's values were checked with them (input.ts). */
  readonly lookupsLoaded?: boolean;
};

/** The names the rows ask the lists for, by list: the sheet read once more (unless the journal did every row), nothing sent. */
async function askedByRows(
  settings: RunSettings,
  input: MappedInput,
  scan: Scan,
  ctx: RowContext,
  done: DoneRows | undefined,
): Promise<Map<LookupKind, Set<string>>> {
  const out = new Map<LookupKind, Set<string>>();
  const ask = (r: SheetRow) => {
    // Another company's row is not this run's to check; one the journal or the memory knows by its cells is done.
    if ((scan.scanner.rowCompany(r)?.kind ?? 'run') !== 'run' || isDone(done, r.row)) return;
    for (const { kind, text } of askedNames(ctx, r)) {
      let set = out.get(kind);
      if (!set) out.set(kind, (set = new Set()));
      const name = kind === 'category' ? splitCategory(text).name : text.trim();
      if (set.size < 100_000) set.add(name);
    }
  };
  // A one-pass dry run reads the sheet once: its look-ahead asks now, the rest as it is read (execute.ts).
  if (scan.onePass) for (const r of scan.ahead ?? []) ask(r);
  // Every row known done, as the scan's fingerprints tell: none asks, and the sheet is not read again.
  else if (!allDoneByJournal(done, scan.scanner)) await rereadRows(settings, input.probe.headerRow, ask);
  return out;
}

/** The lookup kinds of the sheet's columns that no row needed, and why, as the plan says them. */
export interface UnreadLookups {
  readonly kinds: LookupKind[];
  readonly why?: string;
}

/**
 * Read the lists the rows need: those of the names the rows ask for (the scan's, or, with
 * the records listed, those of the cells that differ from their records; with the journal's
 * finished rows, those of the other rows). The lookup kinds of the sheet's columns that no
 * row needed are returned, for the plan to say.
 */
export async function loadLookups(
  settings: RunSettings,
  input: MappedInput,
  scan: Scan,
  listed?: ListedRecords,
  done?: DoneRows,
): Promise<UnreadLookups> {
  const { resolver } = input;
  const ctx = (listed || done) && rowContext(settings, input, scan, listed);
  const listedRecord = ctx?.listedRecord;
  // An update's rows read one by one ask no list for their cells still as exported (validate.ts).
  const byExport = ctx?.exported !== undefined && settings.mode === 'update';
  const byRows = ctx && (listedRecord || done || byExport);
  const names = byRows ? await askedByRows(settings, input, scan, ctx, done) : scan.scanner.names;
  for (const [kind, wanted] of names) await resolver.load(kind, wanted);
  // The mapping file's names for these lists, now that the rows asked for them (input.ts checked the rest).
  if (!scan.lookupsLoaded) await checkValues(settings, input, scan.onePass ? 'all' : new Set(names.keys()));
  scan.scanner.collectNames = false;
  let placeholder = -1;
  for (const [kind, keys] of settings.knownRefs ?? [])
    for (const name of keys)
      if (!resolver.index(kind).has(name)) resolver.remember(kind, { id: placeholder--, name });
  const byJournal = (done?.journal?.size ?? 0) > 0;
  const byMemory = (done?.memory?.size ?? 0) > 0;
  // Rows read one by one that neither the records, the journal nor the memory answered: every list as before.
  if (!listedRecord && !byJournal && !byMemory && !byExport) return { kinds: [] };
  const read = new Set(resolver.plan.map((p) => p.kind));
  const kinds = [...scan.scanner.names.keys()].filter((k) => !read.has(k));
  if (kinds.length === 0) return { kinds };
  if (!listedRecord && !byJournal && !byMemory) return { kinds, why: EXPORTED };
  const why = byMemory
    ? byCellsWhy(byJournal, listedRecord !== undefined)
    : unreadWhy(settings, listedRecord !== undefined, byJournal);
  return { kinds, why };
}

const EXPORTED = 'each such cell is as the record was exported: the record keeps the value it has';
/** Why a list was not read: every row that names it done by the journal (the plan says it for the company list too). */
export const DONE = "their rows are done by this import's journal, each with the cells it had then";
const MEMORY =
  'an earlier import of another file or report created their records from the same cells (the memory of what was sent)';

/** Why the lists were not needed when the memory knew rows by their cells, with the journal's and the listed records' part. */
function byCellsWhy(byJournal: boolean, listed: boolean): string {
  const by = [...(byJournal ? ["their rows are done by this import's journal"] : []), MEMORY];
  if (listed) by.push('each such cell names what its record has');
  return by.length === 1 ? MEMORY : `${by.slice(0, -1).join(', ')} or ${by[by.length - 1]}`;
}

/** Why the plan's lists not read were not needed: the records listed, the journal's finished rows, or both. */
function unreadWhy(settings: RunSettings, listed: boolean, byJournal: boolean): string {
  if (!listed) return DONE;
  const merges = mergesRecords(settings);
  if (!byJournal)
    return merges
      ? 'each such cell names what its record already has'
      : 'their rows are already in the service, each such cell naming what its record has';
  return merges
    ? "their rows are done by this import's journal (their cells unchanged), or each such cell names what its record already has"
    : "their rows are done by this import's journal (their cells unchanged) or already in the service (each such cell naming what its record has)";
}
