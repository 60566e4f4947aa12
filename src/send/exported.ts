// What an export showed of each record, field by field: a short hash of each value in the
// form an update compares it (a plain field's value in write form; a lookup's name as a
// sheet's name is matched with its record's; a custom field's value as the template's list has it). An update or a sync of that export sent back
// can then tell a cell the user edited from one that is merely stale: an unedited cell whose
// record changed in the service since the export keeps the service's value (docs/update.md,
// "A sheet exported a while ago"). Pure; export-memory.ts keeps these in the state folder.
import type { FieldDef, ResourceDef, WriteBody } from '../resources/fields.js';
import { enumLabel, getPath, writeFields } from '../resources/fields.js';
import { lookupNameKey } from '../resolve/known-lookups.js';
import { shortHash } from '../util/hash.js';
import { customFieldIdOf, customValueOf, readNames, readToWrite } from './merge.js';

/** An export's fingerprints of one record, by field name, with when and to which file it was exported. */
export interface ExportedRecord {
  /** ISO date of the export. */
  readonly at: string;
  /** The file written (absolute), absent for a stream. */
  readonly file?: string;
  readonly prints: Readonly<Record<string, string>>;
}

/** A field of a row left as the service has it: its value there, as a person reads it. */
export interface KeptField {
  readonly field: string;
  readonly service: string;
  readonly at: string;
  readonly file?: string;
}

/** The resources an update and a sync take: the only exports worth remembering. */
export const UPDATED_RESOURCES: ReadonlySet<string> = new Set([
  'asset',
  'contract',
  'customer',
  'asset-owner',
]);

/** The fields of an export's columns that an update can send (custom fields aside), by their write names. */
export function printedFields(def: ResourceDef, shown: readonly string[]): FieldDef[] {
  const names = new Set(shown);
  return writeFields(def, 'update').filter((f) => !f.variant && names.has(f.name));
}

// An empty value prints as '' (most fields of most records): the memory stays small.
const plainPrint = (v: unknown): string =>
  v === undefined || v === null ? '' : shortHash(JSON.stringify(v));

/** Whether `exported` showed its plain field `field` as `value` (write form): a date's reading is told so. */
export function shownAs(exported: ExportedRecord, field: string, value: unknown): boolean {
  const was = exported.prints[field];
  return was !== undefined && was !== '' && was === plainPrint(value);
}

const namePrint = (f: FieldDef, name: string | undefined): string => {
  const key = lookupNameKey(f.lookup!, name ?? '');
  return key === '' ? '' : shortHash(`n:${key}`);
};

/** A custom field's print name: `custom.<field id>`, as the export's column key has it. */
const customPrint = (id: number): string => `custom.${id}`;

/**
 * A record's fingerprints (read shape, as the list gives it), in the order of `fields`, then
 * of `customs` (custom field ids): a custom value as the update compares it, in the template's list.
 */
export function recordPrints(
  def: ResourceDef,
  record: Record<string, unknown>,
  fields: readonly FieldDef[],
  customs: readonly number[] = [],
): string[] {
  // A country's write form needs the country list; its print is its name's, so none is read.
  const body = readToWrite(def, record, () => undefined);
  const names = readNames(def, record);
  const plain = fields.map((f) =>
    f.lookup ? namePrint(f, names.get(f.name)) : plainPrint(getPath(body, f.name)),
  );
  return [...plain, ...customs.map((id) => plainPrint(customValueOf(body, id)))];
}

/** The record as the update has it in hand: write form, and its lookups' names. */
export interface CurrentRecord {
  readonly body: WriteBody;
  readonly names: ReadonlyMap<string, string>;
}

/**
 * The sheet's values less its stale cells: a field whose cell still has the value the export
 * showed (`exported`) while the record's value is no longer that one (changed in the service
 * since) keeps the record's value, and is named in `kept`. `cells`: the row's lookup cells as
 * written, by field (a lookup is judged by its name; one without its cell is sent as today).
 * `emptied`: the fields --clear-empty empties (a custom one as `custom.<id>`); one exported
 * empty that the service filled since is not emptied.
 */
