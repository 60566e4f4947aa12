// The import run: read → map → coerce → resolve → validate → send → report, wired.
// An import reads the sheet twice, streaming both times: a scan (dates' day/month order, the
// names to look up, duplicate keys, the row count for the plan) and the run itself. A dry
// run reads it once, learning those from its first rows (src/run/scan.ts). Nothing is
// written before the plan is known; every row ends in the report.
import { readFile, stat } from 'node:fs/promises';
import { resolve as resolvePath, dirname, join } from 'node:path';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AssetbatchError, fileWriteError, isAssetbatchError } from '../errors.js';
import type { ConnectionConfig } from '../config.js';
import { connect, type Connection } from '../api/connect.js';
import { rememberRate } from '../api/pace-memory.js';
import { listArray } from '../api/paginate.js';
import { openSheet } from '../read/index.js';
import type { SheetRow, SheetSource } from '../read/types.js';
import { RowReadNotes } from './read-notes.js';
import { findResource, customFieldTemplate, customFormTemplate } from '../resources/index.js';
import type { CustomTemplate, LookupKind, ResourceDef, WriteMode } from '../resources/fields.js';
import { headerMatcher, mapHeaders, missingRequired, targetName, type Mapping, type MappingFile, type CustomFieldSet } from '../map/headers.js';
import { cellText, dateOrderFromFormat, isEmptyCell } from '../map/coerce.js';
import { Resolver } from '../resolve/lookups.js';
import { checkMappingValues } from '../resolve/mapping-values.js';
import { translateCell } from '../map/values.js';
import { sampleRows } from '../read/sample.js';

/** Rows whose values the mapping judges columns by. */
const SAMPLE_ROWS = 200;
import { prepareRow, naturalKey, type PreparedRow, type RowContext, type RowIssue } from '../validate/validate.js';
import { RowWriter, loadExistingKeys, type OnExisting } from '../send/writer.js';
import { Journal } from '../send/journal.js';
import { lockJournal, type JournalLock } from '../send/lock.js';
import { PriorRuns } from '../send/prior.js';
import { highestId } from '../send/recovery.js';
import { priorState } from './resume.js';

import { openReport, type RowOutcome, type RowStatus, type ReportWriter } from '../report/report.js';
import { lookupColumns, Scanner, scanDateOrders } from './scan.js';
import { columnLetter } from '../read/source.js';

/** Rows a one-pass dry run reads ahead (and holds) to learn date orders and names first. */
export const LOOKAHEAD_ROWS = 20_000;

export interface ImportOptions {
  readonly file: string;
  readonly resource: string;
  readonly connection: ConnectionConfig;
  readonly dryRun?: boolean;
  readonly sheet?: string | number;
  readonly headerRow?: number;
  readonly mappingPath?: string;
  readonly mapping?: MappingFile;
  /** A mapping preset shipped in templates/presets (generic-legacy, snipe-it, assetbatch-export …). */
  readonly preset?: string;
  readonly dateFormat?: string;
  readonly concurrency?: number;
  readonly uniqueField?: 'name' | 'serial_number';
  readonly onExisting?: OnExisting;
  /** Allow two rows with the same natural key (normally the second is skipped). */
  readonly allowDuplicates?: boolean;
  readonly reportPath?: string;
  /** Resume from the journal (default: yes when one exists for this input). */
  readonly resume?: boolean;
  readonly refreshLookups?: boolean;
  readonly lookupCacheDir?: string;
  readonly logger?: Logger;
  /** Called with each row's outcome, in input order. */
  readonly onRow?: (o: RowOutcome) => void;
  /** Called once, before any write, with the plan. */
  readonly onPlan?: (p: ImportPlan) => void;
  /** `total` is unknown while a one-pass dry run of a long sheet is still reading it. */
  readonly onProgress?: (p: RunProgress) => void;
  /** Stops the run cleanly when aborted: rows not sent are reported as not sent. */
  readonly signal?: AbortSignal;
  /** Called when the run starts a wait of more than a few seconds for the account's rate limit. */
  readonly onWait?: (ms: number) => void;
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

export interface ImportPlan {
  readonly file: string;
  readonly sheet?: string;
  readonly resource: string;
  /** Data rows; while `counted` is false, only those of the look-ahead (the sheet has more). */
  readonly rows: number;
  /** False for a one-pass dry run of a sheet longer than its look-ahead: counts are so far. */
  readonly counted: boolean;
  readonly totalsRows: number;
  readonly blankRows: number;
  readonly headerRow: number;
  /** Rows with text above the header (titles, notes), skipped. */
  readonly aboveHeader: number;
  /** CSV/TSV: how the text was read, and why (the encoding's reason), for the plan to state. */
  readonly text?: { readonly encoding: string; readonly encodingWhy?: string; readonly delimiter: string; readonly padded: boolean };
  readonly mode: WriteMode;
  readonly mapped: readonly { header: string; field: string; how: string }[];
  readonly unmapped: readonly { header: string; suggestion?: string; why?: string }[];
  readonly warnings: readonly string[];
  readonly lookups: readonly { kind: string; names: number; strategy: string; requests: number }[];
  readonly lookupRequests: number;
  readonly existingCheck?: { strategy: string; requests: number };
  /** Requests spent learning the highest record id before the first write (recovery's mark). */
  readonly markRequests?: number;
  readonly writes: number;
  readonly dryRun: boolean;
  readonly rateLimit: number;
  readonly etaSeconds: number;
  readonly resumed?: { doneRows: number; inFlightRows: number };
  /** Where the report goes (a CSV report grows at `<report>.<pid>.part` meanwhile). */
  readonly report?: string;
  /** Requests a minute the run starts at when below the limit: the share of the account an earlier run got. */
  readonly sharedRate?: number;
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
  readonly rowsPerSecond: number;
  readonly report?: string;
  readonly journal?: string;
  readonly stopped?: { code: string; message: string };
  /** Rows whose shape the reader repaired on a guess (flagged W_ROW_REPAIRED in the report): the exit code is not 0. */
  readonly repairedRows: number;
  /** The plan's warnings and those met while sending (runWarnings). */
  readonly warnings: readonly string[];
  /** Warnings met while sending, after the plan was shown (e.g. the service refused PATCH): each once. */
  readonly runWarnings: readonly string[];
  readonly plan: ImportPlan;
}

const mappingFileSchema = z
  .object({
    resource: z.string().optional(),
    sheet: z.union([z.string(), z.number().int().positive()]).optional(),
    headerRow: z.number().int().positive().optional(),
    columns: z.record(z.string(), z.string().nullable()).optional(),
    defaults: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    values: z.record(z.string(), z.record(z.string(), z.string())).optional(),
    formulaEscape: z.literal('backtick').optional(),
    review: z.array(z.string()).optional(),
    dateFormat: z.string().optional(),
    uniqueField: z.enum(['name', 'serial_number']).optional(),
    /** Workbooks: sheet name → resource, where the names do not say it. */
    sheets: z.record(z.string(), z.enum(['customer', 'contract', 'asset'])).optional(),
  })
  .strict();

/** Where the mapping presets ship: templates/presets beside dist/ in the package. */
export const PRESETS_DIR = resolvePath(dirname(fileURLToPath(import.meta.url)), '../../templates/presets');

export function listPresets(): string[] {
  try {
    return readdirSync(PRESETS_DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  } catch {
    return [];
  }
}

export function presetPath(name: string): string {
  const known = listPresets();
  if (!known.includes(name)) {
    throw new AssetbatchError('E_USAGE', `there is no preset "${name}"`, { hint: known.length ? `Presets: ${known.join(', ')}` : undefined });
  }
  return join(PRESETS_DIR, `${name}.json`);
}

export async function loadMappingFile(path: string): Promise<MappingFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new AssetbatchError('E_FILE_NOT_FOUND', 'mapping file not found', { location: { file: path } });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new AssetbatchError('E_MAPPING_FILE', `mapping file is not valid JSON (${(e as Error).message})`, { location: { file: path } });
  }
  const parsed = mappingFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new AssetbatchError('E_MAPPING_FILE', `mapping file has problems: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`, {
      location: { file: path },
      hint: 'A mapping file looks like {"resource": "asset", "columns": {"Serial No.": "serial_number"}, "defaults": {}, "dateFormat": "dd/MM/yyyy"}',
    });
  }
  return parsed.data as MappingFile;
}


