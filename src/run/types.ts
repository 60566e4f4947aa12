// What an import run is given (ImportOptions), what it shows before the first write
// (ImportPlan), what it reports while it runs (RunProgress) and at the end (ImportSummary).
import type { Logger } from 'pino';
import type { BuiltFallback } from '../map/built-fallback.js';
import type { ConnectionConfig, WriteTarget } from '../config.js';
import type { Connection } from '../connect.js';
import type { ErrorCode } from '../errors.js';
import type { LookupKind, WriteMode } from '../resources/fields.js';
import type { MappingFile } from '../map/headers.js';
import type { OnExisting } from '../send/writer.js';
import type { RowOutcome, RowStatus } from '../report/report.js';
import type { JournalState } from '../send/journal.js';
import type { ExportDateNote } from './export-dates.js';
import type { GoneRecords } from '../send/gone-records.js';

/** Rows a one-pass dry run reads ahead (and holds) to learn date orders and names first. */
export const LOOKAHEAD_ROWS = 20_000;

export interface ImportOptions {
  readonly file: string;
  readonly resource: string;
  readonly connection: ConnectionConfig;
  readonly dryRun?: boolean;
  readonly sheet?: string | number;
  /** 1-based header row; 0 (NO_HEADER_ROW): the file has none, columns are named A, B, C … */
  readonly headerRow?: number;
  readonly mappingPath?: string;
  readonly mapping?: MappingFile;
  /** A mapping preset shipped in templates/presets (generic-legacy, snipe-it, assetbatch-export …). */
  readonly preset?: string;
  /** Values for fields a row leaves empty (--default), over the mapping file's "defaults". */
  readonly defaults?: Readonly<Record<string, string>>;
  readonly dateFormat?: string;
  /** A name a lookup list lacks: "fail" (default), "blank" or "default:NAME", for every lookup the mapping file does not set. */
  readonly unmatched?: string;
  readonly concurrency?: number;
  readonly uniqueField?: 'name' | 'serial_number';
  readonly onExisting?: OnExisting;
  /** Allow two rows with the same natural key (normally the second is skipped). */
  readonly allowDuplicates?: boolean;
  /** Create a row without a key that resembles a record an earlier run created (normally held back, W_RESEMBLES). */
  readonly createResembling?: boolean;
  /** Default `<input>.report.csv`; a dry run's `<input>.check.csv` (a real run's report is not replaced). */
  readonly reportPath?: string;
  /** A workbook's sheet: the report its real run writes, beside which is the journal a dry run reads (default: reportPath). */
  readonly realReportPath?: string;
  /** Resume from the journal (default: yes when one exists for this input). */
  readonly resume?: boolean;
  readonly refreshLookups?: boolean;
  readonly lookupCacheDir?: string;
  readonly logger?: Logger;
  /** Called with each row's outcome, in input order. */
  readonly onRow?: (outcome: RowOutcome) => void;
  /** Called once, before any write, with the plan. */
  readonly onPlan?: (plan: ImportPlan) => void;
  /** `total` is unknown while a one-pass dry run of a long sheet is still reading it. */
  readonly onProgress?: (progress: RunProgress) => void;
  /**
   * An update's or a sync's rows compared with their listed records before the plan (the
   * sheet read once more, nothing sent): rows read so far, of `total` when the sheet was counted.
   */
  readonly onCompareProgress?: (progress: { readonly done: number; readonly total?: number }) => void;
  /** Stops the run cleanly when aborted: rows not sent are reported as not sent. */
  readonly signal?: AbortSignal;
  /** Called when the run starts a wait of more than a few seconds for the account's rate limit. */
  readonly onWait?: (ms: number) => void;
  /**
   * Called once a run (a workbook's too, whatever its sheets) when a create has waited about a
   * second for the lock on the memory of what was sent (`lockPath`, a folder): another run
   * holds it, or a run stopped while it held it left it behind, which is taken over
   * `freeAfterMs` after it was last touched.
   */
  readonly onLockWait?: (lockPath: string, freeAfterMs: number) => void;
  /** Options for an in-process sandbox (latency, faults) — tests and rehearsals. */
  readonly sandboxOptions?: Record<string, unknown>;
  /** Use an existing connection instead of opening one. */
  readonly connectionOverride?: Connection;
  /** create (import) or update (find each row's record, merge, PATCH the changes or PUT). Default create. */
  readonly mode?: WriteMode;
  /** Updates: blank the fields whose cell is empty. */
  readonly clearEmpty?: boolean;
  /** Updates: send the sheet as the whole record (no merge). */
  readonly replace?: boolean;
  /**
   * Workbooks: keys of rows that failed in sheets imported before this one, by lookup
   * kind (customer name, contract number, lower case) → why. A row referring to one is
   * skipped with that reason instead of reported as "not found".
   */
  readonly failedRefs?: ReadonlyMap<LookupKind, ReadonlyMap<string, string>>;
  /**
   * Workbooks in a dry run: keys of valid rows of sheets checked before this one (customer
   * names, contract numbers). Nothing was created, but these would be: they resolve.
   */
  readonly knownRefs?: ReadonlyMap<LookupKind, readonly string[]>;
  /**
   * Dry runs of creates read the sheet once (default); false reads it twice, as imports
   * do, so that the plan has the full count before the first row is checked.
   */
  readonly onePass?: boolean;
  /** One-pass runs: the rows read ahead before checking starts. Default LOOKAHEAD_ROWS. */
  readonly lookaheadRows?: number;
  /** `assetbatch sync`: make the service match the sheet for the records it covers. */
  readonly sync?: SyncOptions;
}