export function withoutStaleCells(
  def: ResourceDef,
  sheet: WriteBody,
  current: CurrentRecord,
  exported: ExportedRecord | undefined,
  cells: ReadonlyMap<string, string> | undefined,
  emptied: readonly string[] = [],
  asExported: readonly string[] = [],
): { sheet: WriteBody; kept: KeptField[]; emptied: readonly string[] } {
  if (!exported) return { sheet, kept: [], emptied };
  let out: WriteBody | undefined;
  const kept: KeptField[] = [];
  for (const f of writeFields(def, 'update')) {
    const was = exported.prints[f.name];
    const value = getPath(sheet, f.name);
    const cleared = value === undefined && emptied.includes(f.name);
    // A lookup cell left out before the lists as exported (exportedCell): judged as one sent.
    const left = value === undefined && asExported.includes(f.name);
    if (was === undefined || (value === undefined && !cleared && !left)) continue;
    const text = f.lookup ? cells?.get(f.name) : undefined;
    const inSheet = cleared ? '' : left ? was : f.lookup ? text && namePrint(f, text) : plainPrint(value);
    // A cell the user edited goes as today (last write wins).
    if (inSheet !== was) continue;
    const now = f.lookup
      ? namePrint(f, current.names.get(f.name))
      : plainPrint(getPath(current.body, f.name));
    if (now === was) continue;
    if (!cleared && !left) deletePath((out ??= structuredClone(sheet)), f.name);
    kept.push({ field: f.name, service: shownValue(f, current), at: exported.at, file: exported.file });
  }
  const customs = withoutStaleCustoms(out ?? sheet, current, exported);
  kept.push(...customs.kept, ...staleEmptiedCustoms(emptied, current, exported));
  const stay = new Set(kept.map((k) => k.field));
  return { sheet: customs.sheet, kept, emptied: emptied.filter((f) => !stay.has(f)) };
}

/**
 * The fields of a row that it would send and that differ from what the export showed (or that
 * the export did not show): none means the row is as exported, so that an update of it sends
 * nothing whatever its record has now (withoutStaleCells keeps what changed in the service
 * since) and need not read the record. Judged as withoutStaleCells judges a cell: a lookup by
 * its cell's name (`cells`), a plain field by its value in write form, a custom value by the
 * template's list. `empty`: the fields whose cells are empty, as exported only where the
 * export showed them empty (one the user emptied is an edit, whether --clear-empty sends it
 * or the run says what it leaves). Custom forms are not remembered by an export: a row with
 * form data counts as edited.
 */
export function editedSinceExport(
  def: ResourceDef,
  sheet: WriteBody,
  exported: ExportedRecord,
  cells: ReadonlyMap<string, string>,
  empty: readonly string[] = [],
): string[] {
  const edited: string[] = [];
  for (const f of writeFields(def, 'update')) {
    const was = exported.prints[f.name];
    const text = f.lookup ? cells.get(f.name) : undefined;
    const value = f.lookup ? text : getPath(sheet, f.name);
    const cleared = value === undefined && empty.includes(f.name);
    // No column for the field: nothing is sent for it.
    if (value === undefined && !cleared) continue;
    const inSheet = cleared ? '' : f.lookup ? namePrint(f, text) : plainPrint(value);
    if (was === undefined || inSheet !== was) edited.push(f.name);
  }
  const tpl = sheet.template as { fields?: { id: number; value: unknown }[] } | undefined;
  for (const x of tpl?.fields ?? [])
    if (exported.prints[customPrint(x.id)] !== plainPrint(x.value)) edited.push(customPrint(x.id));
  for (const field of empty)
    if (customFieldIdOf(field) !== undefined && exported.prints[field] !== '') edited.push(field);
  if (sheet.form_template !== undefined) edited.push('form_template');
  return edited;
}

/**
 * The custom field values of the sheet less those still as exported whose record's value
 * changed since. The template's values go as one list: one left out of the sheet's keeps the
 * record's value in the merge, and the others go as the sheet has them. A sheet that names
 * another template than the record's is sent as today (its values replace the old ones).
 */
