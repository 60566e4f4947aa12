// Stage 2 of an import: the sheet opened (before any request: a bad file fails first), its
// headers mapped to fields, judged by the first rows' values, with the account's custom
// fields where a header may name one, and by the service's lists of the lookups they map
// to (or, a repeat, as its journal recorded the last run mapped them: no request); the
// lookups' resolver made and the mapping file's value tables checked against the service.
import type { Connection } from '../connect.js';
import { listArray } from '../api/paginate.js';
import { AssetbatchError } from '../errors.js';
import {
  customKeyLabel,
  customTargets,
  headerMatcher,
  isKeyColumn,
  mapHeaders,
  missingRequired,
  type CustomFieldSet,
  type MapOptions,
  type Mapping,
} from '../map/headers.js';
import type { CellValue } from '../read/types.js';
import { openSheet } from '../read/index.js';
import { sampleRows } from '../read/sample.js';
import { NO_HEADER_ROW, type SheetRow, type SheetSource } from '../read/types.js';
import { Resolver, type WholeList } from '../resolve/lookups.js';
import { fetchLookupLists } from '../resolve/lists.js';
import { checkMappingValues, type ValuesScope } from '../resolve/mapping-values.js';
import { fallbackTemplate } from '../map/built-fallback.js';
import { compactName } from '../map/normalize.js';
import { customFieldTemplate, customFormTemplate } from '../resources/index.js';
import type { CustomTemplate, FieldDef, ResourceDef } from '../resources/fields.js';
import { lookaheadOf, type RunSettings } from './settings.js';
import { withNotesBelow } from './notes-below.js';
import { defersLookups } from './listed-record.js';
import { interrupted } from './stop.js';
import { Turns } from '../util/turns.js';
import {
  keepsCells,
  listsWaitForRows,
  mappingInputs,
  recordedMapping,
  recordOf,
  replayOptions,
  type RecordedMapping,
} from './recorded-mapping.js';

/** Rows whose values the mapping judges columns by. */
const SAMPLE_ROWS = 200;

export interface MappedInput {
  /** The sheet as first opened: its header, and its rows for the scan (or the one pass). */
  readonly probe: SheetSource;
  readonly mapping: Mapping;
  readonly custom: CustomFieldSet;
  readonly resolver: Resolver;
  /** The first rows the mapping judged the columns by. */
  readonly samples: readonly (readonly CellValue[])[];
  /** What the journal keeps of the mapping: an import's that keeps its rows' cells. */
  readonly record?: RecordedMapping;
  /** Mapped as the journal recorded the last run did, nothing asked: it stands only if the journal did every row. */
  readonly replayed?: boolean;
}

/**
 * The sheet read once more from its header, before the plan (nothing is sent): each row to
 * `visit` in turn, the loop giving way to the event loop now and then, and ended by a stop.
 */
export async function rereadRows(
  settings: RunSettings,
  headerRow: number,
  visit: (r: SheetRow) => void | Promise<void>,
): Promise<void> {
  const source = withNotesBelow(
    await openSheet(settings.file, {
      sheet: settings.sheet,
      headerRow,
      isKnownHeader: headerMatcher(settings.def),
    }),
  );
  const turns = new Turns();
  try {
    for await (const r of source.rows) {
      const turn = turns.due();
      if (turn) await turn;
      // Stopped while the plan is made: nothing was sent, and the run ends as a stop in planning does.
      if (settings.hooks.signal?.aborted) throw interrupted();
      const visited = visit(r);
      if (visited) await visited;
    }
  } finally {
    await source.close?.();
  }
}

export async function probeInput(settings: RunSettings): Promise<SheetSource> {
  const source = await openSheet(settings.file, {
    sheet: settings.sheet,
    headerRow: settings.headerRow,
    isKnownHeader: headerMatcher(settings.def),
    // A one-pass dry run takes its look-ahead before it checks a row: read while the mapping is made.
    readAhead: lookaheadOf(settings),
  });
  return withNotesBelow(source);
}

/**
 * Custom field templates and forms of the account, when the sheet has columns that may be
 * custom fields; through the resolver's cache of reference lists when one is given.
 */
