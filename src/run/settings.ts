// Stage 1 of an import: the options, the mapping file (or preset) and the resource's rules
// made into one frozen RunSettings, checked before the file is opened or a request made.
import { resolve as resolvePath, join } from 'node:path';
import { stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { AssetbatchError } from '../errors.js';
import { dateOrderFromFormat, type DateOrder } from '../map/coerce.js';
import type { MappingFile } from '../map/headers.js';
import { findResource } from '../resources/index.js';
import type { FieldDef, ResourceDef, WriteMode } from '../resources/fields.js';
import { loadMappingFile, presetPath } from './mapping-file.js';
import { LOOKAHEAD_ROWS, type ImportOptions, type MissingAction } from './types.js';
import { unmatchedPolicy, type UnmatchedPolicy } from '../resolve/unmatched.js';

/** What the caller watches a run with: none of it changes what the run writes. */
interface RunHooks {
  readonly logger?: ImportOptions['logger'];
  readonly onRow?: ImportOptions['onRow'];
  readonly onProgress?: ImportOptions['onProgress'];
  readonly onCompareProgress?: ImportOptions['onCompareProgress'];
  readonly onWait?: ImportOptions['onWait'];
  readonly onLockWait?: ImportOptions['onLockWait'];
  readonly signal?: AbortSignal;
}

export interface RunSettings {
  /** The input file, as the caller named it. */
  readonly file: string;
  readonly connection: ImportOptions['connection'];
  /** An open connection the caller lends the run (a workbook's sheets share one). */
  readonly connectionOverride?: ImportOptions['connectionOverride'];
  readonly sandboxOptions?: ImportOptions['sandboxOptions'];
  readonly hooks: RunHooks;
  readonly def: ResourceDef;
  readonly mode: WriteMode;
  readonly dryRun: boolean;
  readonly company: number;
  readonly mappingPath?: string;
  readonly mappingFile?: MappingFile;
  readonly sheet?: string | number;
  readonly headerRow?: number;
  readonly dateOrder?: DateOrder;
  readonly uniqueField?: 'name' | 'serial_number';
  /** What a name a lookup list lacks does to its row (--unmatched, the mapping file's "unmatched"). */
  readonly unmatched: UnmatchedPolicy;
  /** The field that identifies a row's record (serial number, contract number, name …). */
  readonly keyField?: string;
  readonly reportPath: string;
  /** The report a real run writes (reportPath, but for a dry run's default: `<input>.report.csv`). */
  readonly realReportPath: string;
  /** The journal beside the real run's report (journalPathFor). */
  readonly journalPath: string;
  /** A sync: the sheet is what the service must match, rows matched on keyField. */
  readonly sync?: SyncSettings;
  /** A row whose record exists: skip it (default), update it, or fail it (--on-existing). */
  readonly onExisting: NonNullable<ImportOptions['onExisting']>;
  /** Send rows an earlier run of another file or report already created (--allow-duplicates). */
  readonly allowDuplicates: boolean;
  /** Create keyless rows that resemble a record an earlier run made (--create-resembling). */
  readonly createResembling: boolean;
  /** An update sends the whole record (--replace), not only the sheet's cells. */
  readonly replace: boolean;
  /** An update clears the fields whose cells are empty (--clear-empty). */
  readonly clearEmpty: boolean;
  /** A workbook's earlier sheets: the references whose rows failed there. */
  readonly failedRefs?: ImportOptions['failedRefs'];
  readonly lookaheadRows?: number;
  /** A workbook's earlier sheets: the references their rows created (names not in the lists yet). */
  readonly knownRefs?: ImportOptions['knownRefs'];
  /** Rows written at once. */
  readonly concurrency: number;
  /** The mapping came from a shipped preset (its columns may be absent from the sheet). */
  readonly fromPreset: boolean;
  /** Resume from the journal of an earlier run (default); false: --no-resume. */
  readonly resume: boolean;
  readonly refreshLookups: boolean;
  readonly lookupCacheDir?: string;
  /** A dry run may check rows as it reads them (default); false: read the sheet twice. */
  readonly onePass: boolean;
}

export interface SyncSettings {
  /** The field rows are matched on, when --key names one; `id` for an export's ID column (--key id). */
  readonly key?: string;
  readonly scope?: { readonly field: FieldDef; readonly value: string };
  readonly missing: MissingAction;
  readonly maxMissing: { readonly count: number } | { readonly percent: number };
  /** --prefer sheet: a field both the sheet and the service changed since the last run gets the sheet's value. */
  readonly preferSheet: boolean;
}

/** Resolve the resource named on the command line to a writable one. */
export function writableResource(name: string, mode: WriteMode): ResourceDef {
  const def = findResource(name);
  const allowed =
    mode === 'create' ? ['asset', 'contract', 'customer'] : ['asset', 'contract', 'customer', 'asset-owner'];
  if (!def || !allowed.includes(def.name)) {
    const extra =
      def?.name === 'asset-owner' && mode === 'create'
        ? ' (asset owners cannot be created through the API; `assetbatch update` changes existing ones)'
        : '';
    throw new AssetbatchError(
      'E_USAGE',
      `cannot ${mode === 'create' ? 'import' : 'update'} "${name}"${extra}`,
      { hint: `Choose one of: ${allowed.join(', ')}` },
    );
  }
  return def;
}

/**
 * The report a run writes unless --report says: a real run's `<input>.report.csv`, a dry
 * run's `<input>.check.csv`. The real run's report is the only record of each row's id, so
 * a check of an edit made later must not replace it; the dry run still reads the journal
 * kept beside the real run's report (journalPath) to show what that run would do.
 */
export function defaultReportPath(file: string, dryRun = false): string {
  return `${file}${dryRun ? CHECK_SUFFIX : REPORT_SUFFIX}`;
}

const REPORT_SUFFIX = '.report.csv';
const CHECK_SUFFIX = '.check.csv';

/** A dry run's default report (`<input>.check.csv`) → the input it checked, else undefined. */
export function inputOfCheckReport(path: string): string | undefined {
  return path.endsWith(CHECK_SUFFIX) ? path.slice(0, -CHECK_SUFFIX.length) : undefined;
}

export function journalPathFor(reportPath: string): string {
  return reportPath.replace(/\.(csv|xlsx|json)$/i, '') + '.journal.ndjson';
}

/** The report (and its journal) must never overwrite the input or land on a folder. */
export async function checkReportPath(input: string, report: string): Promise<void> {
  if (
    resolvePath(report) === resolvePath(input) ||
    resolvePath(journalPathFor(report)) === resolvePath(input)
  ) {
    throw new AssetbatchError('E_USAGE', `the report would overwrite the input file`, {
      location: { file: input },
      hint: 'Give --report another file name, e.g. report.csv.',
    });
  }
  const st = await stat(report).catch(() => undefined);
  if (st?.isDirectory()) {
    throw new AssetbatchError('E_USAGE', `--report ${report} is a folder`, {
      hint: `Give a file name ending in .csv, .xlsx or .json, e.g. ${join(report, 'report.csv')}`,
    });
  }
}

async function mappingOf(
  options: ImportOptions,
  def: ResourceDef,
): Promise<{ mappingPath?: string; mappingFile?: MappingFile }> {
  if (options.preset && options.mappingPath)
    throw new AssetbatchError('E_USAGE', 'give --preset or --mapping, not both', {
      hint: 'Copy the preset (assetbatch mapping presets) and edit it, then pass it with --mapping.',
    });
  const mappingPath = options.mappingPath ?? (options.preset ? presetPath(options.preset) : undefined);
  const loaded = options.mapping ?? (mappingPath ? await loadMappingFile(mappingPath) : undefined);
  // --default goes over the file's "defaults", as a flag goes over the file elsewhere.
  const given = Object.keys(options.defaults ?? {}).length > 0;
  const mappingFile = given ? { ...loaded, defaults: { ...loaded?.defaults, ...options.defaults } } : loaded;
  if (mappingFile?.resource && findResource(mappingFile.resource)?.name !== def.name) {
    throw new AssetbatchError(
      'E_MAPPING_FILE',
      `mapping file is for "${mappingFile.resource}", but this import is for ${def.plural}`,
      { location: { file: mappingPath } },
    );
  }
  return { mappingPath, mappingFile };
}

/**
 * Rows a dry run of creates reads before it checks any, when it reads the sheet once
 * (plan.ts; a contract sheet whose rows name parents is read twice all the same);
 * undefined for a run that reads the sheet twice.
 */
export function lookaheadOf(s: RunSettings): number | undefined {
  // Beside a journal of this import, the whole sheet is scanned first, as the run scans it:
  // a row the journal did, its cells unchanged, needs nothing of the service (journal-rows.ts).
  return s.dryRun && s.mode === 'create' && s.onePass && !s.sync && !(s.resume && existsSync(s.journalPath))
    ? Math.max(1, s.lookaheadRows ?? LOOKAHEAD_ROWS)
    : undefined;
}

export async function resolveOptions(options: ImportOptions): Promise<RunSettings> {
  const mode: WriteMode = options.mode ?? 'create';
  const def = writableResource(options.resource, mode);
  const { mappingPath, mappingFile } = await mappingOf(options, def);
  const dateFormat = options.dateFormat ?? mappingFile?.dateFormat;
  const dateOrder = dateOrderFromFormat(dateFormat);
  if (dateFormat && !dateOrder && !/^y+[-/.]?M+[-/.]?d+$/i.test(dateFormat)) {
    throw new AssetbatchError('E_USAGE', `--date-format "${dateFormat}" is not a form I know`, {
      hint: 'Use dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd.',
    });
  }
  const uniqueField = options.uniqueField ?? mappingFile?.uniqueField;
  const dryRun = options.dryRun === true;
  const reportPath = options.reportPath ?? defaultReportPath(options.file, dryRun);
  // A dry run's own report is not the real run's: that one's journal is read, and named in its words.
  const realReportPath = options.realReportPath ?? options.reportPath ?? defaultReportPath(options.file);
  const sync = options.sync ? syncSettings(def, options) : undefined;
  const keyField =
    sync?.key ?? (def.name === 'asset' ? (uniqueField ?? 'serial_number') : def.naturalKey?.[0]);
  return Object.freeze({
    file: options.file,
    connection: options.connection,
    connectionOverride: options.connectionOverride,
    sandboxOptions: options.sandboxOptions,
    hooks: {
      logger: options.logger,
      onRow: options.onRow,
      onProgress: options.onProgress,
      onCompareProgress: options.onCompareProgress,
      onWait: options.onWait,
      onLockWait: options.onLockWait,
      signal: options.signal,
    },
    onExisting: options.onExisting ?? 'skip',
    allowDuplicates: options.allowDuplicates === true,
    createResembling: options.createResembling === true,
    replace: options.replace === true,
    clearEmpty: options.clearEmpty === true,
    failedRefs: options.failedRefs,
    lookaheadRows: options.lookaheadRows,
    knownRefs: options.knownRefs,
    concurrency: Math.max(1, options.concurrency ?? 4),
    fromPreset: options.preset !== undefined,
    resume: options.resume !== false,
    refreshLookups: options.refreshLookups === true,
    lookupCacheDir: options.lookupCacheDir,
    onePass: options.onePass !== false,
    def,
    mode,
    dryRun,
    company: options.connection.company,
    mappingPath,
    mappingFile,
    sheet: options.sheet ?? mappingFile?.sheet,
    headerRow: options.headerRow ?? mappingFile?.headerRow,
    dateOrder,
    uniqueField,
    unmatched: unmatchedPolicy(def, mode, options.unmatched, mappingFile?.unmatched, mappingPath),
    keyField,
    reportPath,
    realReportPath,
    journalPath: journalPathFor(realReportPath),
    sync,
  });
}

/** A field named on the command line: its service name or its label, as a person writes it. */
function fieldNamed(def: ResourceDef, name: string, flag: string): FieldDef {
  const want = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const f = def.fields.find(
    (x) =>
      x.name === want || x.name === `${want}.id` || x.label.toLowerCase().replace(/[\s-]+/g, '_') === want,
  );
  if (f) return f;
  throw new AssetbatchError('E_USAGE', `${flag}: ${def.plural} have no field "${name}"`, {
    hint: `Name a field as docs/fields.md lists it, e.g. ${def.naturalKey?.[0] ?? 'name'}.`,
  });
}

/**
 * `--key custom:LABEL`, or a label no standard field has: a custom field of the template,
 * found among the sheet's columns once the custom fields are read (input.ts).
 */
function customKey(def: ResourceDef, key: string | undefined): string | undefined {
  const k = key?.trim();
  if (!k) return undefined;
  if (/^custom:/i.test(k)) return `custom:${k.slice('custom:'.length).trim()}`;
  const want = k.toLowerCase().replace(/[\s-]+/g, '_');
  const standard = def.fields.some(
    (x) =>
      x.name === want || x.name === `${want}.id` || x.label.toLowerCase().replace(/[\s-]+/g, '_') === want,
  );
  return standard || want === 'id' ? undefined : `custom:${k}`;
}

/** `--key`, `--scope`, `--missing` and `--max-missing` checked once, before the file is opened. */
function syncSettings(def: ResourceDef, options: ImportOptions): SyncSettings {
  const syncOptions = options.sync!;
  // An export's ID column: each row is its record's (a row without an ID is matched as a keyless row).
  const byId = syncOptions.key?.trim().toLowerCase() === 'id';
  const custom = customKey(def, syncOptions.key);
  const key =
    syncOptions.key === undefined || byId || custom ? undefined : fieldNamed(def, syncOptions.key, '--key');
  if (key) {
    if (key.type !== 'text' || key.name.includes('.')) {
      throw new AssetbatchError(
        'E_USAGE',
        `--key ${syncOptions.key}: rows are matched on a text field of the record (${key.name} is a ${key.type})`,
        { hint: 'Use serial_number, name, asset_tag or number.' },
      );
    }
  }
  const missing = syncOptions.missing ?? { kind: 'report' };
  if (missing.kind === 'archive' && def.name !== 'contract') {
    throw new AssetbatchError(
      'E_USAGE',
      `--missing archive applies to contracts (their status); ${def.plural} have no archived state`,
      { hint: 'Use --missing set:FIELD=VALUE, e.g. set:asset_usage_status=Retired.' },
    );
  }
  const set =
    missing.kind === 'set'
      ? { ...missing, field: fieldNamed(def, missing.field, '--missing set:').name }
      : missing;
  return Object.freeze({
    key: byId ? 'id' : (custom ?? key?.name),
    scope: syncOptions.scope
      ? { field: fieldNamed(def, syncOptions.scope.field, '--scope'), value: syncOptions.scope.value }
      : undefined,
    missing: set,
    maxMissing: syncOptions.maxMissing ?? { percent: 5 },
    preferSheet: syncOptions.prefer === 'sheet',
  });
}
