// Stage 3 of an import: the plan, made before any write. The sheet is scanned (all of it,
// or the look-ahead of a one-pass dry run): date orders, duplicate keys, the names to look
// up (fetched now), the row count. Then, with the journal locked, what earlier runs did,
// which records exist already, the mark above which a lost write would be found, and the
// ImportPlan with its requests and ETA.
import { exportedOf } from './exports-remembered.js';
import { rowsUnread } from './as-exported.js';
import { shownAs, type ExportedRecord } from '../send/exported.js';
import { interrupted } from './stop.js';
import { Turns } from '../util/turns.js';
import { stat } from 'node:fs/promises';
import type { Connection } from '../connect.js';
import { writeTarget } from '../config.js';
import { AssetbatchError } from '../errors.js';
import type { DateOrder, DecimalReading } from '../map/coerce.js';
import {
  customKeyLabel,
  headerMatcher,
  isKeyColumn,
  targetName,
  type ColumnMapping,
  type Mapping,
} from '../map/headers.js';
import { compactName } from '../map/normalize.js';
import { financeLabels } from '../export/finance.js';
import { recordKeyText } from '../map/placeholders.js';
import { customValueOf } from '../send/merge.js';
import { openSheet } from '../read/index.js';
import { columnLetter } from '../util/column-letter.js';
import type { SheetRow, SheetSource } from '../read/types.js';
import type { JournalState } from '../send/journal.js';
import { latestRunFile } from './run-file.js';
import { PriorRuns } from '../send/prior.js';
import { highestId } from '../send/recovery.js';
import { loadExistingKeys } from '../send/existing-records.js';
import type { KeyIndex } from '../util/key-index.js';
import type { MappedInput } from './input.js';
import { priorState } from './resume.js';
import { notWrittenLeft, unwrittenRows, type KeylessRows } from './unwritten.js';
import { headerLanguageOf, inferenceReason, type DateInference } from '../map/date-inference.js';
import { Scanner, scanDateOrders, type ScanOptions, type ScanWhere } from './scan.js';
import { companyColumn, isCompanyHeader } from '../map/company-column.js';
import { rowCompany, type RowCompany } from '../resolve/company.js';
import { lookaheadOf, type RunSettings } from './settings.js';
import { DONE, loadLookups } from './asked-lookups.js';
import {
  allDoneByJournal,
  cellsFingerprint,
  JournalDoneRows,
  printOfCells,
  type DoneRows,
  type JournalDone,
} from './journal-rows.js';
import {
  journalMayAnswer,
  keepsCells,
  knowsRowsByCells,
  listsWaitForRows,
  type OtherCompanyCell,
} from './recorded-mapping.js';
import type { RunMemory } from '../send/remembered.js';
import type { SentRow } from '../send/memory.js';
import type { GoneRecords } from '../send/gone-records.js';
import { checkAgainstList } from './remembered-check.js';
import { statSync } from 'node:fs';
import { idCellColumn } from './id-cell.js';
import { defersLookups, type ListedRecords } from './listed-record.js';
import {
  LOOKAHEAD_ROWS,
  type CompanySplit,
  type ImportPlan,
  type JournalPast,
  type MissingRecord,
} from './types.js';
import { coverage, limitText, missingBody, missingLimit, tooManyMissing, MISSING_SHOWN } from './missing.js';
import type { LookupKind, WriteBody } from '../resources/fields.js';
import { RATE_WINDOW_MS } from '../resources/service.js';

/** What the scan learnt, and (one pass) the rows it holds for the checks. */
export interface ScannedSheet {
  readonly scanner: Scanner;
  /** A one-pass run's look-ahead: rows read and not yet checked. */
  readonly ahead: SheetRow[];
  /** The whole sheet was read: its counts are final. */
  readonly counted: boolean;
  readonly onePass: boolean;
  readonly dateOrders: Map<number, DateOrder | undefined>;
  /** Date columns whose dates all read both ways, settled by the rest of the sheet (said in the plan and on each row). */
  readonly dateInferences: Map<number, DateInference>;
  /** Amount columns' decimal marks, where their cells show one (a one-pass run: its look-ahead's). */
  readonly decimalReadings: ReadonlyMap<number, DecimalReading>;
  /** Contracts: the column naming a parent contract that a row above may create. */
  readonly selfRefCol?: ColumnMapping;
  readonly where: ScanWhere;
  /** The next row of the first read, when none is at hand; undefined at its end. */
  readonly nextRow: () => Promise<SheetRow | undefined>;
  readonly referenced: ReadonlySet<number>;
  /** The lookup lists were read with the scan (else the plan reads them, once the records or the journal are known). */
  readonly lookupsLoaded: boolean;
  /** A company column's rows were taken as the run's, the company list unread (companyDeferred). */
  readonly companyDeferred: boolean;
}

/** Read rows into the scanner: all of them, or (one pass) up to the look-ahead, which is kept. */
async function readAhead(
  settings: RunSettings,
  input: MappedInput,
  scanner: Scanner,
  onePass: boolean,
  lookahead: number,
) {
  const probe = input.probe;
  const rows = probe.rows[Symbol.asyncIterator]();
  const nextRow = async (): Promise<SheetRow | undefined> => {
    const next = await rows.next();
    return next.done ? undefined : next.value;
  };
  const fileBytes = (await stat(settings.file)).size;
  const ahead: SheetRow[] = [];
  const turns = new Turns();
  for (;;) {
    const turn = turns.due();
    if (turn) await turn;
    // Stopped while the sheet is counted: nothing is sent, and the run ends as a stop in planning does.
    if (settings.hooks.signal?.aborted) throw interrupted(settings.dryRun);
    if (onePass && ahead.length >= lookahead) {
      scanner.expectFileBytes(fileBytes);
      return { ahead, counted: false, nextRow };
    }
    const r = probe.take?.() ?? (await nextRow());
    if (!r) return { ahead, counted: true, nextRow };
    scanner.add(r);
    if (onePass) ahead.push(r);
    else if (scanner.rows === lookahead) scanner.expectFileBytes(fileBytes);
  }
}