export async function loadCustomFields(
  conn: Connection | undefined,
  def: ResourceDef,
  company: number,
  resolver?: Resolver,
): Promise<CustomFieldSet> {
  if (!conn || !def.customFieldType) return { fieldTemplates: [], formTemplates: [] };
  const list = (templates: ResourceDef, name: WholeList) => {
    const fetch = () => listArray<CustomTemplate>(conn.client, templates, { company });
    return resolver ? resolver.wholeList(name, fetch) : fetch();
  };
  const [fieldTemplates, formTemplates] = await Promise.all([
    list(customFieldTemplate, 'custom-field-template'),
    def.customForms
      ? list(customFormTemplate, 'custom-form-template')
      : Promise.resolve([] as CustomTemplate[]),
  ]);
  return { fieldTemplates, formTemplates };
}

/** The sheet's headers for a message: all of a normal sheet's, the first few of a wide one. */
function headersSeen(headers: readonly string[], max = 30): string {
  const shown = headers
    .filter((h) => h.trim() !== '')
    .slice(0, max)
    .map((h) => `"${h}"`);
  const more = headers.filter((h) => h.trim() !== '').length - shown.length;
  return more > 0 ? `${shown.join(', ')} … and ${more} more` : shown.join(', ');
}

/**
 * A column whose header names the field but whose values are not its values ("Vertragsart"
 * holding "Einkauf", "Verkauf"): the run looked past it, and a value table is the fix.
 */
function setAside(mapping: Mapping, field: FieldDef): string {
  const label = field.label.toLowerCase();
  const col = mapping.unmapped.find((u) => u.setAside?.fields.includes(field.name));
  if (!col) return '';
  const key = field.name.replace(/\.id$/, '');
  const example = col.setAside?.example || '<its value>';
  const to = field.values?.length ? field.values.map((v) => v.label).join(' | ') : `a ${label}`;
  return (
    `Column "${col.header}" was not taken for it: ${col.why}. If it is the ${label}, map it with a value table: ` +
    `{"columns": {"${col.header}": "${key}"}, "values": {"${col.header}": {"${example}": "<${to}>"}}}. `
  );
}

/** A required field the row's other columns can make (an asset's name from Make and Model): how. */
function builtHint(def: ResourceDef, mapping: Mapping, field: FieldDef): string {
  const template = fallbackTemplate(def, mapping, field.name);
  return template === undefined
    ? ''
    : `, or build it from the row ("fields": {"${field.name}": "${template}"}; \`assetbatch mapping suggest\` writes that mapping file)`;
}

/** A mapping that leaves out a required field, or (updates) any way to find each row's record, stops here. */
function checkMapping(settings: RunSettings, probe: SheetSource, mapping: Mapping): void {
  const { def, mode, keyField } = settings;
  const location = { file: settings.file, sheet: probe.sheet };
  if (
    mode === 'update' &&
    !probe.fromReport &&
    !mapping.columns.some(
      (c) => c.target.kind === 'id' || (c.target.kind === 'field' && c.target.field.name === keyField),
    )
  ) {
    throw new AssetbatchError(
      'E_MAPPING_REQUIRED_FIELD',
      `no column says which ${def.label.toLowerCase()} each row updates: add an "ID" column${keyField ? ` or a "${def.fields.find((f) => f.name === keyField)?.label}" column` : ''}`,
      {
        location,
        hint: `Headers seen: ${headersSeen(probe.headers)}. An export (assetbatch export ${def.name}) has the ID column.`,
      },
    );
  }
  const label = customKeyLabel(keyField);
  if (label !== undefined && !mapping.columns.some((c) => isKeyColumn(c, keyField))) {
    const customs = mapping.columns.flatMap((c) =>
      c.target.kind === 'custom' ? [`"${c.header}" (custom field ${c.target.fieldName})`] : [],
    );
    throw new AssetbatchError(
      'E_USAGE',
      `--key ${label}: no standard field has this name, and no column of the sheet is a custom field of that name`,
      {
        location,
        hint: `${customs.length ? `Custom field columns: ${customs.join(', ')}.` : 'The sheet has no custom field column.'} Standard keys: serial_number, name, asset_tag, number, or id (an export's ID column).`,
      },
    );
  }
  const missing = missingRequired(def, mapping, mode);
  if (missing.length > 0) {
    throw new AssetbatchError(
      'E_MAPPING_REQUIRED_FIELD',
      `no column for ${missing.map((f) => `${f.label} (${f.name})`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} required for ${def.plural}`,
      {
        location,
        hint:
          probe.headerRow === NO_HEADER_ROW
            ? `The file is read without a header row: its columns are ${headersSeen(probe.headers)}. Map them in a mapping file ("columns": {"A": "${missing[0].name}"}), or give a default (--default ${missing[0].name}=…, or "defaults": {"${missing[0].name}": "…"} in the mapping file).`
            : `${setAside(mapping, missing[0])}Headers seen: ${headersSeen(probe.headers)}. Rename a column, or map it in a mapping file ("columns": {"Your header": "${missing[0].name}"}), or give a default (--default ${missing[0].name}=…, or "defaults": {"${missing[0].name}": "…"} in the mapping file)${builtHint(def, mapping, missing[0])}.`,
      },
    );
  }
}