/** The sheet's headers for a message: all of a normal sheet's, the first few of a wide one. */
function headersSeen(headers: readonly string[], max = 30): string {
  const shown = headers.filter((h) => h.trim() !== '').slice(0, max).map((h) => `"${h}"`);
  const more = headers.filter((h) => h.trim() !== '').length - shown.length;
  return more > 0 ? `${shown.join(', ')} … and ${more} more` : shown.join(', ');
}

/** The report (and its journal) must never overwrite the input or land on a folder. */
async function checkReportPath(input: string, report: string): Promise<void> {
  const { stat } = await import('node:fs/promises');
  if (resolvePath(report) === resolvePath(input) || resolvePath(journalPathFor(report)) === resolvePath(input)) {
    throw new AssetbatchError('E_USAGE', `the report would overwrite the input file`, { location: { file: input }, hint: 'Give --report another file name, e.g. report.csv.' });
  }
  const st = await stat(report).catch(() => undefined);
  if (st?.isDirectory()) {
    throw new AssetbatchError('E_USAGE', `--report ${report} is a folder`, { hint: `Give a file name ending in .csv, .xlsx or .json, e.g. ${join(report, 'report.csv')}` });
  }
}

/** Resolve the resource named on the command line to a writable one. */
export function writableResource(name: string, mode: WriteMode): ResourceDef {
  const def = findResource(name);
  const allowed = mode === 'create' ? ['asset', 'contract', 'customer'] : ['asset', 'contract', 'customer', 'asset-owner'];
  if (!def || !allowed.includes(def.name)) {
    const extra = def?.name === 'asset-owner' && mode === 'create' ? ' (asset owners cannot be created through the API; `assetbatch update` changes existing ones)' : '';
    throw new AssetbatchError('E_USAGE', `cannot ${mode === 'create' ? 'import' : 'update'} "${name}"${extra}`, { hint: `Choose one of: ${allowed.join(', ')}` });
  }
  return def;
}

export function defaultReportPath(file: string): string {
  return `${file}.report.csv`;
}

export function journalPathFor(reportPath: string): string {
  return reportPath.replace(/\.(csv|xlsx|json)$/i, '') + '.journal.ndjson';
}

const emptyCounts = (): Record<RowStatus, number> => ({ created: 0, updated: 0, skipped: 0, invalid: 0, failed: 0, valid: 0, 'not sent': 0 });

