// The mapping an import's journal records with each run: what the service told the mapping
// (how each column's values met its lookup lists, and the account's custom fields), so that
// a repeat maps the sheet as the run before did without reading them (a list is 1 to 10
// requests, at 100 a minute for the account). A repeat maps so only to find the rows the
// journal finished: when every row is one, that mapping stands; when some row is not, the
// lists are read and the sheet mapped afresh, as on a first run (import.ts). Pure but for
// the journal's peek.
import { existsSync } from 'node:fs';
import { targetName, type CustomFieldSet, type MapOptions, type Mapping } from '../map/headers.js';
import type { ListMatch } from '../map/lists.js';
import type { CustomTemplate, ResourceDef } from '../resources/fields.js';
import { lastRunOf, type JournalHeader } from '../send/journal.js';
import { sha256Hex } from '../util/hash.js';
import { defersLookups } from './listed-record.js';
import { sameRun, type RunIdentity } from './resume.js';
import type { RunSettings } from './settings.js';

/** What a run's mapping was told by the service, as its journal's run line keeps it. */
export interface RecordedMapping {
  /** The sheet's headers and the mapping's options, hashed: another sheet's record is not used. */
  readonly of: string;
  /** How each column's values met the lookup lists, by column index (a column not named met none). */
  readonly lists: readonly (readonly [number, readonly ListMatch[]])[];
  /** The account's custom fields the mapping weighed (its active templates of the resource's type). */
  readonly custom: CustomFieldSet;
  /**
   * A company column's cells that named another company of the account, as the run found them
   * in the company list: the cell's text (trimmed), the company's id and name. A repeat tells
   * those rows without the list (absent: none, or a journal written before it was kept).
   */
  readonly companies?: readonly OtherCompanyCell[];
  /**
   * The run's company's name, as the company list (or the record before) told it: a repeat
   * that reads no company list names its company by it (absent: the name was not known).
   */
  readonly runCompany?: string;
}

/** A company cell naming another company: its text (trimmed), that company's id and name. */
export type OtherCompanyCell = readonly [text: string, id: number, name: string];

const isOtherCompanyCell = (c: unknown): c is OtherCompanyCell =>
  Array.isArray(c) &&
  c.length === 3 &&
  typeof c[0] === 'string' &&
  typeof c[1] === 'number' &&
  typeof c[2] === 'string';

/** An import whose journal knows its creates by their cells (a create, not a sync's). */
export const knowsRowsByCells = (s: RunSettings): boolean => s.mode === 'create' && !s.sync;

/** An import that keeps its cells in the journal (not a dry run, which writes none). */
export const keepsCells = (s: RunSettings): boolean => knowsRowsByCells(s) && !s.dryRun;

/**
 * An import resuming a journal beside its report, or its dry run (which reads it and leaves
 * it as it is): the journal may know rows by their cells.
 */
export const journalMayAnswer = (s: RunSettings): boolean =>
  knowsRowsByCells(s) && s.resume && existsSync(s.journalPath);

/**
 * A run whose lists wait for its rows (its records listed, or its journal read): a row they
 * answer reads none, and a value table's names are checked only against the lists read.
 */
export const listsWaitForRows = (s: RunSettings): boolean => defersLookups(s) || journalMayAnswer(s);

/** The headers and the options a mapping is made from, besides what the service says. */
export function mappingInputs(def: ResourceDef, headers: readonly string[], opts: MapOptions): string {
  const { mappingFile, mode, preset, idColumn, keyField } = opts;
  return sha256Hex(JSON.stringify([def.name, headers, mappingFile, mode, preset, idColumn, keyField])).slice(
    0,
    16,
  );
}

/** The account's templates a mapping can take a field of: active, of the resource's type. */
function weighed(templates: readonly CustomTemplate[], def: ResourceDef): CustomTemplate[] {
  return templates.filter((t) => t.is_active && t.type === def.customFieldType);
}