/** What `sync` does with a record the sheet no longer has (within the scope). */
export type MissingAction =
  /** Listed in the plan and the report; nothing is written (the default). */
  | { readonly kind: 'report' }
  /** Contracts: status archived. */
  | { readonly kind: 'archive' }
  /** One field set to a value (a lookup's value by name), e.g. asset_usage_status = Retired. */
  | { readonly kind: 'set'; readonly field: string; readonly value: string };

export interface SyncOptions {
  /**
   * The field rows are matched on (default: the resource's key field): a field's name or
   * label; `id` for an export's ID column; a custom field's label, or `custom:LABEL`.
   */
  readonly key?: string;
  /** Only records whose FIELD is VALUE are the sheet's: the others are never missing. */
  readonly scope?: { readonly field: string; readonly value: string };
  readonly missing?: MissingAction;
  /** Past this many missing records (a count, or a share of the records in scope) nothing is written. Default 5%. */
  readonly maxMissing?: { readonly count: number } | { readonly percent: number };
  /**
   * A field both the sheet and someone in the service changed since the last run is a
   * conflict, not written (default, 'service'); 'sheet' writes the sheet's value.
   */
  readonly prefer?: 'sheet' | 'service';
}

/** A record the sheet no longer has, as the plan and the report name it. */
export interface MissingRecord {
  readonly id: number;
  readonly key: string;
  readonly name?: string;
}

/** What the progress line shows; the costlier figures are computed only when asked. */
export interface RunProgress {
  readonly done: number;
  /** Unknown while a one-pass dry run of a long sheet is still reading it. */
  readonly total?: number;
  readonly requests: number;
  /** Requests the account's window still has for us now. */
  readonly windowLeft?: () => number;
  /** Time until the last request of the rows left is sent, by the limiter's own rule. */
  readonly etaMs?: () => number | undefined;
}

/** A register's company column: its rows by company, as the plan and the summary say them. */
export interface CompanySplit {
  /** The column's header. */
  readonly column: string;
  /**
   * Rows of the run's company (named, given by id, or an empty cell): loaded by this run.
   * `empty`: those of an empty cell, which a run with another --company would load too.
   */
  readonly run: {
    readonly id: number;
    /** As the company list, the lookup cache or the journal's last run recorded it. */
    readonly name?: string;
    /** Why only the id is known (no name): the company list unread, and no record of the name. */
    readonly nameUnknown?: string;
    readonly rows: number;
    readonly empty: number;
  };
  /** Rows of other companies: not sent, each left for a run with its --company. */
  readonly others: readonly { readonly id: number; readonly name: string; readonly rows: number }[];
  /** Rows whose cell names no company of the account: invalid. */
  readonly unknown: number;
}