/** Custom field templates and forms of the account, when the sheet has columns that may be custom fields. */
export async function loadCustomFields(conn: Connection | undefined, def: ResourceDef, company: number): Promise<CustomFieldSet> {
  if (!conn || !def.customFieldType) return { fieldTemplates: [], formTemplates: [] };
  const [fieldTemplates, formTemplates] = await Promise.all([
    listArray<CustomTemplate>(conn.client, customFieldTemplate, { company }),
    def.customForms ? listArray<CustomTemplate>(conn.client, customFormTemplate, { company }) : Promise.resolve([] as CustomTemplate[]),
  ]);
  return { fieldTemplates, formTemplates };
}

export async function importSpreadsheet(o: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const dryRun = o.dryRun === true;
  const mode: WriteMode = o.mode ?? 'create';
  const def = writableResource(o.resource, mode);
  if (o.preset && o.mappingPath) throw new AssetbatchError('E_USAGE', 'give --preset or --mapping, not both', { hint: 'Copy the preset (assetbatch mapping presets) and edit it, then pass it with --mapping.' });
  const mappingPath = o.mappingPath ?? (o.preset ? presetPath(o.preset) : undefined);
  const mappingFile = o.mapping ?? (mappingPath ? await loadMappingFile(mappingPath) : undefined);
  if (mappingFile?.resource && findResource(mappingFile.resource)?.name !== def.name) {
    throw new AssetbatchError('E_MAPPING_FILE', `mapping file is for "${mappingFile.resource}", but this import is for ${def.plural}`, { location: { file: mappingPath } });
  }
  const sheet = o.sheet ?? mappingFile?.sheet;
  const headerRow = o.headerRow ?? mappingFile?.headerRow;
  const dateFormat = o.dateFormat ?? mappingFile?.dateFormat;
  const dateOrder = dateOrderFromFormat(dateFormat);
  if (dateFormat && !dateOrder && !/^y+[-/.]?M+[-/.]?d+$/i.test(dateFormat)) {
    throw new AssetbatchError('E_USAGE', `--date-format "${dateFormat}" is not a form I know`, { hint: 'Use dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd.' });
  }
  const uniqueField = o.uniqueField ?? mappingFile?.uniqueField;
  const keyField = def.name === 'asset' ? (uniqueField ?? 'serial_number') : def.naturalKey?.[0];
  const company = o.connection.company;

  // The file first: a bad file should fail before any request is made.
  const probe = await openSheet(o.file, { sheet, headerRow, isKnownHeader: headerMatcher(def) });
  const conn = o.connectionOverride ?? (await connect(o.connection, { logger: o.logger, sandboxOptions: o.sandboxOptions }));
  const startRequests = conn.client.stats.requests;
  // A stop asked for while the plan is made (lists, the existing-record check) ends those waits too.
  const interruptClient = () => conn.client.interrupt(new AssetbatchError('E_INTERRUPTED', 'interrupted; rows not yet sent were not sent (run the same command again to resume)'));
  o.signal?.addEventListener('abort', interruptClient, { once: true });
  if (o.signal?.aborted) interruptClient();
  conn.client.limiter.onWait = (ms) => {
    o.logger?.info({ waitMs: ms }, "waiting for the account's rate limit");
    o.onWait?.(ms);
  };
  const ownsConn = !o.connectionOverride;
  let report: ReportWriter | undefined;
  let journal: Journal | undefined;
  let lock: JournalLock | undefined;
  try {
    // Custom fields cost two requests: fetched only when the mapping file names one, or
    // when some header maps to no standard field (it may be a custom field's name).
    const namesCustom = Object.values(mappingFile?.columns ?? {}).some((t) => t?.startsWith('custom:') || t?.startsWith('form:'));
    // The first rows, read on their own: a column whose values contradict its header's field is not taken for it.
    const samples = await sampleRows(o.file, { sheet, headerRow: probe.headerRow }, SAMPLE_ROWS);
    const custom = namesCustom || mapHeaders(def, probe.headers, { mappingFile, mappingPath: mappingPath, mode, samples }).unmapped.length > 0
      ? await loadCustomFields(conn, def, company)
      : { fieldTemplates: [], formTemplates: [] };
    const mapping = mapHeaders(def, probe.headers, { mappingFile, mappingPath: mappingPath, custom, mode, preset: o.preset !== undefined, samples });
    const missing = missingRequired(def, mapping, mode);
    if (mode === 'update' && !probe.fromReport && !mapping.columns.some((c) => c.target.kind === 'id' || (c.target.kind === 'field' && c.target.field.name === keyField))) {
      throw new AssetbatchError('E_MAPPING_REQUIRED_FIELD', `no column says which ${def.label.toLowerCase()} each row updates: add an "ID" column${keyField ? ` or a "${def.fields.find((f) => f.name === keyField)?.label}" column` : ''}`, {
        location: { file: o.file, sheet: probe.sheet },
        hint: `Headers seen: ${headersSeen(probe.headers)}. An export (assetbatch export ${def.name}) has the ID column.`,
      });
    }
    if (missing.length > 0) {
      throw new AssetbatchError(
        'E_MAPPING_REQUIRED_FIELD',
        `no column for ${missing.map((f) => `${f.label} (${f.name})`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} required for ${def.plural}`,
        {
          location: { file: o.file, sheet: probe.sheet },
          hint: `Headers seen: ${headersSeen(probe.headers)}. Rename a column, or map it in a mapping file ("columns": {"Your header": "${missing[0].name}"}), or give a default ("defaults": {"${missing[0].name}": "…"}).`,
        },
      );
    }

    // A sandbox's lists live as long as the sandbox: caching them on disk would only pile up files.
    const resolver = new Resolver(conn.client, { company, refresh: o.refreshLookups, cacheDir: o.lookupCacheDir, cacheTtl: conn.sandbox ? 0 : undefined });
    await checkMappingValues(resolver, def, mapping, { headers: probe.headers, mode, file: mappingPath, dateOrder });

    // Pass 1, or its look-ahead.
    // A child contract may name a parent created from an earlier row of the same sheet.
    const selfRefCol = def.name === 'contract' && mode === 'create' ? mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === 'parent_contract') : undefined;
    const scanner = new Scanner(mapping, { dateOrder, keyField, trackKeys: (!o.allowDuplicates || selfRefCol !== undefined) && mode === 'create', selfRefIndex: selfRefCol?.index });
    const where = { file: o.file, sheet: probe.sheet };
    // A dry run reads the sheet once: what the run needs is learnt from its first rows,
    // which are kept and checked first, and the rest is checked as it is read. Writes need
    // the whole sheet counted first (the plan, the ETA, parents below their children).
    const onePass = dryRun && mode === 'create' && !selfRefCol && o.onePass !== false;
    const lookahead = Math.max(1, o.lookaheadRows ?? LOOKAHEAD_ROWS);
    const probeRows = probe.rows[Symbol.asyncIterator]();
    const ahead: SheetRow[] = [];
    let counted = !onePass;
    const fileBytes = (await stat(o.file)).size;
    /** The next row from the reader, when none is at hand (probe.take); undefined at the end. */
    const nextRow = async (): Promise<SheetRow | undefined> => {
      const next = await probeRows.next();
      return next.done ? undefined : next.value;
    };
    if (onePass) {
      while (ahead.length < lookahead) {
        const r = probe.take?.() ?? (await nextRow());
        if (!r) {
          counted = true;
          break;
        }
        scanner.add(r);
        ahead.push(r);
      }
      if (!counted) scanner.expectFileBytes(fileBytes);
    } else {
      for (;;) {
        const r = probe.take?.() ?? (await nextRow());
        if (!r) break;
        scanner.add(r);
        if (scanner.rows === lookahead) scanner.expectFileBytes(fileBytes);
      }
    }
    const dateOrders = scanner.dateOrders(where, counted);
    // A date column whose first rows all read both ways: the rest of the sheet decides.
    if (!counted && scanner.unsettled().length > 0) {
      const side = await openSheet(o.file, { sheet, headerRow: probe.headerRow, isKnownHeader: headerMatcher(def) });
      for (const [col, order] of await scanDateOrders(side.rows, mapping, where)) dateOrders.set(col, order);
    }
    const blankRows = probe.stats.blankRows;
    if (scanner.rows === 0 && counted) {
      throw new AssetbatchError('E_NO_ROWS', `has a header (row ${probe.headerRow}) but no data rows below it${blankRows ? ` (only ${blankRows} blank ${blankRows === 1 ? 'row' : 'rows'})` : ''}; nothing to ${mode === 'create' ? 'import' : 'update'}`, {
        location: { file: o.file, sheet: probe.sheet },
        hint: probe.sheet ? 'Is this the right sheet? Choose another with --sheet.' : undefined,
      });
    }
    const scanned = { rows: scanner.rows, totalsRows: scanner.totalsRows, blankRows, firstRowOfKey: scanner.firstRowOfKey, referenced: scanner.referenced() };
    for (const [kind, names] of scanner.names) await resolver.load(kind, names);
    scanner.collectNames = false;
    let placeholder = -1;
    for (const [kind, keys] of o.knownRefs ?? []) for (const name of keys) if (!resolver.index(kind).has(name)) resolver.remember(kind, { id: placeholder--, name });

    const reportPath = o.reportPath ?? defaultReportPath(o.file);
    await checkReportPath(o.file, reportPath);
    const journalPath = journalPathFor(reportPath);
    // A journal counts only for the same input, resource, service, company and mode;
    // one left by another run is set aside rather than trusted.
    // An in-process sandbox dies with the process, so there is nothing to resume into: no journal.
    const journaled = !dryRun && !conn.sandbox;
    if (journaled) lock = await lockJournal(journalPath, o.file, (e) => o.logger?.warn({ err: e.message, lock: journalPath }, 'the lock on the journal was lost (its folder removed by hand?); another run could now start on this file'));
    const { state, warnings: journalWarnings } = journaled ? await priorState(journalPath, o.resume !== false, { file: o.file, resource: def.name, company, baseUrl: conn.baseUrl, mode }) : { state: undefined, warnings: [] };
    const prior = state ? new PriorRuns(state) : undefined;
    const doneRows = prior?.doneRows ?? 0;
    const inFlightRows = prior?.unsureRows ?? 0;

    let existingCheck: ImportPlan['existingCheck'];
    let existing: Map<string, number[]> | undefined;
    let existingComplete = false;
    let knownMaxId: number | undefined;
    // A dry run checks too (list requests only), so it can say which rows would be skipped.
    if (keyField && scanned.rows - doneRows > 0) {
      const ex = await loadExistingKeys(conn.client, def, company, [keyField], scanned.rows - doneRows);
      existingCheck = { strategy: ex.strategy, requests: ex.requests };
      existing = ex.map;
      existingComplete = ex.map !== undefined;
      knownMaxId = ex.maxId;
    }
    const writes = dryRun ? 0 : Math.max(0, scanned.rows - doneRows);
    // The highest id before the first write: a write whose answer is lost is looked for above it.
    // The full list read for the existing-record check has it already.
    const mark = !dryRun && mode === 'create' && writes > 0 ? (knownMaxId !== undefined ? { id: knownMaxId, requests: 0 } : await highestId(conn.client, def, company)) : undefined;
    const perRowChecks = existingCheck?.strategy === 'filtered calls' ? writes : 0;
    // An update reads the record before it writes: two requests a row.
    const plannedRequests = writes * (mode === 'update' ? 2 : 1) + perRowChecks;
    const requestsPerRow = writes > 0 ? plannedRequests / writes : 0;
    const plan: ImportPlan = {
      file: o.file,
      sheet: probe.sheet,
      resource: def.name,
      rows: scanned.rows,
      counted,
      totalsRows: scanned.totalsRows,
      mode,
      blankRows: scanned.blankRows,
      headerRow: probe.headerRow,
      aboveHeader: probe.stats.skippedAboveHeader,
      text: probe.format === 'xlsx' ? undefined : { encoding: probe.encoding ?? 'utf-8', encodingWhy: probe.encodingWhy, delimiter: probe.delimiter ?? ',', padded: probe.padded === true },
      mapped: mapping.columns.map((c) => ({ header: c.header, field: targetName(c.target), how: c.how })),
      // A column with no header is still a column: say that its cells are not imported.
      unmapped: mapping.unmapped.filter((u) => !u.header.startsWith('#')).map((u) => ({ header: u.header.trim() === '' ? `${columnLetter(u.index)} (no header)` : u.header, suggestion: u.suggestion, why: u.why })),
      warnings: [...probe.warnings.map((w) => w.message), ...mapping.warnings, ...journalWarnings],
      lookups: [...resolver.plan],
      lookupRequests: resolver.requests,
      existingCheck,
      markRequests: mark?.requests,
      writes,
      dryRun,
      rateLimit: o.connection.rateLimit,
      // An update reads the record before it writes: two requests a row.
      etaSeconds: Math.round(conn.client.limiter.estimateMs(plannedRequests) / 1000),
      resumed: prior ? { doneRows, inFlightRows } : undefined,
      report: reportPath,
      sharedRate: conn.client.limiter.rate.adapted ? Math.round(conn.client.limiter.currentRate()) : undefined,
    };
    o.onPlan?.(plan);
    // The limiter knows the work ahead: a run that fits the window's room goes at once, a longer one is spread evenly.
    if (!dryRun) conn.client.limiter.expect(plannedRequests);
    o.logger?.info({ plan: { ...plan, mapped: plan.mapped.length } }, 'plan');

    // Pass 2, or the rest of the one pass.
    const source = onePass ? probe : await openSheet(o.file, { sheet, headerRow: probe.headerRow, isKnownHeader: headerMatcher(def) });
    const lookupCols = lookupColumns(mapping);
    const settledBySideScan = new Set<number>();
    /**
     * The one pass, after the look-ahead: learn from a row before it is checked (its key,
     * its dates, its names). A promise only when that needs the file again or the service.
     */
    const learn = (r: SheetRow): void | Promise<void> => {
      scanner.add(r);
      if (scanner.dirty) return settleDates();
      for (const c of lookupCols) {
        if (!resolver.index(c.kind).complete && !isEmptyCell(translateCell(mapping, c.index, r.cells[c.index]))) return loadNames(r);
      }
    };
    const settleDates = async (): Promise<void> => {
      scanner.dirty = false;
      // A column that now mixes orders stops the run, as a first pass would have.
      for (const [col, order] of scanner.dateOrders(where, false)) dateOrders.set(col, order);
      if (scanner.unsettled().some((c) => !settledBySideScan.has(c.index))) {
        const side = await openSheet(o.file, { sheet, headerRow: probe.headerRow, isKnownHeader: headerMatcher(def) });
        for (const [col, order] of await scanDateOrders(side.rows, mapping, where)) {
          dateOrders.set(col, order);
          settledBySideScan.add(col);
        }
      }
    };
    /** A name the look-ahead did not meet, in a list read part-way: fetch it first. */
    const loadNames = async (r: SheetRow): Promise<void> => {
      for (const c of lookupCols) {
        if (resolver.index(c.kind).complete) continue;
        const cell = translateCell(mapping, c.index, r.cells[c.index]);
        if (isEmptyCell(cell)) continue;
        const text = cellText(cell);
        if (!resolver.covers(c.kind, text)) await resolver.load(c.kind, [text]);
      }
    };
    report = await openReport(reportPath, source.headers);
    if (journaled) {
      journal = new Journal(journalPath);
      journal.open({ file: resolvePath(o.file), resource: def.name, company, baseUrl: conn.baseUrl, mode, rows: scanned.rows, writes, rateLimit: o.connection.rateLimit }, state?.runs ?? 0);
    }
    const ctx: RowContext = {
      def,
      mode,
      company,
      mapping,
      dateOrders,
      defaultDateOrder: dateOrder,
      resolver,
      fieldTemplates: custom.fieldTemplates,
      formTemplates: custom.formTemplates,
      partial: mode === 'update' && !o.replace,
      reportedWrites: o.onExisting === 'update' ? 'update' : 'skip',
    };
    const writer = new RowWriter({
      client: conn.client,
      def,
      company,
      mapping,
      journal,
      prior,
      mark: mark?.id,
      uniqueField,
      onExisting: o.onExisting ?? 'skip',
      existing,
      existingComplete,
      countryCode: (name) => {
        const r = resolver.resolve('country', name);
        return r.ok ? r.entry.id : undefined;
      },
      beforeRead: () => resolver.load('country', []),
    });
    const counts = emptyCounts();
    // The connection may serve several sheets of a workbook: count this run's requests only.
    const stats0 = { ...conn.client.stats };
    let stopped: { code: string; message: string } | undefined;
    const stop = (e: unknown) => {
      if (stopped) return;
      stopped = isAssetbatchError(e) ? { code: e.code, message: e.describe() } : { code: 'E_INTERNAL', message: String((e as Error)?.message ?? e) };
    };
    /** A row the run stopped before sending: listed, with why. */
    const notSent = (base: Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>): RowOutcome => ({ ...base, status: 'not sent', issues: [{ code: 'E_INTERRUPTED', message: `not sent: ${stopped?.message ?? 'interrupted'}` }] });
    const onAbort = () => {
      const reason = new AssetbatchError('E_INTERRUPTED', 'interrupted; rows not yet sent were not sent (run the same command again to resume)');
      stop(reason);
      interruptClient();
    };
    o.signal?.addEventListener('abort', onAbort);
    if (o.signal?.aborted) onAbort();

    // The reader's notes and warnings about a row go on its report line; repaired rows set the exit code.
    const readNotes = new RowReadNotes(source.warnings);
    const pending = new Map<number, Promise<RowOutcome>>();
    const keyColumn = keyField ? mapping.columns.find((c) => c.target.kind === 'field' && c.target.field.name === keyField) : undefined;
    /**
     * A row's outcome: at once when nothing needs the service (a dry run's rows, invalid
     * rows), a promise otherwise, so that a dry run spends no microtask per row.
     */
    const process = (r: SheetRow): RowOutcome | Promise<RowOutcome> => {
      readNotes.remember(r);
      // A child waits for its parent's row, so the parent's new id can be looked up.
      const ref = selfRefCol ? cellText(r.cells[selfRefCol.index]).trim() : '';
      const parentRow = ref ? scanned.firstRowOfKey.get(ref) : undefined;
      if (parentRow !== undefined && parentRow !== r.row) return afterParent(r, ref, parentRow);
      return check(r);
    };

    /** The key as written, so that rows that stop early still say which record they were. */
    const keyTextOf = (r: SheetRow): string | undefined => (keyColumn ? cellText(r.cells[keyColumn.index]).trim() || undefined : undefined);

    const afterParent = async (r: SheetRow, ref: string, parentRow: number): Promise<RowOutcome> => {
      const base0 = { row: r.row, cells: r.cells, text: r.text, warnings: [] as RowIssue[], key: keyTextOf(r) };
      if (parentRow > r.row) {
        return { ...base0, status: 'invalid', issues: [{ code: 'E_LOOKUP_NOT_FOUND', column: selfRefCol!.header, field: 'parent_contract', message: `parent contract '${ref}' is on row ${parentRow}, below this row; put parent contracts above their children` }] };
      }
      const parent = await pending.get(parentRow);
      // A parent skipped because it already exists has an id; any other outcome left no record.
      if (parent && !(['created', 'valid', 'updated'].includes(parent.status) || (parent.status === 'skipped' && parent.id !== undefined))) {
        return { ...base0, status: 'skipped', issues: [], note: `its parent contract '${ref}' (row ${parentRow}) was not created (${parent.status})` };
      }
      return check(r);
    };

    const check = (r: SheetRow): RowOutcome | Promise<RowOutcome> => {
      const p = prepareRow(ctx, r);
      const base = { row: r.row, cells: r.cells, text: r.text, warnings: p.warnings, key: keyTextOf(r) };
      if (p.skip) return { ...base, status: 'skipped', id: p.id, issues: [], note: p.skip };
      // A reference to a row that failed in an earlier sheet of the workbook: say so.
      if (o.failedRefs) {
        for (const i of p.issues) {
          if (i.code !== 'E_LOOKUP_NOT_FOUND' || !i.field) continue;
          const f = def.fields.find((x) => x.name === i.field);
          const col = mapping.columns.find((c) => c.header === i.column);
          const why = f?.lookup && col ? o.failedRefs.get(f.lookup)?.get(cellText(r.cells[col.index]).trim().toLowerCase()) : undefined;
          if (why) return { ...base, status: 'skipped', issues: [], note: `its ${f!.lookup!.replace(/_/g, ' ')} '${cellText(r.cells[col!.index]).trim()}' ${why}` };
        }
      }
      const key = naturalKey(def, p.body, keyField ? keyField : undefined);
      if (key && !o.allowDuplicates && mode === 'create') {
        const first = scanner.firstRowOf(key.value, r.row);
        if (first !== undefined && first !== r.row) {
          return { ...base, status: 'skipped', issues: [], note: `duplicate of row ${first} (same ${key.field.replace(/_/g, ' ')} "${key.value}")` };
        }
      }
      if (p.issues.length > 0) return { ...base, status: 'invalid', issues: p.issues, key: key?.value };
      // A row of a report fed back with --on-existing update carries its record's id.
      if (mode === 'update' || p.id !== undefined) return updateRow(p, key, base);
      if (dryRun) {
        // The list read before the run answers without a request.
        if (writer.complete || !key) return wouldCreate(r, base, key, writer.knownExistingId(key));
        return writer.existingId(key).then((id) => wouldCreate(r, base, key, id));
      }
      return create(r, p, base, key);
    };

    const wouldCreate = (r: SheetRow, base: Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>, key: { field: string; value: string } | undefined, existingId: number | undefined): RowOutcome => {
      if (existingId !== undefined) {
        const what = o.onExisting ?? 'skip';
        if (what === 'update') return { ...base, status: 'valid', id: existingId, issues: [], note: `already in the service (id ${existingId}); would be updated` };
        if (what === 'error') return { ...base, status: 'invalid', id: existingId, issues: [{ code: 'E_DUPLICATE_ROW', field: key?.field, message: `already in the service (id ${existingId})` }] };
        return { ...base, status: 'skipped', id: existingId, issues: [], note: `already in the service (id ${existingId}); would be skipped` };
      }
      if (key && (def.name === 'contract' || def.name === 'customer')) resolver.remember(def.name, { id: -r.row, name: key.value });
      return { row: base.row, cells: base.cells, text: base.text, warnings: base.warnings, status: 'valid', issues: [], key: key?.value };
    };

    const create = async (r: SheetRow, p: PreparedRow, base: Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>, key: { field: string; value: string } | undefined): Promise<RowOutcome> => {
      if (stopped) return notSent(base);
      try {
        const res = await writer.create(r.row, p.body, key);
        if (res.status === 'created' && res.id !== undefined && key && def.name !== 'asset') {
          resolver.remember(def.name as LookupKind, { id: res.id, name: key.value });
        }
        return { ...base, status: res.status, id: res.id, issues: res.issues ?? [], note: res.note, key: key?.value };
      } catch (e) {
        stop(e);
        if (isInterruption(e)) return { ...notSent(base), key: key?.value };
        return { ...base, status: 'failed', key: key?.value, issues: [{ code: isAssetbatchError(e) ? e.code : 'E_INTERNAL', message: `not sent: ${isAssetbatchError(e) ? e.message : String(e)}` }] };
      }
    };
    /** Rows another row waits for are remembered until then. */
    const track = (r: SheetRow, p: RowOutcome | Promise<RowOutcome>): RowOutcome | Promise<RowOutcome> => {
      if (scanned.referenced.has(r.row)) pending.set(r.row, Promise.resolve(p));
      return p;
    };

    /** Updates: find the record (ID column, else natural key), merge, PUT (or show the changes). */
    const updateRow = async (p: PreparedRow, key: { field: string; value: string } | undefined, base: Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>): Promise<RowOutcome> => {
      let id = p.id;
      if (id === undefined) {
        if (!key) return { ...base, status: 'invalid', issues: [{ code: 'E_VALUE_REQUIRED', field: 'id', message: `needs an ID or a ${keyField?.replace(/_/g, ' ')} to find the record` }] };
        const found = existingComplete ? (existing?.get(`${key.field}=${key.value}`) ?? []).map((id) => ({ id })) : await writer.findByKey(key);
        if (found.length === 0) return { ...base, status: 'failed', issues: [{ code: 'E_LOOKUP_NOT_FOUND', field: key.field, message: `no ${def.label.toLowerCase()} with ${key.field.replace(/_/g, ' ')} "${key.value}" in company ${company}` }] };
        if (found.length > 1) return { ...base, status: 'failed', issues: [{ code: 'E_LOOKUP_AMBIGUOUS', field: key.field, message: `${found.length} ${def.plural} have ${key.field.replace(/_/g, ' ')} "${key.value}" (ids ${found.map((f) => f.id).join(', ')}); add an ID column` }] };
        id = found[0].id;
      }
      if (stopped) return { ...notSent(base), id };
      try {
        const res = await writer.updateMerged(p.row, id, p.body, { clearEmpty: o.clearEmpty ? p.emptyFields : [], replace: o.replace, dryRun });
        if (dryRun) return { ...base, status: res.status === 'failed' ? 'failed' : 'valid', id, issues: res.issues ?? [], changes: res.changes, note: res.note };
        return { ...base, status: res.status, id: res.id, issues: res.issues ?? [], note: res.note };
      } catch (e) {
        stop(e);
        if (isInterruption(e)) return { ...notSent(base), id };
        return { ...base, status: 'failed', id, issues: [{ code: isAssetbatchError(e) ? e.code : 'E_INTERNAL', message: `not sent: ${isAssetbatchError(e) ? e.message : String(e)}` }] };
      }
    };

    const debug = o.logger?.isLevelEnabled('debug') === true;
    // A report that cannot be written (a full disk) stops the run: rows in flight finish
    // and are journaled, nothing more is sent, and the error is thrown after them.
    let reportFailed: AssetbatchError | undefined;
    const failReport = (e: unknown): void => {
      reportFailed ??= fileWriteError(e, reportPath);
      stop(reportFailed);
    };
    const writeReport = (out: RowOutcome): void | Promise<void> => {
      if (reportFailed) return;
      try {
        return report!.write(out)?.catch(failReport);
      } catch (e) {
        failReport(e);
      }
    };
    const emit = (row: RowOutcome): void | Promise<void> => {
      const out = readNotes.attach(row);
      counts[out.status]++;
      if (debug) o.logger!.debug({ row: out.row, status: out.status, id: out.id, issues: out.issues.map((i) => i.code) }, 'row');
      const written = writeReport(out);
      o.onRow?.(out);
      const done = counts.created + counts.updated + counts.skipped + counts.invalid + counts.failed + counts.valid + counts['not sent'];
      const total = counted ? scanned.rows + scanned.totalsRows : undefined;
      o.onProgress?.({
        done,
        total,
        requests: conn.client.stats.requests - startRequests,
        windowLeft: () => Math.max(0, conn.client.limiter.limit - conn.client.limiter.inWindow()),
        etaMs: () => (total === undefined ? undefined : conn.client.limiter.estimateMs(Math.ceil((total - done) * requestsPerRow))),
      });
      return written;
    };

    /** A dry run's row, checked and reported; a promise only when something must wait. */
    const checkRow = (r: SheetRow): void | Promise<void> => {
      const out = track(r, process(r));
      return out instanceof Promise ? out.then(emit) : emit(out);
    };
    if (onePass) {
      for (let i = 0; i < ahead.length; i++) {
        const waited = checkRow(ahead[i]);
        if (waited) await waited;
      }
      ahead.length = 0;
      for (;;) {
        // A row at hand is taken without a promise; only an empty hand waits for the reader.
        const r = probe.take?.() ?? (await nextRow());
        if (!r) break;
        const learnt = learn(r);
        if (learnt) await learnt;
        const waited = checkRow(r);
        if (waited) await waited;
      }
    } else if (dryRun && mode === 'create') {
      // In order, one at a time: a dry run's rows need the service only for the odd lookup.
      for await (const r of source.rows) {
        const waited = checkRow(r);
        if (waited) await waited;
      }
    } else {
      const concurrency = Math.max(1, o.concurrency ?? 4);
      const limit = pLimit(concurrency);
      const window: Promise<RowOutcome>[] = [];
      for await (const r of source.rows) {
        window.push(Promise.resolve(track(r, limit(() => process(r)))));
        while (window.length >= concurrency * 4) await emit(await window.shift()!);
      }
      while (window.length > 0) await emit(await window.shift()!);
    }
    o.signal?.removeEventListener('abort', onAbort);
    if (reportFailed) throw reportFailed;

    const durationMs = Date.now() - started;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const summary: ImportSummary = {
      file: o.file,
      resource: def.name,
      dryRun,
      rows: total,
      counts,
      requests: conn.client.stats.requests - startRequests,
      throttled: conn.client.stats.throttled - stats0.throttled,
      retries: conn.client.stats.retries - stats0.retries,
      recovered: writer.recovered,
      durationMs,
      rowsPerSecond: total / Math.max(0.001, durationMs / 1000),
      report: reportPath,
      journal: journal?.path,
      stopped,
      repairedRows: readNotes.repaired,
      warnings: [...plan.warnings, ...writer.warnings],
      runWarnings: [...writer.warnings],
      plan,
    };
    notePace(conn, durationMs);
    for (const w of writer.warnings) o.logger?.warn(w);
    o.logger?.info({ counts, requests: summary.requests, throttled: summary.throttled, recovered: summary.recovered, durationMs, stopped }, 'summary');
    journal?.close();
    journal = undefined;
    await report.close(summary).catch((e: unknown) => {
      throw fileWriteError(e, reportPath);
    });
    report = undefined;
    return summary;
  } catch (e) {
    journal?.close();
    await report?.abort();
    // Stopped while the plan was made: nothing was sent, and the report still lists every row.
    if (isInterruption(e) && !report && !dryRun) await reportAllNotSent(o, probe.sheet, probe.headerRow, probe.headers, (e as Error).message).catch(() => undefined);
    throw e;
  } finally {
    // A run that stops early must still let go of the file (and a reading thread).
    o.signal?.removeEventListener('abort', interruptClient);
    await probe.close?.();
    await lock?.release();
    if (ownsConn) await conn.close();
  }
}