/**
 * Every lookup column named by its field's own label (an export's headers) or the mapping
 * file, and every column mapped (an import leaves an export's ID column out: the service's
 * ids, no list's names) or left with no field the lists could give it: the lists' names could
 * only add to what the headers say, so a run that reads a list only for cells its records do
 * not already name does not read them for the mapping. A column the sheet adds (notes, an
 * export's finance figures) could take a lookup field by its values only from a list these
 * columns read, and only a field no column has: where each field of those lists is taken by
 * its own label, it takes none.
 */
function headersSettleLookups(def: ResourceDef, m: Mapping): boolean {
  const sure = new Set(['name', 'mapping file', 'custom field']);
  if (!m.columns.every((c) => sure.has(c.how))) return false;
  if (m.unmapped.every((u) => compactName(u.header) === 'id')) return true;
  const taken = m.columns.flatMap((c) => (c.target.kind === 'field' ? [c.target.field] : []));
  const read = new Set(taken.flatMap((f) => (f.lookup ? [f.lookup] : [])));
  const names = new Set(taken.map((f) => f.name));
  return def.fields.every((f) => !f.lookup || !read.has(f.lookup) || names.has(f.name));
}

/**
 * The headers mapped (or `byHeaders`, that mapping made already), then, where the mapped
 * lookup columns hold names, mapped again with those lists at hand (read now rather than
 * after the scan, which goes on from them): a column whose values are names in one of them
 * is judged by that too. `check` sees each mapping made, the first before any list is read.
 */
export async function mapByLists(
  def: ResourceDef,
  headers: readonly string[],
  opts: MapOptions,
  resolver: Resolver | undefined,
  samples: readonly (readonly CellValue[])[],
  check?: (m: Mapping) => void,
  byHeaders = mapHeaders(def, headers, opts),
): Promise<Mapping> {
  check?.(byHeaders);
  const lists = resolver ? await fetchLookupLists(resolver, byHeaders, samples) : undefined;
  if (!lists?.size) return byHeaders;
  const mapping = mapHeaders(def, headers, { ...opts, lists });
  check?.(mapping);
  return mapping;
}

/** What the headers are mapped with: the first rows, the options, the resolver of the lists. */
interface MapBasis {
  readonly samples: readonly (readonly CellValue[])[];
  readonly mapOpts: MapOptions;
  readonly resolver: Resolver;
  /** The headers and options, hashed (recorded-mapping.ts): asked only by a run beside a journal. */
  readonly of: () => string;
}