/**
 * A register's company column: the company list is read first (one request, or the cache),
 * so that each row's company is known as it is scanned and other companies' rows are left
 * out of the run's names and keys (their dates only settle a column's order). A repeat
 * mapped as its journal recorded reads it only if a row needs it (companyDeferred).
 */
async function companyOption(settings: RunSettings, input: MappedInput, defer: boolean) {
  const column = companyColumn(input.mapping);
  if (!column) return undefined;
  if (defer) return { index: column.index, of: companyAsRecorded(input.record?.companies) };
  await input.resolver.load('company', []);
  return { index: column.index, of: (text: string) => rowCompany(input.resolver, text, settings.company) };
}

/**
 * A repeat mapped as its journal recorded, the whole sheet scanned: the company list waits
 * (unless the cache has it).
 * A row the journal created, its cells unchanged, is this company's: the journal is this
 * company's run, and a row's fingerprint has its company cell. So every row is taken as the
 * run's until the journal's rows are known; a row it did not do (another company's, one
 * edited) makes the run read the list and scan the sheet again (import.ts), as a first run does.
 */
const companyDeferred = (settings: RunSettings, input: MappedInput): boolean =>
  companyColumn(input.mapping) !== undefined &&
  input.replayed === true &&
  lookaheadOf(settings) === undefined &&
  journalMayAnswer(settings);

/**
 * A row's company before the company list is read (companyDeferred): another company's when
 * the journal's last run found its cell naming that company (RecordedMapping.companies),
 * else the run's (a row the journal did not do then has the list read).
 */
function companyAsRecorded(cells: readonly OtherCompanyCell[] | undefined): (text: string) => RowCompany {
  const others = new Map((cells ?? []).map(([text, id, name]) => [text, { id, name }]));
  return (text) => {
    const other = others.get(text.trim());
    return other ? { kind: 'other', ...other } : { kind: 'run', empty: text.trim() === '' };
  };
}

/**
 * The run's company's name: the company list's (read, or in the cache), else the one the
 * journal's last run recorded (a repeat that reads no company list).
 */
export const runCompanyName = (settings: RunSettings, input: MappedInput): string | undefined =>
  input.resolver.index('company').nameOf(settings.company) ?? input.record?.runCompany;

/** Why a repeat's company line names the run's company by its id alone. */
const NAME_UNKNOWN =
  "the company list was not read (this import's journal answered for the rows) and its last run recorded no name";

/** The plan's (and at the end the summary's) rows by company, when the sheet has a company column. */
export function companySplitOf(settings: RunSettings, input: MappedInput, scan: ScannedSheet) {
  const column = companyColumn(input.mapping);
  if (!column) return undefined;
  const name = runCompanyName(settings, input);
  const nameUnknown = name === undefined && scan.companyDeferred ? NAME_UNKNOWN : undefined;
  return scan.scanner.companySplit(column.header, { id: settings.company, name, nameUnknown });
}

/**
 * A sheet with an ID column whose records an export remembered showed (an update's, a sync's):
 * its dates are read against what the export showed (export-dates.ts). None with --date-format.
 */
function exportDatesOf(settings: RunSettings, mapping: Mapping, service: string): ScanOptions['exportDates'] {
  const idColumn = mapping.columns.find((c) => c.target.kind === 'id');
  if (!idColumn || settings.dateOrder) return undefined;
  const exported = exportedOf(settings, service);
  if (!exported) return undefined;
  return {
    idIndex: idColumn.index,
    exportedAs: (id, field, value) => {
      const record = exported(id);
      return record !== undefined && shownAs(record, field, value);
    },
  };
}

/**
 * `memoryKnows`: the memory of what was sent may know this import's rows by their cells (it
 * has lines, and the run asks it: memoryMayAnswer): each row's cells are fingerprinted, and the
 * lists wait for what it says, as for a journal. `companies`: a company column's rows are told
 * apart with the company list now (`read`), or, a repeat's, once its journal is known (`wait`).
 * `service`: the service's URL, whose memory of exports may settle the order of dates.
 */
export async function scanInput(
  settings: RunSettings,
  input: MappedInput,
  how: { memoryKnows?: boolean; companies?: 'wait' | 'read'; service?: string } = {},
): Promise<ScannedSheet> {
  const { memoryKnows = false, companies = 'wait' } = how;
  // A company list in the cache costs nothing: it is read now, and nothing waits.
  const deferred =
    companies === 'wait' && companyDeferred(settings, input) && !(await input.resolver.loadCached('company'));
  const { def, mode } = settings;
  const { probe, mapping } = input;
  // A child contract may name a parent created from an earlier row of the same sheet.
  const selfRefCol =
    def.name === 'contract' && mode === 'create'
      ? mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === 'parent_contract')
      : undefined;
  const scanner = new Scanner(mapping, {
    dateOrder: settings.dateOrder,
    keyField: settings.keyField,
    trackKeys:
      ((!settings.allowDuplicates || selfRefCol !== undefined) && mode === 'create') ||
      settings.sync !== undefined,
    selfRefIndex: selfRefCol?.index,
    company: await companyOption(settings, input, deferred),
    printCells: (journalMayAnswer(settings) || memoryKnows) && !selfRefCol,
    exportDates: how.service ? exportDatesOf(settings, mapping, how.service) : undefined,
    headerLanguage: headerLanguageOf(mapping, def.name),
  });
  const where = { file: settings.file, sheet: probe.sheet };
  // A dry run reads the sheet once: what the run needs is learnt from its first rows,
  // which are kept and checked first, and the rest is checked as it is read. Writes need
  // the whole sheet counted first (the plan, the ETA, parents below their children).
  // A sync needs every key before it can tell which records the sheet no longer has.
  const lookahead = lookaheadOf(settings);
  const onePass = lookahead !== undefined && !selfRefCol;
  const { ahead, counted, nextRow } = await readAhead(
    settings,
    input,
    scanner,
    onePass,
    lookahead ?? LOOKAHEAD_ROWS,
  );
  const dateOrders = scanner.dateOrders(where, counted);
  const dateInferences = new Map(scanner.dateInferences);
  // A date column whose first rows all read both ways: the rest of the sheet decides.
  if (!counted && scanner.unsettled().length > 0) {
    const side = await openSheet(settings.file, {
      sheet: settings.sheet,
      headerRow: probe.headerRow,
      isKnownHeader: headerMatcher(def),
    });
    const sides = await scanDateOrders(side.rows, mapping, where, scanner.headerLanguage);
    for (const [col, order] of sides.orders) dateOrders.set(col, order);
    for (const [col, inferred] of sides.inferences) dateInferences.set(col, inferred);
  }
  // An update's lists wait for its records: a cell that names what its record has needs none.
  // A repeat's wait for its journal: a row it finished, its cells unchanged, needs none (the memory's too).
  const lookupsLoaded = !listsWaitForRows(settings) && !memoryKnows;
  const scanned = {
    scanner,
    ahead,
    counted,
    onePass,
    dateOrders,
    dateInferences,
    decimalReadings: scanner.decimalReadings(),
    selfRefCol,
    where,
    nextRow,
    referenced: scanner.referenced(),
    lookupsLoaded,
    companyDeferred: deferred,
  };
  if (lookupsLoaded) await loadLookups(settings, input, scanned);
  return scanned;
}