/** A run stopped before its first row: every row goes in the report as not sent. */
async function reportAllNotSent(o: ImportOptions, sheet: string | undefined, headerRow: number, headers: readonly string[], message: string): Promise<void> {
  const reportPath = o.reportPath ?? defaultReportPath(o.file);
  await checkReportPath(o.file, reportPath);
  const source = await openSheet(o.file, { sheet, headerRow });
  const report = await openReport(reportPath, headers);
  try {
    for await (const r of source.rows) {
      await report.write({ row: r.row, cells: r.cells, text: r.text, warnings: [], status: 'not sent', issues: [{ code: 'E_INTERRUPTED', message: `not sent: ${message}` }] });
    }
    await report.close();
  } catch (e) {
    await report.abort();
    throw e;
  }
}

/**
 * Remember the share of the account this run got, for the next run's plan and pace: the
 * rate it paced at when it ended, while below the limit (after a 429, or climbing back
 * from a remembered share); forgotten when a run of more than a window had the whole limit.
 */
function notePace(conn: Connection, durationMs: number): void {
  const limiter = conn.client.limiter;
  if (!conn.paceKey || limiter.limit <= 0) return;
  const rate = limiter.currentRate();
  if (limiter.rate.adapted && rate < limiter.limit) rememberRate(conn.paceKey, limiter.limit, rate);
  else if (durationMs > 60_000) rememberRate(conn.paceKey, limiter.limit, undefined);
}

const isInterruption = (e: unknown): boolean => isAssetbatchError(e) && e.code === 'E_INTERRUPTED';

/** A dry run: every check, nothing written. */
export function validateSpreadsheet(o: Omit<ImportOptions, 'dryRun'>): Promise<ImportSummary> {
  return importSpreadsheet({ ...o, dryRun: true });
}

export type { RowIssue };

/** Update records from a sheet: each row's record found by ID or natural key, merged, its changes PATCHed (or PUT). */
export function updateSpreadsheet(o: Omit<ImportOptions, 'mode'>): Promise<ImportSummary> {
  return importSpreadsheet({ ...o, mode: 'update' });
}
