// `mapping suggest` as a library call: the mapping the import would use, as a file for the
// user to review, with value tables proposed for lookup columns whose values the service
// does not know (when a service is at hand).
import type { ConnectionConfig } from '../config.js';
import { companyColumn } from '../map/company-column.js';
import { connect, type Connection } from '../connect.js';
import {
  headerMatcher,
  listedColumns,
  mappingToFile,
  missingRequired,
  type CustomFieldSet,
  type Mapping,
  type MappingFile,
} from '../map/headers.js';
import { checkSuggestion, type Unresolved } from './suggest-check.js';
import { checkCompanyColumn, readCompanyNote, type CompanyCheck } from './suggest-company.js';
import { cellText } from '../map/coerce.js';
import { holdsNoValue } from '../map/placeholders.js';
import { openSheet } from '../read/index.js';
import { sampleRows } from '../read/sample.js';
import type { CellValue } from '../read/types.js';
import { Resolver } from '../resolve/lookups.js';
import { howSure, suggestValues } from '../resolve/suggest-values.js';
import { loadCustomFields, loadMappingFile, writableResource } from './import.js';
import { mapByLists } from './input.js';

export interface SuggestOptions {
  readonly file: string;
  readonly resource: string;
  readonly mappingPath?: string;
  readonly sheet?: string | number;
  readonly headerRow?: number;
  /** A service (or --sandbox): custom fields and value tables need one. */
  readonly connection?: ConnectionConfig;
  /** Rows read to judge columns and propose value tables. Default 10,000. */
  readonly sampleRows?: number;
  /** Write value matches that are not sure into the value tables too (else they are listed to check). */
  readonly acceptUnsure?: boolean;
  /** Where the lists read are cached for the runs that follow (default: $XDG_CACHE_HOME/assetbatch/lookups). */
  readonly lookupCacheDir?: string;
}

export interface Suggestion {
  readonly mapping: MappingFile;
  readonly warnings: readonly string[];
  /** For the user: unmapped columns, values to review. */
  readonly notes: readonly string[];
  /** What would still fail with this mapping (a required field with no column, values no table covers), each with a fix. */
  readonly missing: readonly string[];
  /** The required fields (service names) nothing in the mapping gives: with any, every row would fail. */
  readonly missingFields: readonly string[];
}

/** Proposed value tables: per lookup column, unresolved values → best matches; the unsure ones only when accepted. */
async function valueTables(
  resolver: Resolver,
  mapping: Mapping,
  headers: readonly string[],
  rows: readonly (readonly CellValue[])[],
  opts: { acceptUnsure: boolean; mappingFile: MappingFile | undefined },
): Promise<{
  values: Record<string, Record<string, string>>;
  notes: string[];
  unresolved: Map<string, Unresolved[]>;
}> {
  const values: Record<string, Record<string, string>> = {};
  const notes: string[] = [];
  /** Per column, the values no table entry covers: they would fail. */
  const unresolved = new Map<string, Unresolved[]>();
  const acceptUnsure = opts.acceptUnsure;
  // A column the file sends to several fields has a table per field: its own field's is "fields.<first>".
  const listed = listedColumns(headers, opts.mappingFile);
  const tableKey = (index: number) => {
    const l = listed.find((x) => x.index === index);
    return l ? `fields.${l.keys[0]}` : headers[index];
  };
  for (const c of mapping.columns) {
    // A field built from the row (the mapping file's `fields`) has no column of its own to tabulate.
    if (
      c.target.kind !== 'field' ||
      !c.target.field.lookup ||
      mapping.values.has(c.index) ||
      mapping.built?.has(c.index)
    )
      continue;
    const header = headers[c.index];
    // A placeholder ("N/C", "k.A.") is read as empty by the run, so it needs no entry.
    const texts = rows
      .map((r) => r[c.index])
      .filter((v) => !holdsNoValue(v))
      .map((v) => cellText(v));
    const { matched, unmatched } = await suggestValues(resolver, c.target.field.lookup, texts);
    const written = matched.filter((m) => m.sure || acceptUnsure);
    if (written.length) values[tableKey(c.index)] = Object.fromEntries(written.map((m) => [m.from, m.to]));
    for (const m of matched) {
      const how = `(${howSure(m)})`;
      const where = m.sure
        ? ''
        : acceptUnsure
          ? ', written as --accept-unsure asks'
          : '; not in the value table: add it if right, or pass --accept-unsure';
      notes.push(`column "${header}": "${m.from}" → "${m.to}" ${how}${where}`);
    }
    for (const u of unmatched)
      notes.push(
        `column "${header}": "${u}" matches nothing in the service's list; add it there or to the value table`,
      );
    const left: Unresolved[] = [
      ...matched.filter((m) => !m.sure && !acceptUnsure),
      ...unmatched.map((from) => ({ from })),
    ];
    if (left.length) unresolved.set(header, left);
  }
  return { values, notes, unresolved };
}

