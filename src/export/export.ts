// Export: read a whole list page by page (in order, with bounded look-ahead, so memory
// does not grow with the account), flatten each record to the resource's columns, and
// stream the rows to a CSV, XLSX, JSON or NDJSON writer. Options are normalised once,
// here, into a frozen config; the CLI only parses flags and prints.
import type { Writable } from 'node:stream';
import { extname } from 'node:path';
import { ApiClient } from '../api/client.js';
import { listAll, listArray, pagesFor } from '../api/paginate.js';
import { AssetbatchError } from '../errors.js';
import { RESOURCES, customFieldTemplate, findResource } from '../resources/index.js';
import type { CustomTemplate, ResourceDef } from '../resources/fields.js';
import { humanize, isValidIsoDate } from '../resources/fields.js';
import {
  type ExportColumn,
  customColumns,
  customFieldTypeOf,
  definitionColumns,
  flattenRecord,
} from './flatten.js';
import { financeColumns } from './finance.js';
import { checkColumnNames, chooseColumns } from './choose.js';
import { ExportPrints, UPDATED_RESOURCES } from '../send/exported.js';
import { customFieldIdOf } from '../send/merge.js';
import { exportsPath, rememberExport } from '../send/export-memory.js';
import {
  type AboutSheet,
  type ExportFormat,
  EXPORT_FORMATS,
  type TableWriter,
  createWriter,
  openSink,
} from './writers/index.js';

export interface ExportPlan {
  readonly resource: string;
  /** Records the service reports (`count` of the first page). */
  readonly count: number;
  readonly pages: number;
  /** Requests this list costs in all (custom field templates and every page). */
  readonly requests: number;
  /** Time the remaining requests need at the account's rate limit. */
  readonly etaMs: number;
}

export interface ExportProgress {
  readonly resource: string;
  readonly page: number;
  readonly pages: number;
  readonly records: number;
  readonly count: number;
}

interface CommonOptions {
  /** An existing client (left open); otherwise one is made from baseUrl and token and closed at the end. */
  readonly client?: ApiClient;
  readonly baseUrl?: string;
  readonly token?: string;
  /** Requests per minute for a client made here; 0 turns pacing off. Default 100. */
  readonly rateLimit?: number;
  /** Default 1. */
  readonly company?: number;
  /** Default: from the output's extension; csv on a stream (json for export all). */
  readonly format?: ExportFormat;
  /** A path (written atomically; `{date}`, `{company}` and `{resource}` are filled in) or a stream, which is not ended. Default stdout. */
  readonly output?: string | Writable;
  /** CSV for Excel: BOM and CRLF. */
  readonly excel?: boolean;
  /** Do not neutralise text that could run as a formula. */
  readonly raw?: boolean;
  /** Add finance columns (assets: book value; contracts: months remaining, notice deadline, annualised spend, auto-renews). */
  readonly finance?: boolean;
  /** The day finance figures are worked out for (yyyy-MM-dd); default today. */
  readonly asOf?: string | Date;
  /** Enumerations as the service's codes (`net_30`) instead of their labels ("Net 30"). */
  readonly codes?: boolean;
  /** Pages in flight at once. Default 4. */
  readonly concurrency?: number;
  /** 'pages' fetches pages by number in parallel (default); 'next' follows `next` one at a time. */
  readonly mode?: 'pages' | 'next';
  /** The export's clock, for `{date}` and the About sheet. */
  readonly now?: Date;
  /** Stops the export (E_INTERRUPTED); a file being written is removed, not left half-written. */
  readonly signal?: AbortSignal;
  readonly onPlan?: (plan: ExportPlan) => void;
  readonly onProgress?: (progress: ExportProgress) => void;
}

export interface ExportOptions extends CommonOptions {
  /** Our name for the list: asset, supplier, asset-owner, hardware_model … */
  readonly resource: string;
  /** Documented filters of the list, e.g. {name: 'Laptop'}. */
  readonly filters?: Readonly<Record<string, string>>;
  /** The columns to write, in this order, by header or key (`Book value`, `book_value`); default all. */
  readonly columns?: readonly string[];
}

export interface ExportAllOptions extends CommonOptions {
  /** The lists to export; default every list the service has. */
  readonly resources?: readonly string[];
}

export interface ExportResult {
  readonly resource: string;
  readonly format: ExportFormat;
  /** Records written. */
  readonly records: number;
  /** Records the service reported. */
  readonly count: number;
  readonly pages: number;
  readonly requests: number;
  readonly file?: string;
  /** Headers, in order. */
  readonly columns: readonly string[];
  /** What the run could not do beside the export (its memory not written). */
  readonly warnings?: readonly string[];
}

