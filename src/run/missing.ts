// A sync's records that the sheet no longer has. Found before any write, from the whole
// list the run reads anyway (its records by id) and the keys the scan met: a record in
// scope whose key no row has, and that no keyless row matches (by its ID cell or the memory),
// is missing. Past --max-missing the run stops before its
// first write; otherwise each is reported (`missing`) and, with --missing archive or
// set:FIELD=VALUE, changed through the writer like any update (PATCH of that field).
import { AssetbatchError } from '../errors.js';
import { recordKeyText } from '../map/placeholders.js';
import type { Resolver } from '../resolve/lookups.js';
import { fieldByName, setPath, type ResourceDef, type WriteBody } from '../resources/fields.js';
import type { RowOutcome } from '../report/report.js';
import type { RowWriter } from '../send/writer.js';
import type { KeyIndex } from '../util/key-index.js';
import type { RunSettings, SyncSettings } from './settings.js';
import type { MissingAction, MissingRecord } from './types.js';
import type { KeylessRows } from './unwritten.js';

type Rec = Record<string, unknown>;

/** Records shown in the plan (and in the refusal past --max-missing). */
export const MISSING_SHOWN = 10;

/** A record's value of a field as a person reads it: a lookup by its name, a number as text. */
function recordText(rec: Rec, field: string): string | undefined {
  const v = rec[field.replace(/\.id$/, '')];
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'object') {
    const entry = v as Record<string, unknown>;
    const t = entry.name ?? entry.number ?? entry.value ?? entry.subcategory;
    return t === undefined || t === null ? undefined : String(t).trim();
  }
  return String(v).trim();
}

export interface SheetCoverage {
  /** Records in scope (all the resource's records in the company without --scope). */
  readonly inScope: number;
  /** Records in scope that a row's key matches. */
  readonly matched: number;
  /** Of those, records that rows without a key match (their ID cell, or the memory of an earlier run of them). */
  readonly keylessMatched: number;
  /** Of those, records that rows without a key match by their ID cell (a record of the row's name). */
  readonly byIdMatched: number;
  readonly missing: readonly MissingRecord[];
}

/** Which records in scope the sheet's keys cover, and which it no longer has. */
export function coverage(
  def: ResourceDef,
  sync: SyncSettings,
  keyField: string,
  records: ReadonlyMap<number, Rec>,
  keys: KeyIndex,
  keyless: Pick<KeylessRows, 'ids' | 'byId'>,
  keyOf = (rec: Rec) => recordText(rec, keyField),
): SheetCoverage {
  const scope = sync.scope;
  const want = scope?.value.trim().toLowerCase();
  let inScope = 0;
  let matched = 0;
  let keylessMatched = 0;
  let byIdMatched = 0;
  const missing: MissingRecord[] = [];
  for (const [id, rec] of records) {
    if (scope && recordText(rec, scope.field.name)?.toLowerCase() !== want) continue;
    inScope++;
    const shown = keyOf(rec);
    // A key the record holds as a placeholder ("N/A") is none: no row's key matches it.
    const key = recordKeyText(shown, keyField);
    if (key && keys.has(key)) matched++;
    else if (keyless.ids.has(id)) {
      matched++;
      keylessMatched++;
      if (keyless.byId?.has(id)) byIdMatched++;
    } else
      missing.push({
        id,
        key: shown ?? '',
        name: def.name === 'contract' || keyField !== 'name' ? recordText(rec, 'name') : undefined,
      });
  }
  return { inScope, matched, keylessMatched, byIdMatched, missing };
}

/** --max-missing as a number of records. */
export function missingLimit(sync: SyncSettings, inScope: number): number {
  const max = sync.maxMissing;
  return 'count' in max ? max.count : Math.floor((inScope * max.percent) / 100);
}

/**
 * --max-missing as the plan, the refusal and a dry run all say it: a percentage with what it
 * is of and the count it comes to (`5% of 9 = 0`), a count as it was given (`20`).
 */
export function limitText(sync: SyncSettings, inScope: number): string {
  const limit = missingLimit(sync, inScope);
  return 'percent' in sync.maxMissing
    ? `${sync.maxMissing.percent}% of ${inScope} = ${limit}`
    : String(limit);
}

/** The smallest whole percentage of `inScope` that lets `n` missing records through. */
function percentFor(n: number, inScope: number): number {
  let pct = Math.ceil((n * 100) / inScope);
  while (Math.floor((inScope * pct) / 100) < n) pct++;
  return pct;
}

const describe = (m: MissingRecord, keyField: string) =>
  keyField === 'id'
    ? `id ${m.id}${m.name ? ` (${m.name})` : ''}`
    : `id ${m.id} (${keyField.replace(/^custom:/, '').replace(/_/g, ' ')} "${m.key}"${m.name ? `, ${m.name}` : ''})`;

/** The refusal's list of the missing records: the first MISSING_SHOWN, then how many more. */
function missingList(settings: RunSettings, cov: SheetCoverage): string {
  const shown = cov.missing
    .slice(0, MISSING_SHOWN)
    .map((m) => describe(m, settings.keyField!))
    .join('; ');
  const n = cov.missing.length;
  return `Missing: ${shown}${n > MISSING_SHOWN ? ` and ${n - MISSING_SHOWN} more` : ''}`;
}