/**
 * An import the memory of what was sent may answer by its rows' cells: a create, not a sync's,
 * that asks the memory before a create (not --allow-duplicates, nor --on-existing update|error,
 * where a record that exists decides), and whose memory has lines (`memoryFile`: its path).
 */
export function memoryMayAnswer(settings: RunSettings, memoryFile: string): boolean {
  if (settings.mode !== 'create' || settings.sync || settings.allowDuplicates) return false;
  if (settings.onExisting !== 'skip') return false;
  try {
    return statSync(memoryFile).size > 0;
  } catch {
    return false;
  }
}

/** What the run needs from its plan: the journal's past, the records that exist, the mark. */
export interface PlannedRun {
  readonly plan: ImportPlan;
  readonly journaled: boolean;
  readonly state?: JournalState;
  readonly prior?: PriorRuns;
  readonly existing?: Map<string, number[]>;
  readonly existingComplete: boolean;
  /** When the list of existing records began to be read. */
  readonly existingSince?: number;
  /** Updates: the records as listed before the run, by id (when the whole list was read). */
  readonly records?: ReadonlyMap<number, Record<string, unknown>>;
  /** Updates and syncs: what the latest export of a record showed, where one is remembered (exports-remembered.ts). */
  readonly exported?: (id: number) => ExportedRecord | undefined;
  /** An import: every id of the list read whole (a keyless row's ID cell that none has names no record). */
  readonly listedIds?: ReadonlySet<number>;
  /** A sync: the records the sheet no longer has, and the write each gets (none: reported only). */
  readonly missing?: { readonly records: readonly MissingRecord[]; readonly body?: WriteBody };
  /** A dry run: the refusal a real run would stop with before any write (past --max-missing). */
  readonly wouldStop?: AssetbatchError;
  /** The highest record id before the first write. */
  readonly mark?: number;
  /** An import's rows' cells as read, for the journal to keep with each create. */
  readonly cellsOf?: (r: SheetRow) => string;
  /** The rows the journal finished, their cells unchanged, by row number: skipped as done, unchecked. */
  readonly journalDone?: ReadonlyMap<number, JournalDone>;
  /**
   * Other rows whose cells another file's or report's run created a record from (the memory
   * of what was sent), by row number: skipped as made, unchecked, as the journal's are.
   */
  readonly memoryDone?: ReadonlyMap<number, SentRow>;
  /** Records earlier runs made that the service no longer has: their rows are created again, each saying so. */
  readonly gone?: GoneRecords;
  /** Requests the writes will take (an update's read included), for the limiter and the ETA. */
  readonly plannedRequests: number;
  readonly requestsPerRow: number;
}

/** A record's key, where it is not a text field of the record's own. */
type RecordKey = (record: Record<string, unknown>) => string | undefined;

/** The columns not imported, as the plan says them; a column with no header is still a column. */
function unmappedColumns(
  mapping: Mapping,
  headers: readonly string[],
  settings: RunSettings,
): ImportPlan['unmapped'] {
  const company = companyColumn(mapping);
  const figures = new Set(financeLabels(settings.def.name).map(compactName));
  // A company column is read (the plan's Company line), not left out.
  const unmapped = mapping.unmapped
    .filter((u) => !u.header.startsWith('#') && u.index !== company?.index)
    .map((u) => ({
      header: u.header.trim() === '' ? `${columnLetter(u.index)} (no header)` : u.header,
      suggestion: u.suggestion,
      ...(u.maybe ? { maybe: u.maybe } : {}),
      why: u.why,
      ...(u.why === undefined && compactName(u.header) === 'id' ? idColumnNote(settings) : {}),
      ...(figures.has(compactName(u.header)) ? FIGURE_NOTE : {}),
    }));
  return [...unmapped, ...companyLeftOut(mapping, headers, settings)];
}

/** The rows whose required field's cell is empty and is built from the row, as the plan says them. */
function blankFilled(mapping: Mapping, rows: number): ImportPlan['builtWhenEmpty'] {
  const fill = mapping.blankFill;
  if (!fill || rows === 0) return undefined;
  return { field: fill.field, column: fill.column, template: fill.template, columns: fill.columns, rows };
}

/** The amount columns whose cells that read two ways the plan speaks of, when any. */
const nonEmptyList = <T>(xs: readonly T[]): readonly T[] | undefined => (xs.length > 0 ? xs : undefined);

function decimalNotesOf(scanner: Scanner): ImportPlan['decimals'] {
  const notes = scanner.decimalNotes();
  return notes.length > 0 ? notes : undefined;
}

/**
 * The placeholder cells the scan read as empty (or, `kept`, the words a name kept), by column,
 * as the plan says them.
 */