export interface ExportAllResult {
  readonly format: ExportFormat;
  readonly records: number;
  readonly pages: number;
  readonly requests: number;
  /** The workbook or file written (the first, when `{resource}` splits the export). */
  readonly file?: string;
  readonly files: readonly string[];
  readonly lists: readonly (ExportResult & { readonly skipped?: string })[];
  /** What the run could not do beside the export (its memory not written). */
  readonly warnings?: readonly string[];
}

// ---------------------------------------------------------------------------------
// Normalising options.

/** yyyy-MM-dd of a moment, in local time: a finance user's "today". */
function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

const EXTENSIONS: Record<string, ExportFormat> = {
  '.csv': 'csv',
  '.xlsx': 'xlsx',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** The format a file name asks for, or undefined. */
function formatFromPath(path: string): ExportFormat | undefined {
  return EXTENSIONS[extname(path).toLowerCase()];
}

/** Fill `{date}` (the as-of day: today unless --as-of says otherwise), `{company}` and `{resource}` in an output path. */
function fillPlaceholders(
  path: string,
  values: { date: string; company: number; resource?: string },
): string {
  return path.replace(/\{(date|company|resource)\}/g, (m, key: string) => {
    if (key === 'date') return values.date;
    if (key === 'company') return String(values.company);
    return values.resource ?? m;
  });
}

/** The base URL as it may be shown: no user, password, query or fragment. */
function displayUrl(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}

function resolveFormat(
  explicit: ExportFormat | undefined,
  output: string | Writable | undefined,
  fallback: ExportFormat,
): ExportFormat {
  if (explicit !== undefined) {
    if (!EXPORT_FORMATS.includes(explicit))
      throw new AssetbatchError('E_USAGE', `unknown format "${explicit}"`, {
        hint: `Use one of: ${EXPORT_FORMATS.join(', ')}.`,
      });
    return explicit;
  }
  if (typeof output !== 'string') return fallback;
  const f = formatFromPath(output);
  if (!f) {
    throw new AssetbatchError('E_USAGE', `cannot tell the format from "${output}"`, {
      hint: 'End the file name in .csv, .xlsx, .json or .ndjson, or pass --format.',
    });
  }
  return f;
}

function resolveAsOf(asOf: string | Date | undefined, now: Date): string {
  if (asOf === undefined) return localDate(now);
  if (asOf instanceof Date) return localDate(asOf);
  if (!isValidIsoDate(asOf))
    throw new AssetbatchError('E_USAGE', `"${asOf}" is not a date`, {
      hint: 'Give --as-of as yyyy-MM-dd, e.g. 2025-12-31.',
    });
  return asOf;
}

function resolveResource(name: string): ResourceDef {
  const def = findResource(name);
  if (!def) {
    throw new AssetbatchError('E_USAGE', `unknown list "${name}"`, {
      hint: `Lists: ${RESOURCES.map((r) => r.name).join(', ')}, or all.`,
    });
  }
  return def;
}

function checkFilters(def: ResourceDef, filters: Readonly<Record<string, string>>): void {
  for (const key of Object.keys(filters)) {
    // The public reference adds custom form filters on assets.
    const customForm = def.customForms === true && key.startsWith('custom_form_');
    if (!def.filters.includes(key) && !customForm) {
      throw new AssetbatchError('E_USAGE', `the ${def.name} list has no filter "${key}"`, {
        hint:
          def.filters.length > 0
            ? `Filters of ${def.plural}: ${def.filters.join(', ')}.`
            : `The ${def.name} list takes no filters.`,
      });
    }
  }
}

interface Connection {
  readonly client: ApiClient;
  readonly source: string;
  close(): Promise<void>;
}

function openConnection(opts: CommonOptions): Connection {
  if (opts.client)
    return { client: opts.client, source: displayUrl(opts.client.baseUrl), close: async () => undefined };
  if (!opts.baseUrl) {
    throw new AssetbatchError('E_CONFIG', 'no base URL for the service', {
      hint: 'Pass --base-url or set ASSETBATCH_BASE_URL (or use --sandbox).',
    });
  }
  if (!opts.token) {
    throw new AssetbatchError('E_CONFIG', 'no access token', {
      hint: "Pass --token or set ASSETBATCH_TOKEN (an administrator creates tokens on the service's settings page).",
    });
  }
  let client: ApiClient;
  try {
    client = new ApiClient({ baseUrl: opts.baseUrl, token: opts.token, rateLimit: opts.rateLimit });
  } catch (e) {
    throw new AssetbatchError('E_CONFIG', `"${displayUrl(opts.baseUrl)}" is not a URL`, {
      cause: e,
      hint: 'Give the base URL like https://dashboard-api.revnue.com.',
    });
  }
  return { client, source: displayUrl(opts.baseUrl), close: () => client.close() };
}

interface Settings {
  readonly company: number;
  readonly asOf: string;
  readonly now: Date;
  readonly finance: boolean;
  readonly codes: boolean;
  readonly raw: boolean;
  readonly excel: boolean;
  readonly concurrency: number;
  readonly mode: 'pages' | 'next';
}

function settings(opts: CommonOptions): Settings {
  const now = opts.now ?? new Date();
  const company = opts.company ?? 1;
  if (!Number.isInteger(company) || company < 1)
    throw new AssetbatchError('E_USAGE', `company must be a positive whole number (got ${company})`);
  const concurrency = opts.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new AssetbatchError('E_USAGE', `concurrency must be a positive whole number (got ${concurrency})`);
  return Object.freeze({
    company,
    now,
    asOf: resolveAsOf(opts.asOf, now),
    finance: opts.finance === true,
    codes: opts.codes === true,
    raw: opts.raw === true,
    excel: opts.excel === true,
    concurrency,
    mode: opts.mode ?? 'pages',
  });
}

// ---------------------------------------------------------------------------------
// Columns and lists.

/** Every column of a resource's export: definition, custom fields, then finance; enumerations as labels unless `codes`. */
export function exportColumns(
  def: ResourceDef,
  templates: readonly CustomTemplate[],
  finance?: { asOf: string },
  codes = false,
): ExportColumn[] {
  const base = definitionColumns(def, codes);
  const custom = customColumns(def, templates);
  return [...base, ...custom, ...(finance ? financeColumns(def.name, finance.asOf) : [])];
}

function fetchTemplates(client: ApiClient, company: number): Promise<CustomTemplate[]> {
  return listArray<CustomTemplate>(client, customFieldTemplate, { company });
}

interface ListCounts {
  records: number;
  count: number;
  pages: number;
}

/** A list whose first page has been read: nothing is written until then, so a list the service refuses can be left out whole. */
interface OpenList {
  readonly def: ResourceDef;
  readonly iterator: AsyncIterator<Record<string, unknown>>;
  readonly first: IteratorResult<Record<string, unknown>>;
  readonly counts: ListCounts;
}

async function openList(
  client: ApiClient,
  def: ResourceDef,
  s: Settings,
  filters: Readonly<Record<string, string>>,
  hooks: Pick<CommonOptions, 'onPlan' | 'onProgress'>,
  requestsBefore: number,
): Promise<OpenList> {
  const counts: ListCounts = { records: 0, count: 0, pages: 0 };
  const startRequests = client.stats.requests;
  const gen = listAll<Record<string, unknown>>(client, def, {
    company: s.company,
    filters,
    concurrency: s.concurrency,
    mode: s.mode,
    onPage: (info) => {
      counts.pages++;
      counts.count = info.count;
      if (counts.pages === 1) {
        const pages = pagesFor(info.count);
        hooks.onPlan?.({
          resource: def.name,
          count: info.count,
          pages,
          requests: requestsBefore + (client.stats.requests - startRequests) + pages - 1,
          etaMs: client.limiter.estimateMs(pages - 1),
        });
        // A list that fits the window's room is read at once; a longer one evenly.
        client.limiter.expect(pages - 1);
      }
      hooks.onProgress?.({
        resource: def.name,
        page: counts.pages,
        pages: Math.max(counts.pages, pagesFor(info.count)),
        records: info.records,
        count: info.count,
      });
    },
  });
  const iterator = gen[Symbol.asyncIterator]();
  const first = await iterator.next();
  return { def, iterator, first, counts };
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new AssetbatchError(
      'E_INTERRUPTED',
      'the export was interrupted (a file being written is removed)',
    );
}

async function writeList(
  list: OpenList,
  writer: TableWriter,
  columns: readonly ExportColumn[],
  signal?: AbortSignal,
  onRecord?: (record: Record<string, unknown>) => void,
): Promise<ListCounts> {
  try {
    await writer.beginSheet({ resource: list.def.name, title: humanize(list.def.plural), columns });
    for (let r = list.first; !r.done; r = await list.iterator.next()) {
      checkAborted(signal);
      await writer.writeRow(flattenRecord(r.value, columns));
      onRecord?.(r.value);
      list.counts.records++;
    }
    await writer.endSheet();
    return list.counts;
  } catch (e) {
    // Stop the reader too, so no more pages are asked for.
    await list.iterator.return?.(undefined).catch(() => undefined);
    throw e;
  }
}

/**
 * What an export a user may edit and send back shows of each record (a spreadsheet of a list
 * that update and sync take), to be remembered; undefined for any other.
 */
function printsOf(
  def: ResourceDef,
  format: ExportFormat,
  columns: readonly ExportColumn[],
): ExportPrints | undefined {
  if (!UPDATED_RESOURCES.has(def.name) || (format !== 'csv' && format !== 'xlsx')) return undefined;
  return new ExportPrints(
    def,
    columns.flatMap((c) => (c.field ? [c.field] : [])),
    columns.flatMap((c) => {
      const id = customFieldIdOf(c.key);
      return id === undefined ? [] : [id];
    }),
  );
}

/**
 * The export's prints to the memory of exports, for its service, company and list. The file
 * is written by then: a memory that cannot be written is a warning (an update of the file will
 * not know which of its cells were edited), not a failed export.
 */
async function rememberShown(
  client: ApiClient,
  s: Settings,
  def: ResourceDef,
  shown: ExportPrints,
  file: string | undefined,
): Promise<string | undefined> {
  const path = exportsPath({ service: client.baseUrl, company: s.company, resource: def.name });
  try {
    await rememberExport(path, {
      at: s.now.toISOString(),
      file,
      fields: shown.fields,
      records: shown.records,
    });
    return undefined;
  } catch (e) {
    if (!(e instanceof AssetbatchError)) throw e;
    return `${e.message}; an update of this file will not tell the cells you edit from those changed in the service since (${e.hint ?? ''})`;
  }
}

// ---------------------------------------------------------------------------------
// The public functions.

/** Export one list to a file or stream. */
export async function exportResource(options: ExportOptions): Promise<ExportResult> {
  const def = resolveResource(options.resource);
  const s = settings(options);
  const filters = Object.freeze({ ...(options.filters ?? {}) });
  checkFilters(def, filters);
  const format = resolveFormat(options.format, options.output, 'csv');
  const output =
    typeof options.output === 'string'
      ? fillPlaceholders(options.output, { date: s.asOf, company: s.company, resource: def.name })
      : options.output;
  const financeLeftOut = s.finance ? [] : financeColumns(def.name, s.asOf);
  checkColumnNames(
    exportColumns(def, [], s.finance ? { asOf: s.asOf } : undefined, s.codes),
    options.columns,
    def.name,
    {
      finance: financeLeftOut,
      customs: customFieldTypeOf(def) !== undefined,
    },
  );
  const conn = openConnection(options);
  try {
    const requests0 = conn.client.stats.requests;
    const templates = customFieldTypeOf(def) ? await fetchTemplates(conn.client, s.company) : [];
    const all = exportColumns(def, templates, s.finance ? { asOf: s.asOf } : undefined, s.codes);
    const columns = chooseColumns(all, options.columns, def.name, financeLeftOut);
    const list = await openList(
      conn.client,
      def,
      s,
      filters,
      options,
      conn.client.stats.requests - requests0,
    );
    const sink = await openSink(output);
    let counts: ListCounts;
    const writer = await createWriter(format, sink.stream, { excel: s.excel, raw: s.raw, multi: false });
    const shown = printsOf(def, format, columns);
    try {
      counts = await writeList(list, writer, columns, options.signal, shown?.add);
      await writer.finish({
        what: `${humanize(def.plural)} (${def.name})`,
        source: conn.source,
        company: s.company,
        exportedAt: s.now,
        asOf: s.finance ? s.asOf : undefined,
        filters,
        codes: s.codes,
        ...(options.columns ? { columns: { chosen: columns.map((c) => c.label), of: all.length } } : {}),
        sheets: [{ resource: def.name, title: humanize(def.plural), ...counts }],
      });
      await sink.commit();
    } catch (e) {
      writer.abort?.();
      await sink.abort();
      throw e;
    }
    const warning = shown && (await rememberShown(conn.client, s, def, shown, sink.file));
    return {
      resource: def.name,
      format,
      ...counts,
      requests: conn.client.stats.requests - requests0,
      file: sink.file,
      columns: columns.map((c) => c.label),
      ...(warning ? { warnings: [warning] } : {}),
    };
  } finally {
    await conn.close();
  }
}

/** Failures that mean "this list is not offered here" rather than "stop". */
const UNAVAILABLE = new Set(['E_HTTP_NOT_FOUND', 'E_HTTP_BAD_REQUEST']);

/**
 * Export every list (or `resources`): one workbook with a sheet per list and an About
 * sheet for XLSX, one object of arrays for JSON, tagged lines for NDJSON; with
 * `{resource}` in the output path, one file per list in any format.
 */
export async function exportAll(options: ExportAllOptions): Promise<ExportAllResult> {
  const defs = (options.resources ?? RESOURCES.map((r) => r.name)).map(resolveResource);
  const s = settings(options);
  const format = resolveFormat(options.format, options.output, 'json');
  const conn = openConnection(options);
  try {
    const requests0 = conn.client.stats.requests;
    if (typeof options.output === 'string' && options.output.includes('{resource}')) {
      const lists: ExportResult[] = [];
      for (const def of defs)
        lists.push(await exportResource({ ...options, client: conn.client, format, resource: def.name }));
      return summarise(
        format,
        lists,
        conn.client.stats.requests - requests0,
        lists.map((l) => l.file!),
      );
    }
    if (format === 'csv') {
      throw new AssetbatchError('E_USAGE', 'a CSV file holds one list', {
        hint: 'Export all lists to .xlsx, .json or .ndjson, or put {resource} in the file name (one CSV per list).',
      });
    }
    const output =
      typeof options.output === 'string'
        ? fillPlaceholders(options.output, { date: s.asOf, company: s.company })
        : options.output;
    const templates = defs.some((d) => customFieldTypeOf(d))
      ? await fetchTemplates(conn.client, s.company)
      : [];
    const sink = await openSink(output);
    const lists: (ExportResult & { skipped?: string })[] = [];
    const sheets: AboutSheet[] = [];
    const shownLists: { def: ResourceDef; shown: ExportPrints }[] = [];
    const writer = await createWriter(format, sink.stream, { excel: s.excel, raw: s.raw, multi: true });
    try {
      for (const def of defs) {
        const before = conn.client.stats.requests;
        const columns = exportColumns(def, templates, s.finance ? { asOf: s.asOf } : undefined, s.codes);
        const title = humanize(def.plural);
        let list: OpenList;
        try {
          list = await openList(conn.client, def, s, {}, options, 0);
        } catch (e) {
          if (!(e instanceof AssetbatchError && UNAVAILABLE.has(e.code))) throw e;
          const skipped = e.message;
          sheets.push({ resource: def.name, title, records: 0, count: 0, pages: 0, skipped });
          lists.push({
            resource: def.name,
            format,
            records: 0,
            count: 0,
            pages: 0,
            requests: conn.client.stats.requests - before,
            columns: [],
            skipped,
          });
          continue;
        }
        const shown = printsOf(def, format, columns);
        if (shown) shownLists.push({ def, shown });
        const counts = await writeList(list, writer, columns, options.signal, shown?.add);
        sheets.push({ resource: def.name, title, ...counts });
        lists.push({
          resource: def.name,
          format,
          ...counts,
          requests: conn.client.stats.requests - before,
          file: sink.file,
          columns: columns.map((c) => c.label),
        });
      }
      await writer.finish({
        what: `every list (${defs.map((d) => d.name).join(', ')})`,
        source: conn.source,
        company: s.company,
        exportedAt: s.now,
        asOf: s.finance ? s.asOf : undefined,
        filters: {},
        codes: s.codes,
        sheets,
      });
      await sink.commit();
    } catch (e) {
      writer.abort?.();
      await sink.abort();
      throw e;
    }
    const warnings: string[] = [];
    for (const l of shownLists) {
      const warning = await rememberShown(conn.client, s, l.def, l.shown, sink.file);
      if (warning) warnings.push(warning);
    }
    const result = summarise(
      format,
      lists,
      conn.client.stats.requests - requests0,
      sink.file ? [sink.file] : [],
    );
    return warnings.length > 0 ? { ...result, warnings } : result;
  } finally {
    await conn.close();
  }
}

function summarise(
  format: ExportFormat,
  lists: ExportAllResult['lists'],
  requests: number,
  files: string[],
): ExportAllResult {
  return {
    format,
    records: lists.reduce((n, l) => n + l.records, 0),
    pages: lists.reduce((n, l) => n + l.pages, 0),
    requests,
    file: files[0],
    files,
    lists,
  };
}
