// Errors are data: one base class with a stable code, a location in the user's
// spreadsheet and a message written for a spreadsheet user. The CLI maps codes to
// exit codes through the single table at the bottom of this file.

/** Where in the user's input a problem is. Every part is optional: fill what applies. */
export interface Location {
  file?: string;
  sheet?: string;
  /** Row number as the user sees it in the spreadsheet (1-based, header row included). */
  row?: number;
  /** Column header as written in the spreadsheet. */
  column?: string;
  /** Service field name (dot path for nested fields, e.g. contact_person.email). */
  field?: string;
  /** Line in a text file, when it differs from the row (quoted newlines). */
  line?: number;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- read only as a type: ErrorCode
const ErrorCodes = {
  // usage and configuration (exit 2)
  E_USAGE: 'E_USAGE',
  E_CONFIG: 'E_CONFIG',
  E_INSECURE_URL: 'E_INSECURE_URL',
  // another run holds the input's journal; a journal that cannot be trusted (exit 2: nothing is sent)
  E_LOCKED: 'E_LOCKED',
  /** A sync would act on more records missing from the sheet than --max-missing allows (exit 2: nothing is sent). */
  E_SYNC_TOO_MANY_MISSING: 'E_SYNC_TOO_MANY_MISSING',
  E_JOURNAL_DAMAGED: 'E_JOURNAL_DAMAGED',
  /** A run stopped part-way resumed with another --on-existing (exit 2: nothing is sent). */
  E_RESUME_ON_EXISTING: 'E_RESUME_ON_EXISTING',
  // the journal's folder or the memory of what was sent (the state folder) cannot be written (exit 2: nothing is sent)
  E_STATE_UNWRITABLE: 'E_STATE_UNWRITABLE',
  // files (exit 2)
  E_FILE_NOT_FOUND: 'E_FILE_NOT_FOUND',
  E_FILE_EMPTY: 'E_FILE_EMPTY',
  E_FILE_FORMAT: 'E_FILE_FORMAT',
  E_FILE_UNSUPPORTED: 'E_FILE_UNSUPPORTED',
  E_FILE_TOO_LARGE: 'E_FILE_TOO_LARGE',
  E_FILE_ENCRYPTED: 'E_FILE_ENCRYPTED',
  E_FILE_CORRUPT: 'E_FILE_CORRUPT',
  // a file or folder of ours the file system would not let us use (read-only, permissions, immutable)
  E_FILE_ACCESS: 'E_FILE_ACCESS',
  E_CSV_PARSE: 'E_CSV_PARSE',
  E_SHEET_NOT_FOUND: 'E_SHEET_NOT_FOUND',
  E_HEADER_NOT_FOUND: 'E_HEADER_NOT_FOUND',
  // mapping (exit 2: nothing is sent)
  E_MAPPING_FILE: 'E_MAPPING_FILE',
  E_MAPPING_UNKNOWN_FIELD: 'E_MAPPING_UNKNOWN_FIELD',
  E_MAPPING_REQUIRED_FIELD: 'E_MAPPING_REQUIRED_FIELD',
  E_MAPPING_DUPLICATE_HEADER: 'E_MAPPING_DUPLICATE_HEADER',
  /** A value table or a default names something the service does not have. */
  E_MAPPING_VALUE: 'E_MAPPING_VALUE',
  E_DATE_AMBIGUOUS: 'E_DATE_AMBIGUOUS',
  // row problems (collected as issues, exit 1)
  E_VALUE_INVALID: 'E_VALUE_INVALID',
  E_VALUE_REQUIRED: 'E_VALUE_REQUIRED',
  E_VALUE_TOO_LONG: 'E_VALUE_TOO_LONG',
  E_VALUE_OUT_OF_RANGE: 'E_VALUE_OUT_OF_RANGE',
  E_RULE: 'E_RULE',
  E_LOOKUP_NOT_FOUND: 'E_LOOKUP_NOT_FOUND',
  E_LOOKUP_AMBIGUOUS: 'E_LOOKUP_AMBIGUOUS',
  E_DUPLICATE_ROW: 'E_DUPLICATE_ROW',
  /** A line at the end of the sheet that may be a note, not a record (validate/below-table.ts): invalid, the user says which. */
  E_ROW_NOT_RECORD: 'E_ROW_NOT_RECORD',
  /** An update's ID cell names one record and the row's key (or name and key) another: another tool's ids. */
  E_ID_MISMATCH: 'E_ID_MISMATCH',
  E_SERVICE_REJECTED: 'E_SERVICE_REJECTED',
  // the service (exit 3 when it stops the run)
  E_HTTP_AUTH: 'E_HTTP_AUTH',
  E_HTTP_RATE_LIMITED: 'E_HTTP_RATE_LIMITED',
  E_HTTP_SERVER: 'E_HTTP_SERVER',
  E_HTTP_NOT_FOUND: 'E_HTTP_NOT_FOUND',
  E_HTTP_BAD_REQUEST: 'E_HTTP_BAD_REQUEST',
  E_HTTP_UNEXPECTED: 'E_HTTP_UNEXPECTED',
  E_NETWORK: 'E_NETWORK',
  E_UNREACHABLE: 'E_UNREACHABLE',
  E_INTERRUPTED: 'E_INTERRUPTED',
  // writing our own files (the report, an export) failed: a full disk, a quota (exit 3)
  E_DISK_FULL: 'E_DISK_FULL',
  E_FILE_WRITE: 'E_FILE_WRITE',
  // the journal was deleted while the run wrote it (exit 3: the run stops)
  E_JOURNAL_GONE: 'E_JOURNAL_GONE',
  /** Another run held the memory's lock past the wait (exit 3: the rows waiting for it are not sent). */
  E_MEMORY_LOCKED: 'E_MEMORY_LOCKED',
  E_INTERNAL: 'E_INTERNAL',
  // warnings (never stop anything)
  W_READ: 'W_READ',
  /** The reader changed a row's shape on a guess (split a runaway quote, dropped cells past the header): exit 1. */
  W_ROW_REPAIRED: 'W_ROW_REPAIRED',
  /** A name the service's list lacks, left empty or replaced by the default (--unmatched blank|default:NAME): exit 1. */
  W_UNMATCHED: 'W_UNMATCHED',
  /** A row without a key like a record an earlier run created (a few cells changed): not created, exit 1. */
  W_RESEMBLES: 'W_RESEMBLES',
  /** A row whose key an earlier row has, with other values: not sent (which is right is the user's call), exit 1. */
  W_KEY_CONFLICT: 'W_KEY_CONFLICT',
  /** A value the mapping file's value table maps to empty: the field is left out (a note, as asked). */
  W_LEFT_EMPTY: 'W_LEFT_EMPTY',
  /** An empty cell of the name column, built from the row as the plan said ("{Make} {Model}"): a note, exit as usual. */
  W_NAME_BUILT: 'W_NAME_BUILT',
  /** A placeholder cell ("N/A", "-", "k.A.") read as empty for its field, as the plan said: a note, exit as usual. */
  W_PLACEHOLDER: 'W_PLACEHOLDER',
  /**
   * A cell of an exported sheet sent back that still has the exported value, while the record's
   * changed in the service since the export: kept as the service has it, not sent (a note, exit as usual).
   */
  W_KEPT_SINCE_EXPORT: 'W_KEPT_SINCE_EXPORT',
  /** A date that reads both ways, read in the order the sheet's other date columns show, as the plan said: a note, exit as usual. */
  W_DATE_ORDER_INFERRED: 'W_DATE_ORDER_INFERRED',
  /** A date that reads both ways, read day-first because the headers are in a day-first language: a guess, exit 1. */
  W_DATE_ORDER_ASSUMED: 'W_DATE_ORDER_ASSUMED',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export class AssetbatchError extends Error {
  readonly code: ErrorCode;
  readonly location: Location;
  readonly hint?: string;
  readonly details?: unknown;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { location?: Location; hint?: string; cause?: unknown; details?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AssetbatchError';
    this.code = code;
    this.location = opts.location ?? {};
    this.hint = opts.hint;
    this.details = opts.details;
  }

  /** The message with its location in front and the hint after, as the CLI prints it. */
  describe(): string {
    const where = formatLocation(this.location);
    const text = where ? `${where}: ${this.message}` : this.message;
    return this.hint ? `${text}\n  hint: ${this.hint}` : text;
  }
}

function formatLocation(loc: Location): string {
  const parts: string[] = [];
  if (loc.file) parts.push(loc.file);
  if (loc.sheet) parts.push(`sheet "${loc.sheet}"`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.line !== undefined && loc.line !== loc.row) parts.push(`line ${loc.line}`);
  if (loc.column !== undefined) parts.push(`column "${loc.column}"`);
  if (loc.field !== undefined && loc.field !== loc.column) parts.push(`field ${loc.field}`);
  return parts.join(', ');
}

export function isAssetbatchError(e: unknown): e is AssetbatchError {
  return e instanceof AssetbatchError;
}

/** Exit codes: 0 all rows ok; 1 some rows invalid or failed; 2 usage, configuration or file error; 3 stopped. */
export const ExitCode = { OK: 0, ROWS_FAILED: 1, USAGE: 2, STOPPED: 3 } as const;

const STOPPING: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'E_HTTP_AUTH',
  'E_UNREACHABLE',
  'E_NETWORK',
  'E_HTTP_SERVER',
  'E_HTTP_RATE_LIMITED',
  'E_HTTP_UNEXPECTED',
  'E_HTTP_NOT_FOUND',
  'E_HTTP_BAD_REQUEST',
  'E_INTERRUPTED',
  'E_DISK_FULL',
  'E_FILE_WRITE',
  'E_JOURNAL_GONE',
  'E_MEMORY_LOCKED',
]);