export interface ImportPlan {
  /** Where the run writes (service, company, profile): the plan's first line. */
  readonly target: WriteTarget;
  readonly file: string;
  readonly sheet?: string;
  readonly resource: string;
  /** Data rows; while `counted` is false, only those of the look-ahead (the sheet has more). */
  readonly rows: number;
  /** False for a one-pass dry run of a sheet longer than its look-ahead: counts are so far. */
  readonly counted: boolean;
  readonly totalsRows: number;
  /** Lines below the table taken for notes ("Exported from … on …", "Page 1 of 1"): skipped, not in `rows`. */
  readonly noteRows: number;
  readonly blankRows: number;
  readonly headerRow: number;
  /** Rows with text above the header (titles, notes), skipped. */
  readonly aboveHeader: number;
  /** CSV/TSV: how the text was read, and why (the encoding's reason), for the plan to state. */
  readonly text?: {
    readonly encoding: string;
    readonly encodingWhy?: string;
    readonly delimiter: string;
    readonly padded: boolean;
  };
  readonly mode: WriteMode;
  readonly mapped: readonly { header: string; field: string; how: string }[];
  /**
   * The columns were mapped as the last run of this import mapped them (its journal keeps what
   * the service's lists and custom fields told that mapping), none read: its journal did every row.
   */
  readonly mappedAsRecorded?: true;
  /**
   * A required field no column gives, built from the row's other columns (an asset's name
   * from its make and model): the template and its columns. A mapping file's "columns" or
   * "fields" chooses otherwise; `maybe`: an unmapped column whose values look like the field's.
   */
  readonly built?: BuiltFallback;
  /**
   * The required field's column has empty cells (`rows` of them): those rows' field is built
   * from the row as `built` would be, each with a W_NAME_BUILT warning.
   */
  readonly builtWhenEmpty?: {
    readonly field: string;
    readonly column: string;
    readonly template: string;
    readonly columns: readonly string[];
    readonly rows: number;
  };
  /**
   * Placeholder cells ("N/A", "-", "k.A.") read as empty for their field, by column (the
   * sheet's order): how many, and the spellings met. Each such row has W_PLACEHOLDER.
   */
  readonly placeholders?: readonly {
    readonly column: string;
    readonly field: string;
    readonly cells: number;
    readonly spellings: readonly string[];
  }[];
  /**
   * Placeholder words ("Unknown", "none", "inconnu") a name column kept as names, as
   * `placeholders` counts them: in a name only the marks ("-", "?", "N/A", "k.A.") read as empty.
   */
  readonly placeholderNames?: ImportPlan['placeholders'];
  /** Amount columns whose cells that read two ways ("12.500") their other cells settle, or do not (both marks). */
  readonly decimals?: readonly DecimalNote[];
  /** Date columns whose dates all read both ways, read in the order the export the sheet came from shows. */
  readonly datesByExport?: readonly ExportDateNote[];
  /**
   * Date columns whose dates all read both ways, read in the order the sheet's other date
   * columns show (`by: 'sheet'`) or its headers' language writes (`by: 'language'`): each such
   * date is said on its row (W_DATE_ORDER_INFERRED, W_DATE_ORDER_ASSUMED).
   */
  readonly datesInferred?: readonly {
    readonly column: string;
    readonly order: 'DMY' | 'MDY';
    readonly by: 'sheet' | 'language';
    /** Why, in words: "the sheet's other date columns are day-first (…)". */
    readonly reason: string;
  }[];
  /** `fix`: what to do instead of mapping the column (an ID column: the commands that match on it). */
  readonly unmapped: readonly {
    header: string;
    suggestion?: string;
    /** The suggestion is a guess to check: said as "maybe". */
    maybe?: true;
    why?: string;
    fix?: string;
  }[];
  /** Update runs: columns whose field is set at creation only; an update leaves it as it is. */
  readonly createOnly?: readonly { header: string; field: string }[];
  readonly warnings: readonly string[];
  readonly lookups: readonly { kind: string; names: number; strategy: string; requests: number }[];
  readonly lookupRequests: number;
  /**
   * A run whose records were listed, or whose journal knows rows by their cells: the lookup
   * lists of the sheet's columns not read, every cell of theirs naming what its record already
   * has (an import's: in a row already there), or in a row the journal did, unchanged.
   */
  readonly lookupsUnread?: readonly string[];
  /** Why lookupsUnread were not needed, as the plan says it. */
  readonly lookupsUnreadWhy?: string;
  /**
   * How the rows' records are found: the list's pages read (requests), or (filtered calls)
   * an import's calls to come, one a row to write with a `key` (`calls`; keyless rows ask none).
   */
  readonly existingCheck?: { strategy: string; requests: number; calls?: number; key?: string };
  /** Requests spent learning the highest record id before the first write (recovery's mark). */
  readonly markRequests?: number;
  readonly writes: number;
  /**
   * An update's rows still as an export showed their records (as-exported.ts), when the list
   * was not read whole: they send nothing, their records are not read, and `writes` leaves them out.
   */
  readonly asExported?: number;
  /**
   * Updates and syncs whose records were listed before the plan: every row compared with its
   * record first, so `writes` is exact (rows to create and to update; the rest send nothing).
   * Absent: `writes` is an upper bound (a row is compared as it is reached).
   */
  readonly compared?: {
    readonly create: number;
    readonly update: number;
    readonly unchanged: number;
    readonly other: number;
  };
  /**
   * An import's rows known before the run not to be written, so that `writes` and the ETA are
   * for the rows left: `journal`, done by an earlier run of this import; `listed`, keyed rows
   * whose key (`key`) a record listed before the run has; `made`, keyless rows an earlier run
   * made from the same values (the memory of what was sent); `held`, keyless rows like a record
   * an earlier run made, held back (--create-resembling creates them). Absent: none known.
   */
  readonly unwritten?: {
    readonly journal: number;
    /**
     * Rows whose cells an earlier import of another file or report created a record from (the
     * memory of what was sent), apart from the journal's; absent: none.
     */
    readonly memory?: number;
    readonly listed: number;
    readonly key?: string;
    readonly made: number;
    readonly held: number;
    /**
     * Rows without a key whose ID cell names a listed record of the same name: skipped or held
     * back; refused under --on-existing error (`byIdRefused`); under --on-existing update they
     * are writes, not counted here.
     */
    readonly byId: number;
    readonly byIdRefused?: true;
  };
  /**
   * An import's keyless rows with an ID cell whose records the run reads, a request each (the
   * list was not read whole for the existing-record check); absent: none.
   */
  readonly idCellReads?: number;
  readonly dryRun: boolean;
  /** Requests the account may make in its window: a minute, or `rateWindowSeconds`. */
  readonly rateLimit: number;
  /** The window `rateLimit` counts requests in, in seconds, when not the service's minute (ASSETBATCH_RATE_WINDOW, config `rateWindow`). */
  readonly rateWindowSeconds?: number;
  readonly etaSeconds: number;
  /** The journal's rows done by earlier runs; `lastFinished`: its last run ended, not stopped (a run again, not a resume). */
  readonly resumed?: { doneRows: number; inFlightRows: number; lastFinished?: boolean };
  /**
   * The service no longer has `record`, which an earlier run made (at `madeAt`): the `checked`
   * records the memory and the journal hold were checked against it (`requests`), and the rows
   * of the `gone` ones are created again. Absent: the newest is there (or none was remembered).
   */
  readonly gone?: {
    readonly record: number;
    readonly madeAt?: string;
    readonly gone: number;
    readonly checked: number;
    readonly requests: number;
  };
  /** A sync: rows matched to records, rows that are new, and the records the sheet no longer has. */
  readonly sync?: {
    readonly key: string;
    readonly matched: number;
    readonly new: number;
    /**
     * Rows without a key, and the records they match (the rest are created): `matched` all,
     * of which `byId` by the row's ID cell (a record of its name), the others the memory's.
     */
    readonly keyless: { readonly rows: number; readonly matched: number; readonly byId: number };
    readonly inScope: number;
    readonly missing: number;
    readonly firstMissing: readonly MissingRecord[];
    readonly action: MissingAction;
    /** --max-missing as a number of records (a percentage worked out on the records in scope). */
    readonly maxMissing: number;
    /** --max-missing as the run says it: `5% of 9 = 0`, or `20` when given as a count. */
    readonly maxMissingText: string;
  };
  /** A register's company column: which rows this run loads, which are left for another company's run. */
  readonly companies?: CompanySplit;
  /** Where the report goes (a CSV report grows at `<report>.<pid>.part` meanwhile). */
  readonly report?: string;
  /** Requests a minute the run starts at when below the limit: the share of the account an earlier run got. */
  readonly sharedRate?: number;
  /** Other runs of this user going on against the account when the plan was made: the limit is shared with them. */
  readonly otherRuns?: number;
  /**
   * Whether the ETA knows the account's use by others: 'remembered' (a run in the last hour
   * measured it, all of the limit or a share), or 'unknown' (no such run: the ETA assumes the
   * whole limit, and the service tells nothing of others' use before its first 429).
   */
  readonly share: 'remembered' | 'unknown';
}