function placeholdersRead(mapping: Mapping, scanner: Scanner, kept = false): ImportPlan['placeholders'] {
  const out = mapping.columns.flatMap((c) => {
    const seen = (kept ? scanner.placeholderNames : scanner.placeholders).get(c.index);
    return seen
      ? [{ column: c.header, field: targetName(c.target), cells: seen.cells, spellings: [...seen.spellings] }]
      : [];
  });
  return out.length > 0 ? out : undefined;
}

/**
 * A company column the mapping file leaves out ("Company": null): every row
 * goes to the run's company, which for a register of several companies is not what it says.
 */
function companyLeftOut(
  mapping: Mapping,
  headers: readonly string[],
  settings: RunSettings,
): ImportPlan['unmapped'] {
  const used = new Set([
    ...mapping.columns.map((c) => c.index),
    ...mapping.unmapped.map((u) => u.index),
    ...(mapping.createOnly ?? []).map((c) => c.index),
  ]);
  return headers.flatMap((header, index) =>
    !used.has(index) && isCompanyHeader(header)
      ? [
          {
            header,
            why: `the mapping file (or preset) leaves it out: every row goes to this run's company, ${settings.company} (--company)`,
            fix: `leave it out of "columns" and a run loads only its company's rows of a register of several companies`,
          },
        ]
      : [],
  );
}

/**
 * A figure an `export --finance` worked out (Book value, Auto-renews): "map it with --mapping"
 * would send the analyst looking for a field the service does not have.
 */
const FIGURE_NOTE = {
  why: 'a figure `export --finance` works out from the record; the service does not store it',
  fix: 'nothing to do: the next export works it out again',
};

/**
 * An ID column in a run that does not match on it: "no matching field" reads as if the tool
 * did not know it, and mapping it is no fix. It may be another tool's IDs (Snipe-IT's), so the
 * commands that match on the service's IDs are named with an "if".
 */
function idColumnNote(settings: RunSettings): { why: string; fix: string } {
  if (settings.sync && settings.keyField) {
    const key = settings.keyField.replace(/^custom:/, '').replace(/_/g, ' ');
    return {
      why: `this sync matches rows by ${key}, and a row without one by its ID when that record has the row's name`,
      fix: "if it holds the service's record IDs (an assetbatch export), --key id matches on it",
    };
  }
  return {
    why: 'an import creates records, which get IDs of their own',
    fix:
      "if it holds the service's record IDs (an assetbatch export), " +
      '`assetbatch update` or `assetbatch sync --key id` match rows on it',
  };
}

/** A sync keyed on a custom field (--key custom:LABEL): the field's value in a record, as listed. */
function customRecordKey(
  mapping: MappedInput['mapping'],
  keyField: string | undefined,
): RecordKey | undefined {
  const label = customKeyLabel(keyField);
  const t = label === undefined ? undefined : mapping.columns.find((c) => isKeyColumn(c, keyField))?.target;
  if (t?.kind !== 'custom') return undefined;
  return (r) => {
    const v = customValueOf(r, t.fieldId);
    return typeof v === 'number' ? String(v) : recordKeyText(v, keyField!);
  };
}

/** A run that changes records it finds (update, --on-existing update): it compares rows with them. */
const updatesRecords = (s: RunSettings): boolean => s.mode === 'update' || s.onExisting === 'update';

/**
 * Which records exist already (by natural key), and the list's highest id when it was read
 * whole. Updates keep the records: a row is compared with its record as listed, so that
 * the cheaper of the list's pages or a lookup and a read a row is all they read.
 */
async function existingRecords(
  settings: RunSettings,
  conn: Connection,
  rowsLeft: number,
  keyOf: RecordKey | undefined,
  sheetKeys: KeyIndex,
  newestId: boolean,
) {
  // A sync reads the list even when the journal has every row done: its missing records are in it.
  const noneToCheck = rowsLeft === 0 && !newestId && settings.sync === undefined;
  if (!settings.keyField || rowsLeft < 0 || noneToCheck) return { existingComplete: false };
  // An import matching by key keeps those its rows may match: a row's lookup cells are
  // compared with its record's, and a keyless row's ID cell finds its record (id-cell.ts).
  const keep = updatesRecords(settings) || (defersLookups(settings) && sheetKeys);
  // A sync reads the whole list whatever it costs: the records the sheet no longer has are in it.
  const since = Date.now();
  const existing = await loadExistingKeys(
    conn.client,
    settings.def,
    settings.company,
    [settings.keyField],
    rowsLeft,
    {
      keepRecords: keep,
      whole: settings.sync !== undefined,
      keyOf: keyOf && ((r) => keyOf(r)),
      newestId,
    },
  );
  return {
    check: { strategy: existing.strategy, requests: existing.requests },
    existing: existing.map,
    records: existing.records,
    existingComplete: existing.map !== undefined,
    ids: existing.ids,
    existingSince: since,
    maxId: existing.maxId,
    markRequests: existing.markRequests,
  };
}

/**
 * A sync's plan: the rows that match records, the new ones, and the records the sheet no
 * longer has. Past --max-missing a real run stops here, before any write; a dry run goes
 * on to check every row and ends with the same refusal (`wouldStop`), and the same exit code.
 */
async function syncPlan(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  records: ReadonlyMap<number, Record<string, unknown>> | undefined,
  keyless: KeylessRows,
  keyOf: RecordKey | undefined,
) {
  const sync = settings.sync!;
  const cov = coverage(
    settings.def,
    sync,
    settings.keyField!,
    records ?? new Map(),
    scan.scanner.firstRowOfKey,
    keyless,
    keyOf,
  );
  const limit = missingLimit(sync, cov.inScope);
  const body = await missingBody(settings.def, sync.missing, input.resolver);
  const refusal = cov.missing.length > limit ? tooManyMissing(settings, cov) : undefined;
  if (refusal && !settings.dryRun) throw refusal;
  const plan: NonNullable<ImportPlan['sync']> = {
    key: settings.keyField!,
    matched: cov.matched,
    // An ID no record has is not created (a record's id is the service's): that row fails.
    new:
      settings.keyField === 'id'
        ? 0
        : Math.max(0, scan.scanner.firstRowOfKey.size - cov.matched + cov.keylessMatched),
    keyless: { rows: scan.scanner.keyless, matched: cov.keylessMatched, byId: cov.byIdMatched },
    inScope: cov.inScope,
    missing: cov.missing.length,
    firstMissing: cov.missing.slice(0, MISSING_SHOWN),
    action: sync.missing,
    maxMissing: limit,
    maxMissingText: limitText(sync, cov.inScope),
  };
  return { plan, body, missing: { records: cov.missing, body }, wouldStop: refusal };
}

