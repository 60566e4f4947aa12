// Related records in one workbook: a sheet per resource, imported in dependency order
// (customers, then contracts, then assets), so that references between them resolve to
// records created earlier in the same run. A row whose referenced row failed is skipped
// with that reason rather than reported as a name that does not exist.
import { AssetbatchError } from '../errors.js';
import type { LookupKind } from '../resources/fields.js';
import { listSheets } from '../read/index.js';
import { compactName } from '../map/normalize.js';
import { importSpreadsheet, loadMappingFile, type ImportOptions, type ImportSummary } from './import.js';
import type { RowOutcome } from '../report/report.js';
import { interrupted, stopOf } from './stop.js';
import { defaultReportPath } from './settings.js';

/** Import order: what others refer to comes first. */
const WORKBOOK_ORDER = ['customer', 'contract', 'asset'] as const;
type WorkbookResource = (typeof WORKBOOK_ORDER)[number];

const SHEET_NAMES: Record<WorkbookResource, readonly string[]> = {
  customer: ['customer', 'customers', 'client', 'clients', 'accounts'],
  contract: ['contract', 'contracts', 'agreement', 'agreements'],
  asset: ['asset', 'assets', 'register', 'asset register', 'inventory', 'hardware', 'devices'],
};

/** Which resource a sheet holds, by its name (or the mapping of sheet names). */
function resourceOfSheet(
  name: string,
  sheets?: Readonly<Record<string, string>>,
): WorkbookResource | undefined {
  const given = sheets?.[name];
  if (given) return WORKBOOK_ORDER.find((r) => compactName(r) === compactName(given));
  return WORKBOOK_ORDER.find((r) => SHEET_NAMES[r].some((n) => compactName(n) === compactName(name)));
}

export interface WorkbookOptions extends Omit<
  ImportOptions,
  'resource' | 'sheet' | 'reportPath' | 'realReportPath' | 'failedRefs' | 'knownRefs' | 'headerRow' | 'preset'
> {
  /** Sheet name → resource, where names do not say it. */
  readonly sheets?: Readonly<Record<string, string>>;
  /** Reports go to `<reportBase>.<sheet>.report.csv`; default the input's path (a dry run's: `<input>.<sheet>.check.csv`). */
  readonly reportBase?: string;
  readonly onSheet?: (info: { sheet: string; resource: string }) => void;
}

export interface WorkbookSummary {
  readonly sheets: readonly (ImportSummary & { sheet: string })[];
}

/** A sheet's report, and its real run's (a dry run reads the journal beside that one). */
function sheetReports(
  options: WorkbookOptions,
  sheet: string,
): { reportPath: string; realReportPath: string } {
  const base = `${options.reportBase ?? options.file}.${sheet}`;
  const real = defaultReportPath(base);
  return {
    reportPath: options.reportBase === undefined ? defaultReportPath(base, options.dryRun) : real,
    realReportPath: real,
  };
}

export async function importWorkbook(options: WorkbookOptions): Promise<WorkbookSummary> {
  // A workbook's mapping file says which sheet is which; columns are mapped sheet by sheet.
  const file = options.mappingPath ? await loadMappingFile(options.mappingPath) : undefined;
  if (
    file &&
    (file.columns || file.fields || file.resource || file.defaults || typeof file.unmatched === 'object')
  ) {
    throw new AssetbatchError(
      'E_USAGE',
      'a mapping file for a whole workbook may only name its sheets ("sheets": {"Clients": "customer"}), a "dateFormat" and one "unmatched" choice for every sheet',
      {
        location: { file: options.mappingPath },
        hint: "To map one sheet's columns, import that sheet alone: --resource customer --sheet Clients --mapping clients.json",
      },
    );
  }
  options = {
    ...options,
    mappingPath: undefined,
    sheets: { ...(file?.sheets ?? {}), ...(options.sheets ?? {}) },
    dateFormat: options.dateFormat ?? file?.dateFormat,
    unmatched: options.unmatched ?? (file?.unmatched as string | undefined),
  };
  const sheets = await listSheets(options.file);
  const plan = WORKBOOK_ORDER.flatMap((resource) =>
    sheets
      .filter((s) => !s.hidden && resourceOfSheet(s.name, options.sheets) === resource)
      .map((s) => ({ sheet: s.name, resource })),
  );
  if (plan.length === 0) {
    throw new AssetbatchError(
      'E_USAGE',
      `no sheet of this workbook is named for a resource (sheets: ${sheets.map((s) => `"${s.name}"`).join(', ')})`,
      {
        location: { file: options.file },
        hint: 'Name the sheets Customers, Contracts and Assets, or give --resource and --sheet to import one sheet.',
      },
    );
  }
  const failed = new Map<LookupKind, Map<string, string>>();
  // A dry run creates nothing, so later sheets are told which references would exist.
  const known = new Map<LookupKind, string[]>();
  const out: (ImportSummary & { sheet: string })[] = [];
  // Each sheet has a memory (and a lock) of its own: a wait for one is said once a run, not a sheet.
  const onLockWait = options.onLockWait && once(options.onLockWait);
  for (const [i, { sheet, resource }] of plan.entries()) {
    options.onSheet?.({ sheet, resource });
    const keys = new Map<string, string>();
    const valid: string[] = [];
    const onRow = (row: RowOutcome) => {
      options.onRow?.(row);
      if (row.key && row.status === 'valid') valid.push(row.key);
      if (
        row.key &&
        !['created', 'updated', 'valid'].includes(row.status) &&
        !(row.status === 'skipped' && row.id !== undefined)
      ) {
        keys.set(row.key.toLowerCase(), `(sheet "${sheet}", row ${row.row}) was not created (${row.status})`);
      }
    };
    const summary = await importSpreadsheet({
      ...options,
      resource,
      sheet,
      ...sheetReports(options, sheet),
      failedRefs: failed,
      knownRefs: known,
      onRow,
      onLockWait,
    });
    // A stop that came once this sheet's rows were all through ends its run as done; the
    // workbook's later sheets are still to run, so the workbook stops there, resumably.
    const stopped =
      summary.stopped ??
      (options.signal?.aborted && i < plan.length - 1 ? stopOf(interrupted(options.dryRun)) : undefined);
    out.push({ ...summary, stopped, sheet });
    if (resource !== 'asset') {
      failed.set(resource, keys);
      known.set(resource, valid);
    }
    if (stopped) break;
  }
  return { sheets: out };
}

/** `f`, called the first time only. */
function once<A extends unknown[]>(f: (...args: A) => void): (...args: A) => void {
  let called = false;
  return (...args) => {
    if (called) return;
    called = true;
    f(...args);
  };
}