export interface ImportSummary {
  readonly file: string;
  readonly resource: string;
  readonly dryRun: boolean;
  readonly rows: number;
  readonly counts: Record<RowStatus, number>;
  readonly requests: number;
  readonly throttled: number;
  readonly retries: number;
  readonly recovered: number;
  readonly durationMs: number;
  /** Rows with an outcome a second (a stopped run's rows not sent are left out). */
  readonly rowsPerSecond: number;
  readonly report?: string;
  readonly journal?: string;
  readonly stopped?: { code: string; message: string };
  /**
   * A dry run: the refusal a real run of the same sheet would stop with before any write (a
   * sync past --max-missing). Its code sets the exit code, as it would the real run's.
   */
  readonly wouldStop?: { code: ErrorCode; message: string; hint?: string };
  /** Rows whose shape the reader repaired on a guess (flagged W_ROW_REPAIRED in the report): the exit code is not 0. */
  readonly repairedRows: number;
  /** Rows where a name a lookup list lacks was left empty or set to the default (W_UNMATCHED in the report): the exit code is not 0. */
  readonly unmatchedRows: number;
  /**
   * Rows without a key held back as like a record an earlier run created, or as the record
   * their ID cell names with some cells changed (an export imported back) (W_RESEMBLES): the
   * exit code is not 0.
   */
  readonly resemblingRows: number;
  /** Of resemblingRows, those held back by the record their ID cell names. */
  readonly resemblingById: number;
  /**
   * Rows whose key (a serial number …) an earlier row has, with other values: not sent,
   * since which of the two is right is the user's call (W_KEY_CONFLICT): the exit code is not 0.
   */
  readonly keyConflictRows: number;
  /**
   * Rows of an exported sheet sent back with cells that still had the exported value while
   * the record's changed in the service since the export: those cells were kept as the
   * service has them, not sent (W_KEPT_SINCE_EXPORT in the report). The exit code is not moved.
   */
  readonly keptRows: number;
  /**
   * Rows with a date that reads both ways read day-first because the headers are in a
   * day-first language, and nothing in the sheet showed it (W_DATE_ORDER_ASSUMED): a guess,
   * so the exit code is not 0.
   */
  readonly assumedDateRows: number;
  /**
   * Rows skipped because their values changed since an earlier run created the record: the
   * record keeps the earlier values (`assetbatch update` changes it). The exit code is not moved.
   */
  readonly changedRows: number;
  /**
   * A register's company column, every row counted: rows of other companies were left for a
   * run of their own (the exit code is not 0: this run did not load the whole file).
   */
  readonly companies?: CompanySplit;
  /** The plan's warnings and those met while sending (runWarnings). */
  readonly warnings: readonly string[];
  /** Warnings met while sending, after the plan was shown (e.g. the service refused PATCH): each once. */
  readonly runWarnings: readonly string[];
  readonly plan: ImportPlan;
}

/** A cell of the sheet, as the plan names it: its text and row. */
export interface AmountCell {
  readonly text: string;
  readonly row: number;
}

/**
 * An amount column with cells that alone read two ways ("12.500"): the first cell showing a
 * decimal comma, and a decimal point. One of them: those cells read by it; both: cell by cell.
 */
export interface DecimalNote {
  readonly column: string;
  readonly comma?: AmountCell;
  readonly point?: AmountCell;
  readonly unclear: number;
  readonly firstUnclear: AmountCell;
}

/** What earlier runs of this import left: the journal (when this run locked it) and what the plan says of it. */
export interface JournalPast {
  /** The journal is locked by this run (an import, not a dry run, not an in-process sandbox). */
  readonly journaled: boolean;
  /** The journal's past: the run's, or a dry run's, read and left as it is. */
  readonly state?: JournalState;
  /** The journal's last run ended (its run file says so) rather than stopped part-way. */
  readonly lastFinished?: boolean;
  readonly warnings: readonly string[];
  /** Records earlier runs made that the service no longer has (remembered-check.ts): their rows are created again. */
  readonly gone?: GoneRecords;
}