/**
 * The existing-record check's filtered calls, when each row is looked up alone: one a row
 * with a key to look up (an update's also reads the record it writes). A keyless row asks
 * nothing (Writer.existingIds), and those the memory says are made or held back are not
 * written. The rows an earlier run did may have been keyless: only the keyless rows past
 * their count are taken off, so the estimate errs high, never low.
 */
function filteredCalls(
  settings: RunSettings,
  writes: number,
  scan: ScannedSheet,
  keyless: KeylessRows,
  doneRows: number,
): number {
  if (settings.mode !== 'create') return writes;
  const rows = scan.scanner.keyless;
  const keylessWrites = Math.max(0, rows - Math.min(doneRows, rows) - keyless.made - keyless.held);
  return Math.max(0, writes - keylessWrites);
}

/** What the plan's writes cost besides the writes, as makePlan knows it. */
interface WriteCostInput {
  readonly writes: number;
  readonly scan: ScannedSheet;
  readonly keyless: KeylessRows;
  readonly doneRows: number;
  readonly known: Awaited<ReturnType<typeof existingRecords>>;
  /** Records keyless rows' ID cells name. */
  readonly idCells: number;
}

/** The requests the writes will take (the checks and reads they need), for the limiter and the ETA. */
function writeCost(settings: RunSettings, c: WriteCostInput) {
  const { writes, known } = c;
  const filtered = known.check?.strategy === 'filtered calls';
  const perRowChecks = filtered ? filteredCalls(settings, writes, c.scan, c.keyless, c.doneRows) : 0;
  // An update by ID reads the record before it writes (two requests a row); by key, the row's
  // filtered call reads it (perRowChecks); when the list read it, a row costs its write alone.
  const readsAlone = settings.mode === 'update' && !known.records && perRowChecks === 0;
  // A keyless row's ID cell names a record the list did not read: one read each (id-cell.ts).
  const idReads = known.existingComplete ? 0 : c.idCells;
  const calls = filtered && settings.mode === 'create' ? { calls: perRowChecks, key: settings.keyField } : {};
  return {
    idReads,
    plannedRequests: writes * (readsAlone ? 2 : 1) + perRowChecks + idReads,
    check: known.check && { ...known.check, ...calls },
  };
}

/** The journal read before the plan (and before the keyless rows are matched, which it tells apart). */
export async function journalPast(
  settings: RunSettings,
  conn: Connection,
  journaled: boolean,
): Promise<JournalPast> {
  // A dry run of an import reads the journal the run would resume, to say which rows it did.
  const reads = journaled || (settings.dryRun && !conn.sandbox && journalMayAnswer(settings));
  if (!reads) return { journaled, warnings: [] };
  const run = {
    file: settings.file,
    resource: settings.def.name,
    company: settings.company,
    baseUrl: conn.baseUrl,
    mode: settings.mode,
    onExisting: settings.onExisting,
  };
  const { state, warnings } = await priorState(settings.journalPath, settings.resume, run, !journaled);
  return { journaled, state, warnings, lastFinished: state && lastRunEnded(settings.journalPath, state) };
}

/** Whether the journal's last run ended (its run file, when it is that run's, says so and no stop). */
function lastRunEnded(journalPath: string, state: JournalState): boolean {
  const ended = latestRunFile(journalPath, state.last?.started ?? state.header?.started)?.ended;
  return ended !== undefined && !ended.stopped;
}

/** The rows the journal finished, their cells unchanged (journal-rows.ts), when it knows rows by their cells. */
function journalDoneRows(
  settings: RunSettings,
  mapping: Mapping,
  scan: ScannedSheet,
  prior: PriorRuns | undefined,
): JournalDoneRows | undefined {
  const keyed = !settings.allowDuplicates && settings.keyField !== undefined;
  return prior?.knowsCells && knowsRowsByCells(settings) && !scan.selfRefCol
    ? new JournalDoneRows(prior, printOfCells(settings, mapping, scan), scan.scanner, keyed)
    : undefined;
}

/**
 * Whether the journal finished every row of the run, its cells unchanged, read with this
 * mapping: then the mapping the journal recorded stands (recorded-mapping.ts). Asked of its
 * own copy of the journal's past, which the plan then takes rows from.
 */
export function journalDoesEveryRow(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  past: JournalPast,
): boolean {
  if (!past.state) return false;
  const done = journalDoneRows(settings, input.mapping, scan, new PriorRuns(past.state));
  return allDoneByJournal(done && { journal: done.rows }, scan.scanner);
}

/**
 * The rows known done before the lists are read: those the journal finished, their cells
 * unchanged (journal-rows.ts), and of the others those whose cells another file's or report's
 * run created a record from, as the memory of what was sent says (taken from it). A
 * keyed row whose key another row of the sheet has is left to the duplicate check. `cellsOf`:
 * how an import's rows are known to the journal (and the memory) it writes.
 */