/**
 * Past --max-missing: nothing is written, and the user is told how many and which, and how
 * to go on. A real run throws it before its first write, naming the records; a dry run
 * checks every row and then ends with it (the summary's `wouldStop`), so that it exits as
 * the real run would. The dry run has already said each record (a `missing:` line, a line
 * of the report), so its refusal says only how many and the limit.
 */
export function tooManyMissing(settings: RunSettings, cov: SheetCoverage): AssetbatchError {
  const n = cov.missing.length;
  const which = settings.dryRun
    ? ': a real run would stop here, before any write (each is in the report as missing)'
    : `; nothing was sent. ${missingList(settings, cov)}`;
  const limit = limitText(settings.sync!, cov.inScope);
  const goOn = `--max-missing ${n} (or ${percentFor(n, cov.inScope)}%) lets the run go on`;
  return new AssetbatchError(
    'E_SYNC_TOO_MANY_MISSING',
    `${n} of ${cov.inScope} ${settings.def.plural} in the service are not in the sheet, ` +
      `more than --max-missing allows (${limit})${which}`,
    {
      location: { file: settings.file },
      hint:
        'Is this the whole register? Check the sheet (or narrow the records with --scope FIELD=VALUE); ' +
        `if ${n === 1 ? 'it is' : `these ${n} are`} really gone, ${goOn}.`,
    },
  );
}

/** The write a missing record gets (--missing archive or set:), its lookups resolved now; undefined: report only. */
export async function missingBody(
  def: ResourceDef,
  action: MissingAction,
  resolver: Resolver,
): Promise<WriteBody | undefined> {
  if (action.kind === 'report') return undefined;
  if (action.kind === 'archive') return { status: 'archived' };
  const f = fieldByName(def, action.field)!;
  const body: WriteBody = {};
  let value: unknown = action.value;
  if (f.lookup) {
    await resolver.load(f.lookup, [action.value]);
    const r = resolver.resolve(f.lookup, action.value);
    if (!r.ok)
      throw new AssetbatchError('E_USAGE', `--missing set:${action.field}=${action.value}: ${r.message}`, {
        location: { field: f.name },
        hint: 'Name a value the service has, as the list shows it.',
      });
    value = r.entry.id;
  } else if (f.values) {
    const v = f.values.find((x) =>
      [x.value, x.label].some((t) => t.toLowerCase() === action.value.trim().toLowerCase()),
    );
    if (!v)
      throw new AssetbatchError(
        'E_USAGE',
        `--missing set:${action.field}=${action.value}: not one of ${f.values.map((x) => x.label).join(', ')}`,
        { location: { field: f.name } },
      );
    value = v.value;
  }
  setPath(body, f.name, value);
  return body;
}

/** What the report says a missing record is, or what was done to it. */
function missingNote(action: MissingAction, status: string, dryRun: boolean): string {
  if (action.kind === 'report')
    return 'in the service but not in the sheet; left as it is (--missing archive or set:FIELD=VALUE to change it)';
  const had = action.kind === 'archive' ? 'status archived' : `${action.field} ${action.value}`;
  const what = action.kind === 'archive' ? 'archived' : `${action.field} set to ${action.value}`;
  if (status === 'unchanged') return `in the service but not in the sheet; it already has ${had}`;
  return `in the service but not in the sheet; ${dryRun ? `would be ${what}` : what}`;
}

export interface MissingDeps {
  readonly settings: RunSettings;
  readonly writer: RowWriter;
  readonly body?: WriteBody;
  readonly headers: readonly string[];
  /** The columns of the key field and of the name, to show the record's key and name in the report's line. */
  readonly keyColumn?: number;
  readonly nameColumn?: number;
}

/** A missing record's cells in the report: its key and its name, in their columns. */
export function missingCells(
  deps: Pick<MissingDeps, 'headers' | 'keyColumn' | 'nameColumn'>,
  record: MissingRecord,
): string[] {
  const cells: string[] = deps.headers.map(() => '');
  if (deps.keyColumn !== undefined) cells[deps.keyColumn] = record.key;
  if (deps.nameColumn !== undefined && record.name !== undefined) cells[deps.nameColumn] = record.name;
  return cells;
}

/** One missing record to its report line: reported, or changed as --missing says. */
export async function settleMissing(deps: MissingDeps, record: MissingRecord): Promise<RowOutcome> {
  const { settings, writer, body } = deps;
  // Row 0: no row of the sheet (the report leaves its #row empty).
  const base = {
    row: 0,
    cells: missingCells(deps, record),
    warnings: [],
    key: record.key,
    id: record.id,
    name: record.name,
  };
  const action = settings.sync!.missing;
  if (!body)
    return { ...base, status: 'missing', issues: [], note: missingNote(action, 'missing', settings.dryRun) };
  const res = await writer.updateMerged(0, record.id, body, { dryRun: settings.dryRun });
  if (res.status === 'failed')
    return {
      ...base,
      status: 'failed',
      issues: res.issues ?? [],
      note: 'in the service but not in the sheet',
    };
  const status = res.unchanged || res.changes?.length === 0 ? 'unchanged' : 'updated';
  return {
    ...base,
    status: 'missing',
    issues: [],
    note: missingNote(action, status, settings.dryRun),
    changes: settings.dryRun ? res.changes : undefined,
  };
}