function withoutStaleCustoms(
  sheet: WriteBody,
  current: CurrentRecord,
  exported: ExportedRecord,
): { sheet: WriteBody; kept: KeptField[] } {
  const tpl = sheet.template as { id?: number; fields?: { id: number; value: unknown }[] } | undefined;
  const now = current.body.template as { id?: number } | undefined;
  if (!tpl?.fields || tpl.id === undefined || tpl.id !== now?.id) return { sheet, kept: [] };
  const kept: KeptField[] = [];
  const fields = tpl.fields.filter((x) => {
    const was = exported.prints[customPrint(x.id)];
    const service = customValueOf(current.body, x.id);
    if (was === undefined || plainPrint(x.value) !== was || plainPrint(service) === was) return true;
    kept.push({
      field: customPrint(x.id),
      service: shownPlain(service),
      at: exported.at,
      file: exported.file,
    });
    return false;
  });
  return kept.length === 0 ? { sheet, kept } : { sheet: { ...sheet, template: { ...tpl, fields } }, kept };
}

/**
 * The custom fields --clear-empty would empty whose cell was exported empty while the record
 * has a value now (filled in the service since): kept as the service has them, as a plain
 * field's is. A cell exported with a value and emptied since is the user's edit: it empties.
 */
function staleEmptiedCustoms(
  emptied: readonly string[],
  current: CurrentRecord,
  exported: ExportedRecord,
): KeptField[] {
  return emptied.flatMap((field) => {
    const id = customFieldIdOf(field);
    if (id === undefined || exported.prints[field] !== '') return [];
    const service = customValueOf(current.body, id);
    if (service === undefined || service === null || service === '') return [];
    return [{ field, service: shownPlain(service), at: exported.at, file: exported.file }];
  });
}

/** Whether a lookup cell still names what the export of its record showed. */
export function exportedCell(f: FieldDef, text: string, exported: ExportedRecord): boolean {
  const was = exported.prints[f.name];
  return was !== undefined && namePrint(f, text) === was;
}

/**
 * A lookup cell that still names what the export showed while its record names another now:
 * kept as the service has it (resolved by no list: the update leaves the field alone), or
 * undefined. `recorded`: the name the record's lookup has now.
 */
export function staleLookup(
  f: FieldDef,
  text: string,
  recorded: string | undefined,
  exported: ExportedRecord | undefined,
): KeptField | undefined {
  const was = exported?.prints[f.name];
  if (!exported || was === undefined || namePrint(f, text) !== was || namePrint(f, recorded) === was)
    return undefined;
  return { field: f.name, service: recorded ?? '(empty)', at: exported.at, file: exported.file };
}

/** Remove a dot path, and the object it leaves empty (`category` without its id). */
function deletePath(body: WriteBody, path: string): void {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    delete body[head];
    return;
  }
  const inner = body[head];
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return;
  deletePath(inner as WriteBody, rest.join('.'));
  if (Object.keys(inner).length === 0) delete body[head];
}

/** A field's value in the record as a person reads it: a lookup's name, an enum's label. */
function shownValue(f: FieldDef, current: CurrentRecord): string {
  if (f.lookup) return current.names.get(f.name) ?? '(empty)';
  const v = getPath(current.body, f.name);
  return f.values && typeof v === 'string' && v !== '' ? enumLabel(f, v) : shownPlain(v);
}

/** A plain value as a person reads it. */
function shownPlain(v: unknown): string {
  if (v === undefined || v === null || v === '') return '(empty)';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** An export's prints, gathered record by record as the list is written. */
export class ExportPrints {
  readonly records = new Map<number, string[]>();
  private readonly printed: FieldDef[];

  /** `shown`: the write fields of the export's columns; `customs`: its custom field columns' ids. */
  constructor(
    private readonly def: ResourceDef,
    shown: readonly string[],
    private readonly customs: readonly number[] = [],
  ) {
    this.printed = printedFields(def, shown);
  }

  get fields(): string[] {
    return [...this.printed.map((f) => f.name), ...this.customs.map(customPrint)];
  }

  readonly add = (record: Record<string, unknown>): void => {
    if (typeof record.id === 'number')
      this.records.set(record.id, recordPrints(this.def, record, this.printed, this.customs));
  };
}