function doneRowsOf(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  past: { readonly journaled: boolean; readonly prior?: PriorRuns },
  memory: RunMemory | undefined,
) {
  const { mapping } = input;
  const cellsOf =
    past.journaled && keepsCells(settings) ? cellsFingerprint(settings, mapping, scan) : undefined;
  const byCells = journalDoneRows(settings, mapping, scan, past.prior);
  const prints = scan.selfRefCol ? undefined : scan.scanner.prints;
  if (!prints) return { cellsOf, done: byCells ? { journal: byCells.rows } : undefined };
  const printOf = printOfCells(settings, mapping, scan);
  const keyed = !settings.allowDuplicates && settings.keyField !== undefined;
  const repeats = (row: number) => keyed && (scan.scanner.repeats.has(row) || scan.scanner.repeated.has(row));
  // A row the journal finished (by its cells, or by the body it sent) is the journal's to say.
  const left = [...prints.entries()].flatMap(([row, cells]): [number, string][] =>
    byCells?.rows.has(row) || past.prior?.finished(row) || repeats(row) ? [] : [[row, printOf(cells)]],
  );
  const known = left.length > 0 && memory ? memory.knownByCells(left) : undefined;
  const done: DoneRows = { journal: byCells?.rows, memory: known?.size ? known : undefined };
  return { cellsOf, done: done.journal || done.memory ? done : undefined };
}

/** Whether the memory knows any of the sheet's rows by their cells; undefined when the scan kept none. */
export function memoryKnowsCells(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  memory: RunMemory,
): boolean | undefined {
  const prints = scan.selfRefCol ? undefined : scan.scanner.prints;
  if (!prints) return undefined;
  const printOf = printOfCells(settings, input.mapping, scan);
  return memory.knowsAnyByCells([...prints.entries()].map(([row, cells]) => [row, printOf(cells)] as const));
}

/** A text file's encoding and delimiter, as the plan says them (a workbook has none). */
function textRead(probe: MappedInput['probe']): ImportPlan['text'] {
  if (probe.format === 'xlsx') return undefined;
  return {
    encoding: probe.encoding ?? 'utf-8',
    encodingWhy: probe.encodingWhy,
    delimiter: probe.delimiter ?? ',',
    padded: probe.padded === true,
  };
}

/**
 * The rows left that the existing-record check would look up one by one: an import's rows
 * without a key ask nothing (Writer.existingIds), unless an ID column may name records
 * (id-cell.ts); nor do keyed rows the memory knows by their cells. Errs high: the journal's
 * rows are taken off the rows left, keyed or not. None left: the check reads no list.
 */
function rowsToCheck(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  rowsLeft: number,
  byMemory: ReadonlyMap<number, SentRow> | undefined,
): number {
  if (rowsLeft <= 0) return rowsLeft;
  if (settings.mode !== 'create' || settings.sync || idCellColumn(settings, input) !== undefined)
    return rowsLeft;
  const keyedByMemory = [...(byMemory?.values() ?? [])].filter((m) => m.key !== undefined).length;
  const keyed = scan.scanner.rows - scan.scanner.keyless - keyedByMemory;
  // At least 0 with rows left: the check's first page still tells the newest id (the mark).
  return Math.max(0, Math.min(rowsLeft, keyed));
}

/**
 * What earlier runs did (pastRows), and an update's rows it need not read (as-exported.ts):
 * those its journal left done count as done rows, by their cells; those still as exported
 * are `asExported`, with the export memory (`exported`) that says so.
 */
async function pastAndUnread(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  conn: Connection,
  given: JournalPast & { readonly memory?: RunMemory },
) {
  const earlier = pastRows(settings, input, scan, given, given.memory);
  const exported = exportedOf(settings, conn.baseUrl);
  const unread = await rowsUnread(settings, input, scan, { ...earlier, exported });
  const before = unread.journaled === undefined ? earlier : { ...earlier, doneRows: unread.journaled };
  return { before, exported, asExported: unread.asExported };
}

/**
 * The records read before the plan (existingRecords), for the rows the check would look up
 * (rowsToCheck) less an update's rows still as exported: those send nothing, so their records
 * need not be read (as-exported.ts). `unread`: how many, when the list was not read whole (read
 * whole, its copies answer for them, and the plan compares every row with its own).
 */
async function recordsKnown(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  conn: Connection,
  before: { readonly done?: DoneRows },
  want: {
    readonly rowsLeft: number;
    readonly keyOf?: RecordKey;
    readonly newestId: boolean;
    readonly exported?: (id: number) => ExportedRecord | undefined;
    readonly asExported: number;
  },
) {
  const { exported, asExported } = want;
  const checked = rowsToCheck(settings, input, scan, want.rowsLeft, before.done?.memory);
  const toCheck = checked > 0 ? Math.max(0, checked - asExported) : checked;
  const keys = scan.scanner.firstRowOfKey;
  const known = {
    ...(await existingRecords(settings, conn, toCheck, want.keyOf, keys, want.newestId)),
    exported,
  };
  return { known, unread: known.existingComplete ? 0 : asExported };
}

/**
 * The highest id before the first write: a write whose answer is lost is looked for above it.
 * The existing-record check has it already (its full list, or the last page it read for it).
 * Read for any row that may be sent: a count of the rows not written is never a reason to go without it.
 */
async function markOf(
  settings: RunSettings,
  conn: Connection,
  sendable: number,
  known: { readonly maxId?: number; readonly markRequests?: number },
): Promise<{ id: number; requests: number } | undefined> {
  if (settings.dryRun || settings.mode !== 'create' || sendable <= 0) return undefined;
  if (known.maxId !== undefined) return { id: known.maxId, requests: known.markRequests ?? 0 };
  return highestId(conn.client, settings.def, settings.company);
}

/** Why the company list was not read for rows of other companies: the journal named them (companyAsRecorded). */
const JOURNAL_NAMED = 'the rows of other companies named by the company cells its last run found';

/** Why the lists were not read, the company list a repeat's journal made needless with them. */
function unreadWhy(
  scan: ScannedSheet,
  companies: CompanySplit | undefined,
  why: string | undefined,
): string | undefined {
  if (!scan.companyDeferred) return why;
  return (companies?.others.length ?? 0) > 0 ? `${why ?? DONE}; ${JOURNAL_NAMED}` : (why ?? DONE);
}