async function mapBasis(
  settings: RunSettings,
  probe: SheetSource,
  conn: Connection,
  again?: MappedInput,
): Promise<MapBasis> {
  const { def, mode, mappingFile, mappingPath, company } = settings;
  // The first rows (read ahead by the probe, kept for the run): a column whose values
  // contradict its header's field is not taken for it.
  const samples =
    again?.samples ??
    (probe.sample
      ? await probe.sample(SAMPLE_ROWS)
      : await sampleRows(settings.file, { sheet: settings.sheet, headerRow: probe.headerRow }, SAMPLE_ROWS));
  const mapOpts: MapOptions = {
    mappingFile,
    mappingPath,
    mode,
    preset: settings.fromPreset,
    samples,
    idColumn: settings.sync?.key === 'id',
    keyField: settings.keyField,
  };
  // A sandbox's lists live as long as the sandbox: caching them on disk would only pile up files.
  const resolver =
    again?.resolver ??
    new Resolver(conn.client, {
      company,
      refresh: settings.refreshLookups,
      cacheDir: settings.lookupCacheDir,
      cacheTtl: conn.sandbox ? 0 : undefined,
    });
  return { samples, mapOpts, resolver, of: () => mappingInputs(def, probe.headers, mapOpts) };
}

/** The mapping the last run of this import recorded, made again without a request. */
function replayedInput(
  settings: RunSettings,
  probe: SheetSource,
  basis: MapBasis,
  record: RecordedMapping,
): MappedInput {
  const mapping = mapHeaders(settings.def, probe.headers, replayOptions(basis.mapOpts, record));
  checkMapping(settings, probe, mapping);
  const { resolver, samples } = basis;
  return { probe, mapping, custom: record.custom, resolver, samples, record, replayed: true };
}

/**
 * The headers mapped, with the account's custom fields and the lookup lists where they may
 * tell. A repeat of an import maps as its journal recorded the last run did, asking nothing
 * (`replayed`); `again`: that repeat's input, mapped afresh because its journal did not do
 * every row (the samples and the lists read so far are kept).
 */
export async function mapInput(
  settings: RunSettings,
  probe: SheetSource,
  conn: Connection,
  again?: MappedInput,
): Promise<MappedInput> {
  const { def, mode, mappingFile, company } = settings;
  const basis = await mapBasis(settings, probe, conn, again);
  const { samples, mapOpts, resolver } = basis;
  const run = { file: settings.file, resource: def.name, company, baseUrl: conn.baseUrl, mode };
  const recorded = again
    ? undefined
    : recordedMapping(settings, { ...run, onExisting: settings.onExisting }, basis.of);
  if (recorded) return replayedInput(settings, probe, basis, recorded);
  // Custom fields cost two requests: fetched only when the mapping file names one, or
  // when some header maps to no standard field (it may be a custom field's name).
  const named = [
    ...Object.values(mappingFile?.columns ?? {}).flat(),
    ...Object.keys(mappingFile?.fields ?? {}),
  ];
  const namesCustom = named.some((t) => t?.startsWith('custom:') || t?.startsWith('form:'));
  const standard = namesCustom ? undefined : mapHeaders(def, probe.headers, mapOpts);
  const custom =
    standard?.unmapped.length === 0
      ? { fieldTemplates: [], formTemplates: [] }
      : await loadCustomFields(conn, def, company, resolver);
  // A mapping short of a required field stops before any list is read. Without custom
  // fields, the headers map as they just did.
  const byHeaders =
    (customTargets(def, custom, mode).length === 0 ? standard : undefined) ??
    mapHeaders(def, probe.headers, { ...mapOpts, custom });
  const mapping = await mapByLists(
    def,
    probe.headers,
    { ...mapOpts, custom },
    defersLookups(settings) && headersSettleLookups(def, byHeaders) ? undefined : resolver,
    samples,
    (m) => checkMapping(settings, probe, m),
    byHeaders,
  );
  const input = { probe, mapping, custom, resolver, samples };
  await checkValues(settings, input, listsWaitForRows(settings) ? 'plain' : 'all');
  // An in-process sandbox's run keeps no journal: nothing to record in.
  const record =
    keepsCells(settings) && !conn.sandbox ? recordOf(def, basis.of(), mapping, custom) : undefined;
  return { ...input, record };
}

/** The mapping file's values checked against the service (E_MAPPING_VALUE): those in `scope`. */
export async function checkValues(
  settings: RunSettings,
  input: MappedInput,
  scope: ValuesScope,
): Promise<void> {
  await checkMappingValues(input.resolver, settings.def, input.mapping, {
    headers: input.probe.headers,
    mode: settings.mode,
    file: settings.mappingPath,
    dateOrder: settings.dateOrder,
    unmatched: settings.unmatched,
    scope,
  });
}