/** What the journal keeps of a run's mapping. */
export function recordOf(
  def: ResourceDef,
  of: string,
  mapping: Mapping,
  custom: CustomFieldSet,
): RecordedMapping {
  return {
    of,
    lists: [...(mapping.listMatches ?? [])],
    custom: {
      fieldTemplates: weighed(custom.fieldTemplates, def),
      formTemplates: def.customForms ? weighed(custom.formTemplates, def) : [],
    },
  };
}

const isMatch = (m: unknown): m is ListMatch =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as ListMatch).kind === 'string' &&
  typeof (m as ListMatch).share === 'number' &&
  typeof (m as ListMatch).matched === 'number' &&
  typeof (m as ListMatch).distinct === 'number' &&
  typeof (m as ListMatch).complete === 'boolean';

/** A run line's record, when it is one this version wrote (another's, or none: undefined). */
function recordIn(header: JournalHeader | undefined): RecordedMapping | undefined {
  const m = header?.mapping;
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Partial<RecordedMapping>;
  const listsOk =
    Array.isArray(r.lists) &&
    r.lists.every(
      (e) => Array.isArray(e) && typeof e[0] === 'number' && Array.isArray(e[1]) && e[1].every(isMatch),
    );
  const customOk = Array.isArray(r.custom?.fieldTemplates) && Array.isArray(r.custom?.formTemplates);
  const companiesOk =
    r.companies === undefined || (Array.isArray(r.companies) && r.companies.every(isOtherCompanyCell));
  const nameOk = r.runCompany === undefined || typeof r.runCompany === 'string';
  return typeof r.of === 'string' && listsOk && customOk && companiesOk && nameOk
    ? (r as RecordedMapping)
    : undefined;
}

/**
 * The mapping the last run of this same import recorded for these headers and options, read
 * before anything is asked of the service: its last run line alone (the journal's rows are
 * read, locked, for the plan). A line it cannot read records none: the plan's read says why.
 */
export function recordedMapping(
  settings: RunSettings,
  run: RunIdentity,
  of: () => string,
): RecordedMapping | undefined {
  if (!journalMayAnswer(settings)) return undefined;
  const last = lastRunOf(settings.journalPath);
  const record = last && sameRun(last, run) ? recordIn(last) : undefined;
  return record?.of === of() ? record : undefined;
}

/**
 * The record to keep with this run: `record`, with the company cells naming another company
 * that the run's scan met (Scanner.otherCompanyCells), when there are any, and the run's
 * company's name when it is known (companySplitOf).
 */
export function withOtherCompanies(
  record: RecordedMapping | undefined,
  cells: readonly OtherCompanyCell[],
  runCompany: string | undefined,
): RecordedMapping | undefined {
  return record && { ...record, companies: cells.length > 0 ? cells : undefined, runCompany };
}

/** MapOptions that map as the record says the service answered. */
export function replayOptions(opts: MapOptions, record: RecordedMapping): MapOptions {
  return { ...opts, custom: record.custom, listMatches: new Map(record.lists) };
}

/**
 * How the sheet maps now, mapped afresh for the rows the journal has not done (new rows'
 * values, or the lists, may tell otherwise), beside how the last run mapped it, for the plan:
 * a repeat never reads its rows otherwise without saying so.
 */
export function mappingChange(before: Mapping, now: Mapping): string {
  const field = (m: Mapping, index: number) => {
    const c = m.columns.find((x) => x.index === index);
    return c ? targetName(c.target) : 'not imported';
  };
  const headers = new Map([...before.columns, ...now.columns].map((c) => [c.index, c.header]));
  const moved = [...headers]
    .sort((a, b) => a[0] - b[0])
    .filter(([i]) => field(before, i) !== field(now, i))
    .map(([i, h]) => `"${h}" → ${field(now, i)} (was ${field(before, i)})`);
  const what =
    moved.length > 0 ? moved.join(', ') : 'each column to its field as before, its cells otherwise';
  return (
    `mapped afresh for the rows the journal has not done, the columns are now read otherwise than the last run of this import read them: ${what}; ` +
    'the rows that run did are known again by what they send, not by their cells'
  );
}