/** The lists the plan did not need: the lookups', and the company list a repeat's journal made needless. */
function unreadKinds(scan: ScannedSheet, kinds: readonly LookupKind[]): LookupKind[] | undefined {
  const all = scan.companyDeferred ? [...kinds, 'company' as const] : kinds;
  return all.length > 0 ? [...all] : undefined;
}

/**
 * What the plan says of earlier runs: what the journal resumes (nothing when every create it
 * had is gone from the service: the warning says why), `doneRows` of this sheet's rows, and
 * the records found gone (remembered-check.ts).
 */
function pastSaid(
  prior: PriorRuns | undefined,
  gone: GoneRecords | undefined,
  lastFinished: boolean | undefined,
  doneRows = prior?.doneRows ?? 0,
): Pick<ImportPlan, 'resumed' | 'gone'> {
  // Nothing done and nothing in flight: there is nothing to resume or to say.
  const nothing = doneRows === 0 && prior?.unsureRows === 0;
  const resumes = prior && !nothing;
  const finished = lastFinished ? { lastFinished: true } : {};
  const resumed = resumes ? { doneRows, inFlightRows: prior.unsureRows, ...finished } : undefined;
  if (!gone) return { resumed };
  const { newest, checked, requests } = gone.check;
  return {
    resumed,
    gone: { record: newest.id, madeAt: newest.at, gone: gone.check.gone.length, checked, requests },
  };
}

/** Where the rows are in the sheet, and the lines not rows: blank, above the header, totals, notes below the table. */
function sheetCounts(scan: ScannedSheet, probe: SheetSource) {
  return {
    counted: scan.counted,
    totalsRows: scan.scanner.totalsRows,
    noteRows: scan.scanner.noteRows,
    blankRows: probe.stats.blankRows,
    headerRow: probe.headerRow,
    aboveHeader: probe.stats.skippedAboveHeader,
  };
}

/**
 * What the plan knows of the account's other users: the share the last run got (when below
 * the limit) and whether that is known, and the runs of ours going on beside this one; and
 * the window the limit counts requests in, when not the service's minute.
 */
function shareOf(
  conn: Connection,
): Pick<ImportPlan, 'sharedRate' | 'share' | 'otherRuns' | 'rateWindowSeconds'> {
  const limiter = conn.client.limiter;
  return {
    rateWindowSeconds: limiter.windowMs === RATE_WINDOW_MS ? undefined : limiter.windowMs / 1000,
    sharedRate: limiter.rate.adapted ? Math.round(limiter.currentRate()) : undefined,
    share: conn.lastShare === undefined ? 'unknown' : 'remembered',
    otherRuns: limiter.otherRuns() || undefined,
  };
}

/** The rows earlier runs did, as the journal's past and the memory say them (doneRowsOf), and how many. */
function pastRows(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  past: JournalPast,
  memory: RunMemory | undefined,
) {
  const prior = past.state ? new PriorRuns(past.state) : undefined;
  const { cellsOf, done } = doneRowsOf(settings, input, scan, { journaled: past.journaled, prior }, memory);
  return { past, prior, cellsOf, done, ...doneCounts(settings, scan, prior, done) };
}

type PastRows = ReturnType<typeof pastRows>;

/**
 * The rows the journal did, and those the memory knows by their cells (a sheet read whole: its
 * count is final). A journal that knows rows by their cells counts this sheet's rows it
 * accounts for: those it finished with the cells they have now, and keyed rows whose key it
 * wrote (edited since, they are skipped as changed). What it did in all would also count a
 * keyless row edited since, which the keyless match holds back or creates: the plan would
 * promise fewer writes than the run makes.
 */
function doneCounts(
  settings: RunSettings,
  scan: ScannedSheet,
  prior: PriorRuns | undefined,
  done: DoneRows | undefined,
) {
  const byMemory = scan.counted ? (done?.memory?.size ?? 0) : 0;
  if (!prior || !done?.journal || !scan.counted) return { doneRows: prior?.doneRows ?? 0, byMemory };
  const rows = new Set(done.journal.keys());
  const prefix = `${settings.keyField}=`;
  for (const key of settings.keyField ? prior.doneKeys() : []) {
    const row = key.startsWith(prefix) ? scan.scanner.firstRowOfKey.get(key.slice(prefix.length)) : undefined;
    if (row !== undefined) rows.add(row);
  }
  return { doneRows: rows.size, byMemory };
}

/**
 * The rows earlier runs did, once the list read whole for the existing-record check was
 * compared with the records they made (remembered-check.ts): a row whose record the list
 * lacks is no longer done, by the journal or the memory, and is created again.
 */
function pastRowsListed(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  conn: Connection,
  did: PastRows,
  known: { readonly ids?: ReadonlySet<number>; readonly existingSince?: number },
  memory: RunMemory | undefined,
): PastRows {
  if (!known.ids || known.existingSince === undefined) return did;
  const list = { ids: known.ids, since: known.existingSince };
  const byCells = did.done?.memory;
  const sheet = {
    settings,
    scan,
    idColumn: idCellColumn(settings, input) !== undefined,
    // The rows the memory knows by their cells were taken from it already (doneRowsOf).
    knownByCells: () => (scan.selfRefCol || !scan.scanner.prints ? undefined : (byCells?.size ?? 0) > 0),
  };
  const past = checkAgainstList(sheet, conn, did.past, memory, list);
  if (past === did.past || !past.gone) return did;
  const gone = new Set(past.gone.check.gone.map((r) => r.id));
  const prior = past.state ? new PriorRuns(past.state) : undefined;
  const journal = journalDoneRows(settings, input.mapping, scan, prior)?.rows;
  const kept = [...(byCells ?? [])].filter(([, sent]) => !gone.has(sent.id));
  const done: DoneRows = { journal, memory: kept.length > 0 ? new Map(kept) : undefined };
  const some = done.journal || done.memory ? done : undefined;
  return { past, prior, cellsOf: did.cellsOf, done: some, ...doneCounts(settings, scan, prior, some) };
}