/** What the file system said, for a spreadsheet user: the one table of its refusals. */
const FILE_SYSTEM_REFUSALS: Readonly<Record<string, string>> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'not permitted (the file or its folder may be immutable, or locked by another program)',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOENT: 'its folder does not exist',
  ENAMETOOLONG: 'the path is too long',
  EBUSY: 'it is in use by another program',
  ETXTBSY: 'it is in use by another program',
  EMFILE: 'too many files are open',
};

const WAY_OUT =
  'Write somewhere you can (--report, or --output for an export: the journal and its lock are kept beside the report), or free the folder (chmod u+w, chattr -i, space on the disk), and run the same command again.';

/**
 * A refusal of the file system (read-only, permissions, immutable, full) as the user's
 * problem, naming the path and the way out; undefined for any other error. Before any
 * write to the service it is E_FILE_ACCESS (exit 2); `writesBegan` makes it stop the run (exit 3).
 */
export function fileSystemError(e: unknown, writesBegan = false, file?: string): AssetbatchError | undefined {
  const err = e as NodeJS.ErrnoException & { dest?: string };
  const reason = typeof err?.code === 'string' ? FILE_SYSTEM_REFUSALS[err.code] : undefined;
  const path = file ?? err?.path ?? err?.dest;
  if (!reason || !path) return undefined;
  const full = err.code === 'ENOSPC' || err.code === 'EDQUOT';
  const code: ErrorCode = full ? 'E_DISK_FULL' : writesBegan ? 'E_FILE_WRITE' : 'E_FILE_ACCESS';
  const message = full
    ? `the disk is full: could not write ${path}`
    : `cannot write ${path}: ${reason} (${err.code})`;
  const hint = writesBegan ? `${WAY_OUT} The journal resumes where this run stopped.` : WAY_OUT;
  // The path is in the message (which --json prints alone), so not in a location as well.
  return new AssetbatchError(code, message, { hint, cause: e });
}

/** A failed write to one of our files during a run as an error for the user (a full disk says so). */
export function fileWriteError(e: unknown, file: string): AssetbatchError {
  if (isAssetbatchError(e)) return e;
  const known = fileSystemError(e, true, file);
  if (known) return known;
  const code = (e as NodeJS.ErrnoException)?.code;
  return new AssetbatchError(
    'E_FILE_WRITE',
    `could not write ${file} (${code ?? String((e as Error)?.message ?? e)})`,
    { location: { file }, cause: e },
  );
}

/** The one table from error code to process exit code. */
export function exitCodeFor(code: ErrorCode): number {
  if (code === 'E_INTERNAL') return ExitCode.STOPPED;
  if (STOPPING.has(code)) return ExitCode.STOPPED;
  if (
    code.startsWith('E_VALUE') ||
    code.startsWith('E_LOOKUP') ||
    code === 'E_RULE' ||
    code === 'E_DUPLICATE_ROW' ||
    code === 'E_ID_MISMATCH' ||
    code === 'E_SERVICE_REJECTED'
  ) {
    return ExitCode.ROWS_FAILED;
  }
  return ExitCode.USAGE;
}