async function withService<T>(
  cfg: ConnectionConfig | undefined,
  work: (conn: Connection | undefined) => Promise<T>,
): Promise<T> {
  if (!cfg) return work(undefined);
  const conn = await connect(cfg);
  try {
    return await work(conn);
  } finally {
    await conn.close();
  }
}

export async function suggestMapping(options: SuggestOptions): Promise<Suggestion> {
  const def = writableResource(options.resource, 'create');
  const mappingFile = options.mappingPath ? await loadMappingFile(options.mappingPath) : undefined;
  const readOpts = {
    sheet: options.sheet ?? mappingFile?.sheet,
    headerRow: options.headerRow ?? mappingFile?.headerRow,
    isKnownHeader: headerMatcher(def),
  };
  const source = await openSheet(options.file, readOpts);
  const rows = await sampleRows(
    options.file,
    { ...readOpts, headerRow: source.headerRow },
    options.sampleRows ?? 10_000,
  );
  return withService(options.connection, async (conn) => {
    const custom: CustomFieldSet | undefined = conn
      ? await loadCustomFields(conn, def, options.connection!.company)
      : undefined;
    const mapOpts = { mappingFile, mappingPath: options.mappingPath, custom, samples: rows };
    // The lists are read fresh (a name just added to the service is seen) and cached for the
    // validate and import that follow, so they read none again; the in-process sandbox's die with it.
    const resolver = conn
      ? new Resolver(conn.client, {
          company: options.connection!.company,
          refresh: true,
          cacheDir: options.lookupCacheDir,
          cacheTtl: conn.sandbox ? 0 : undefined,
        })
      : undefined;
    // The lists the value tables read anyway: a column whose values are names in one of them is judged by that too.
    const mapping = await mapByLists(def, source.headers, mapOpts, resolver, rows);
    const tables = resolver
      ? await valueTables(resolver, mapping, source.headers, rows, {
          acceptUnsure: options.acceptUnsure === true,
          mappingFile,
        })
      : { values: {}, notes: [], unresolved: new Map<string, Unresolved[]>() };
    const file = mappingToFile(
      def,
      mapping,
      { sheet: source.sheet, headerRow: source.headerRow },
      { customChecked: conn !== undefined },
    );
    // A company column is read, each row's company: null in the file would send every row to the run's.
    const company = companyColumn(mapping);
    const companyCheck: CompanyCheck | undefined =
      company && resolver
        ? await checkCompanyColumn(resolver, company, rows, options.connection!.company)
        : undefined;
    if (company && companyCheck?.leftOut) file.columns![company.header] = null;
    else if (company) delete file.columns![company.header];
    if (mappingFile?.formulaEscape) file.formulaEscape = mappingFile.formulaEscape;
    // What the file builds is kept as it was written: a column sent to several fields, the built fields.
    for (const [header, given] of Object.entries(mappingFile?.columns ?? {}))
      if (Array.isArray(given)) file.columns![header] = given;
    if (mappingFile?.fields) file.fields = mappingFile.fields;
    const values = { ...mappingFile?.values, ...tables.values };
    if (Object.keys(values).length) file.values = values;
    const checked = checkSuggestion({
      def,
      mapping,
      headers: source.headers,
      rows,
      missing: missingRequired(def, mapping, 'create'),
      unresolved: tables.unresolved,
    });
    if (Object.keys(checked.built).length) file.fields = { ...file.fields, ...checked.built };
    const missing = [...checked.missing, ...(companyCheck?.missing ?? [])];
    const { missingFields } = checked;
    const companyNotes = companyCheck?.leftOut ? [companyCheck.note] : [];
    // The value matches travel with the file, so that whoever reviews it sees how sure each is and what is left.
    const review = [...companyNotes, ...tables.notes, ...checked.notes, ...missing];
    if (review.length) file.review = review;
    const notes = mapping.unmapped
      .filter((u) => u.header)
      .map((u) =>
        u.index === company?.index
          ? (companyCheck?.note ?? readCompanyNote(u.header))
          : `column "${u.header}" maps to nothing${conn ? ' (null in the file)' : ' (left out of the file: run with a service to match it to a custom field)'}${u.why ? `: ${u.why}` : u.suggestion ? `; ${u.maybe ? 'maybe' : 'closest field:'} ${u.suggestion}` : ''}`,
      );
    return {
      mapping: file,
      warnings: mapping.warnings,
      notes: [...notes, ...tables.notes, ...checked.notes],
      missing,
      missingFields,
    };
  });
}