/** `keylessOf`: the sheet's keyless rows as the memory knows them (preview.ts), once the lists are read. */
export async function makePlan(
  settings: RunSettings,
  input: MappedInput,
  scan: ScannedSheet,
  conn: Connection,
  given: JournalPast & { readonly memory?: RunMemory },
  keylessOf: (listed: ListedRecords, done?: DoneRows, state?: JournalState) => Promise<KeylessRows>,
): Promise<PlannedRun> {
  const { def, mode, dryRun } = settings;
  const { probe, mapping, resolver } = input;
  const rows = scan.scanner.rows;
  const companies = companySplitOf(settings, input, scan);
  // Rows of other companies are not sent.
  const elsewhere = companies?.others.reduce((n, o) => n + o.rows, 0) ?? 0;
  // A dry run checks too (list requests only), so it can say which rows would be skipped.
  const keyOf = customRecordKey(mapping, settings.keyField);
  const { before, exported, asExported } = await pastAndUnread(settings, input, scan, conn, given);
  // Rows the memory knows by their cells need no existing-record check.
  const notDone = Math.max(0, rows - before.doneRows - before.byMemory);
  // Another company's rows are left for its run: nothing to look up for them (a sync's list is read whole).
  const rowsLeft = notDone - (settings.sync ? 0 : elsewhere);
  // A create that may be sent needs the newest id (the mark): the check reads it, or its full list has it.
  const newestId = !dryRun && mode === 'create' && notDone - elsewhere > 0;
  const want = { rowsLeft, keyOf, newestId, exported, asExported };
  const { known, unread } = await recordsKnown(settings, input, scan, conn, before, want);
  // The list read whole answers for the records earlier runs made before it: those it lacks are gone.
  const listed = pastRowsListed(settings, input, scan, conn, before, known, given.memory);
  const { past, prior, cellsOf, done, doneRows, byMemory } = listed;
  const { journaled, state } = past;
  const lists = scan.lookupsLoaded
    ? { kinds: [] }
    : await loadLookups(settings, input, scan, defersLookups(settings) ? known : undefined, done);
  const keyless = await keylessOf(known, done, state);
  const synced = settings.sync
    ? await syncPlan(settings, input, scan, known.records, keyless, keyOf)
    : undefined;
  const sendable = dryRun
    ? 0
    : Math.max(0, rows - elsewhere - doneRows - byMemory) + (synced?.body ? synced.plan.missing : 0);
  const unwritten = unwrittenRows(settings, {
    rows: rows - elsewhere,
    prior,
    doneRows,
    existing: known.existing,
    existingComplete: known.existingComplete,
    records: known.records,
    sheetKeys: scan.scanner.firstRowOfKey,
    keyless,
    byMemory: done?.memory,
  });
  const writes = Math.max(0, sendable - notWrittenLeft(unwritten) - unread);
  const mark = await markOf(settings, conn, sendable, known);
  const idCells = new Set(keyless.idCells.map((c) => c.id)).size;
  const cost = writeCost(settings, { writes, scan, keyless, doneRows, known, idCells });
  const { idReads, plannedRequests } = cost;
  const plan: ImportPlan = {
    target: writeTarget(settings.connection),
    file: settings.file,
    sheet: probe.sheet,
    resource: def.name,
    rows,
    ...sheetCounts(scan, probe),
    mode,
    text: textRead(probe),
    mapped: mapping.columns.map((c) => ({ header: c.header, field: targetName(c.target), how: c.how })),
    mappedAsRecorded: input.replayed || undefined,
    built: mapping.fallback,
    builtWhenEmpty: blankFilled(mapping, scan.scanner.blankFilled),
    placeholders: placeholdersRead(mapping, scan.scanner),
    placeholderNames: placeholdersRead(mapping, scan.scanner, true),
    decimals: decimalNotesOf(scan.scanner),
    ...datesRead(scan),
    unmapped: unmappedColumns(mapping, probe.headers, settings),
    createOnly: mapping.createOnly?.map((c) => ({ header: c.header, field: c.field })),
    warnings: [...probe.warnings.map((w) => w.message), ...mapping.warnings, ...past.warnings],
    lookups: [...resolver.plan],
    lookupsUnread: unreadKinds(scan, lists.kinds),
    lookupsUnreadWhy: unreadWhy(scan, companies, lists.why),
    lookupRequests: resolver.requests,
    existingCheck: cost.check,
    idCellReads: idReads > 0 ? idReads : undefined,
    markRequests: mark?.requests,
    writes,
    unwritten,
    asExported: unread > 0 ? unread : undefined,
    dryRun,
    rateLimit: settings.connection.rateLimit,
    etaSeconds: Math.round(conn.client.limiter.estimateMs(plannedRequests) / 1000),
    // This sheet's rows, not the journal's attempts: a row edited and sent again by each run is one.
    ...pastSaid(prior, past.gone, past.lastFinished, doneRows),
    sync: synced?.plan,
    companies,
    report: settings.reportPath,
    ...shareOf(conn),
  };
  return {
    plan,
    journaled,
    state,
    prior,
    existing: known.existing,
    existingComplete: known.existingComplete,
    existingSince: known.existingSince,
    records: known.records,
    exported: known.exported,
    listedIds: known.existingComplete ? known.ids : undefined,
    missing: synced?.missing,
    wouldStop: synced?.wouldStop,
    mark: mark?.id,
    cellsOf,
    journalDone: done?.journal,
    memoryDone: done?.memory,
    gone: past.gone,
    plannedRequests,
    // The progress line's ETA spreads the writes over the rows that may be sent, as they are reached.
    requestsPerRow: sendable > 0 ? plannedRequests / sendable : 0,
  };
}

/** The plan's word on the date columns the export or the rest of the sheet settled, with why. */
function datesRead(scan: ScannedSheet): Pick<ImportPlan, 'datesByExport' | 'datesInferred'> {
  const inferred = [...scan.dateInferences.values()].map((d) => ({
    column: d.column,
    order: d.order,
    by: d.by,
    reason: inferenceReason(d),
  }));
  return {
    datesByExport: nonEmptyList(scan.scanner.exportDateNotes()),
    datesInferred: nonEmptyList(inferred),
  };
}
