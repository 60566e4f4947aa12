// Updates that do not wipe data. The service's PUT replaces the whole record and nulls
// what is omitted, so an update reads the record first, turns its read shape back into a
// write body (lookups {id, name} → id, country name → numeric code, template values keyed
// by id → a list), lays the sheet's values over it, and PUTs the result.
import type { FieldDef, LookupKind, ResourceDef, WriteBody } from '../resources/fields.js';
import { getPath, readNameKey, setPath, writeFields } from '../resources/fields.js';

export interface FieldChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
  /** Lookups: the names of the ids, as a person reads them (`country United Kingdom (826)`). */
  readonly fromName?: string;
  readonly toName?: string;
}

/** The names a record's read shape gives its lookups ({id, name}, a country's name), by field. */
export function readNames(def: ResourceDef, record: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of writeFields(def, 'update')) {
    if (!f.lookup) continue;
    const v = getPath(record, f.name.endsWith('.id') ? f.name.slice(0, -3) : f.name);
    const name =
      f.lookup === 'country'
        ? v
        : v && typeof v === 'object'
          ? (v as Record<string, unknown>)[readNameKey(f.lookup)]
          : undefined;
    if (typeof name === 'string' && name !== '') out.set(f.name, name);
  }
  return out;
}

/**
 * Lookup changes with names beside the ids: the old one as the record names it, the new
 * one as the run's lists do (the name the sheet gave, resolved).
 */
export function namedChanges(
  def: ResourceDef,
  changes: readonly FieldChange[],
  before: ReadonlyMap<string, string>,
  nameOf?: (kind: LookupKind, id: number) => string | undefined,
): FieldChange[] {
  return changes.map((c) => {
    const kind = def.fields.find((f) => f.name === c.field)?.lookup;
    if (!kind) return c;
    const fromName = c.from === null ? undefined : before.get(c.field);
    const toName = typeof c.to === 'number' ? nameOf?.(kind, c.to) : undefined;
    return fromName === undefined && toName === undefined ? c : { ...c, fromName, toName };
  });
}

/** A custom field's value in a record as the service reads it (template.fields by id, or as a list). */
export function customValueOf(record: Record<string, unknown>, fieldId: number): unknown {
  const tpl = record.template as
    { fields?: Record<string, unknown> | { id: number; value: unknown }[] } | null | undefined;
  if (!tpl || typeof tpl !== 'object') return undefined;
  if (Array.isArray(tpl.fields)) return tpl.fields.find((f) => f.id === fieldId)?.value;
  return tpl.fields?.[String(fieldId)];
}

/** The write form of a record as the service reads it back. */
export function readToWrite(
  def: ResourceDef,
  record: Record<string, unknown>,
  countryCode: (name: string) => number | undefined,
): WriteBody {
  const body: WriteBody = {};
  for (const f of writeFields(def, 'update')) {
    if (f.variant) continue;
    const v = readValue(f, record, countryCode);
    if (v !== undefined && v !== null) setPath(body, f.name, v);
  }
  const tpl = record.template as
    { id?: number; fields?: Record<string, unknown> | { id: number; value: unknown }[] } | null | undefined;
  if (tpl && typeof tpl === 'object' && tpl.id !== undefined) {
    const fields = Array.isArray(tpl.fields)
      ? tpl.fields
      : Object.entries(tpl.fields ?? {}).map(([id, value]) => ({ id: Number(id), value }));
    body.template = { id: tpl.id, fields };
  }
  return body;
}

function readValue(
  f: FieldDef,
  record: Record<string, unknown>,
  countryCode: (name: string) => number | undefined,
): unknown {
  if (f.type !== 'lookup') {
    const v = getPath(record, f.name);
    if (f.type === 'decimal' && typeof v === 'string' && v.trim() !== '') return Number(v);
    return v;
  }
  const base = f.name.endsWith('.id') ? f.name.slice(0, -3) : f.name;
  const v = getPath(record, base);
  if (f.lookup === 'country') {
    if (typeof v === 'number') return v;
    return typeof v === 'string' ? countryCode(v) : undefined;
  }
  if (v && typeof v === 'object') return (v as { id?: unknown }).id;
  return typeof v === 'number' ? v : undefined;
}

/**
 * The body to PUT: the current record, with the sheet's values laid over it. Fields
 * whose cell was empty stay as they are, unless `clearEmpty` names them to be blanked.
 */
export function mergeForUpdate(
  current: WriteBody,
  sheet: WriteBody,
  opts: { clearEmpty?: readonly string[] } = {},
): WriteBody {
  const out: WriteBody = structuredClone(current);
  const lay = (src: Record<string, unknown>, dst: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(src)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && k !== 'template') {
        const d =
          dst[k] && typeof dst[k] === 'object' && !Array.isArray(dst[k])
            ? (dst[k] as Record<string, unknown>)
            : {};
        dst[k] = d;
        lay(v as Record<string, unknown>, d);
      } else if (k === 'template' && v && typeof v === 'object') {
        // Custom values merge by field id: the sheet's win, others stay. Field ids belong to
        // their template: when the sheet names another template, the old values do not carry over.
        const cur = dst.template as
          { id: number; fields?: { id: number; value: unknown }[] } | null | undefined;
        const same = cur && cur.id === (v as { id: number }).id;
        const fields = new Map((same ? (cur.fields ?? []) : []).map((x) => [x.id, x.value]));
        for (const x of (v as { fields?: { id: number; value: unknown }[] }).fields ?? [])
          fields.set(x.id, x.value);
        dst.template = {
          id: (v as { id: number }).id,
          fields: [...fields].map(([id, value]) => ({ id, value })),
        };
      } else dst[k] = v;
    }
  };
  lay(sheet, out);
  // A field the sheet does give (a mapping-file default filled its empty cell) is not blanked.
  for (const name of opts.clearEmpty ?? []) {
    const custom = customFieldIdOf(name);
    if (custom !== undefined) {
      if (customValueOf(sheet, custom) === undefined) clearCustomValue(out, custom);
    } else if (getPath(sheet, name) === undefined) setPath(out, name, null);
  }
  return out;
}

/**
 * The custom field a name stands for (`custom.12` → 12: an emptied custom cell, an export's
 * print of it), or undefined for a plain field.
 */
export function customFieldIdOf(name: string): number | undefined {
  const m = /^custom\.(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/**
 * Empty a custom value in the merged body: its entry in the template's list becomes null, as
 * the service takes an empty value (a plain field is emptied by null too). The list goes whole,
 * so a value only left out of it would be dropped by a service that replaces the list and kept
 * by one that merges it by field id; null empties it either way. A field the record has no
 * value for is left as it is (no write for nothing), and so is one of another template: field
 * ids are the account's, so the record's list has it only when it is of the record's template.
 */
function clearCustomValue(out: WriteBody, fieldId: number): void {
  const tpl = out.template as { id: number; fields?: { id: number; value: unknown }[] } | null | undefined;
  const at = tpl?.fields?.findIndex((x) => x.id === fieldId) ?? -1;
  const value = at >= 0 ? tpl!.fields![at].value : undefined;
  if (value === undefined || value === null || value === '') return;
  tpl!.fields = tpl!.fields!.map((x, i) => (i === at ? { id: x.id, value: null } : x));
}

/**
 * An update worked out against a record as read (a list page or a GET): the merged body
 * and what it changes, field by field. Pure: the dry run, the plan and the write share it.
 */
export function updateOf(
  def: ResourceDef,
  current: WriteBody,
  sheet: WriteBody,
  company: number,
  clearEmpty?: readonly string[],
): { next: WriteBody; changes: FieldChange[] } {
  const next = { ...mergeForUpdate(current, sheet, { clearEmpty }), company };
  return { next, changes: diffBodies(def, current, next) };
}

/** What a PUT of `next` would change in `current`, field by field (for dry runs). */
export function diffBodies(def: ResourceDef, current: WriteBody, next: WriteBody): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const f of writeFields(def, 'update')) {
    const a = getPath(current, f.name) ?? null;
    const b = getPath(next, f.name) ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field: f.name, from: a, to: b });
  }
  const ta = JSON.stringify((current.template as { fields?: unknown } | undefined)?.fields ?? null);
  const tb = JSON.stringify((next.template as { fields?: unknown } | undefined)?.fields ?? null);
  if (ta !== tb) changes.push({ field: 'template', from: ta, to: tb });
  return changes;
}

/**
 * The body to PATCH: only the top-level keys whose value changes, plus `company` (the
 * service requires it on every write). A nested object (category, contact_person,
 * expenditure_type, currency) and the custom field template go whole when anything in
 * them changed: how the service merges inside a nested value is not specified, and a whole
 * value is right either way. Keys are those of the field-by-field diff, so a PATCH carries
 * exactly what a dry run shows.
 */
export function patchBody(def: ResourceDef, current: WriteBody, next: WriteBody): WriteBody {
  const keys = new Set(diffBodies(def, current, next).map((c) => c.field.split('.')[0]));
  const body: WriteBody = {};
  for (const k of keys) body[k] = next[k] ?? null;
  if (next.company !== undefined) body.company = next.company;
  return body;
}

/** A field both the sheet and someone in the service changed since the last run: not written. */
export interface FieldConflict {
  readonly field: string;
  /** What the last run sent, the sheet's value now, and the service's now. */
  readonly last: unknown;
  readonly sheet: unknown;
  readonly service: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type CustomList = { id: number; fields?: { id: number; value: unknown }[] };

/** A template in write form ({id, fields: [{id, value}]}), or undefined for anything else. */
function customListOf(v: unknown): CustomList | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const t = v as { id?: unknown; fields?: unknown };
  return typeof t.id === 'number' && (t.fields === undefined || Array.isArray(t.fields))
    ? (t as CustomList)
    : undefined;
}

/** A custom value in a template's list (undefined when the list has none, or is of another template). */
function customIn(list: CustomList | undefined, templateId: number, fieldId: number): unknown {
  return list?.id === templateId ? list.fields?.find((x) => x.id === fieldId)?.value : undefined;
}

/** One field's verdict: what the sheet, the service and the last run have it as. */
function judgeField(
  field: string,
  value: unknown,
  service: unknown,
  last: unknown,
  preferSheet: boolean,
): 'send' | 'keep' | FieldConflict {
  // The sheet still says what we sent: whatever the service holds now stays.
  if (same(value, last)) return 'keep';
  if (!same(service, last) && !same(value, service) && !preferSheet)
    return { field, last, sheet: value, service: service ?? null };
  return 'send';
}

/**
 * The custom values of the sheet's list judged one by one (as `custom.<id>`) against the list
 * the last run sent: the sheet's list holds only its non-empty cells, the last run's the whole
 * record's, so the lists as wholes differ whenever a cell is empty. A value the last run did not
 * send goes as the sheet has it. Undefined when the two lists are not of one template (the
 * template then is judged whole, as a plain field).
 */
function judgeCustoms(
  sheet: unknown,
  current: unknown,
  last: unknown,
  preferSheet: boolean,
): { list: CustomList | undefined; conflicts: FieldConflict[]; colleagues: string[] } | undefined {
  const [mine, now, sent] = [customListOf(sheet), customListOf(current), customListOf(last)];
  if (!mine || !sent || mine.id !== sent.id) return undefined;
  const conflicts: FieldConflict[] = [];
  const colleagues: string[] = [];
  const fields = (mine.fields ?? []).filter((x) => {
    const was = customIn(sent, mine.id, x.id);
    if (was === undefined) return true;
    const service = customIn(now, mine.id, x.id);
    const v = judgeField(`custom.${x.id}`, x.value, service, was, preferSheet);
    if (typeof v === 'object') conflicts.push(v);
    else if (v === 'keep' && !same(x.value, service)) colleagues.push(`custom.${x.id}`);
    return v === 'send';
  });
  return { list: fields.length > 0 ? { ...mine, fields } : undefined, conflicts, colleagues };
}

/**
 * The fields --clear-empty would empty, judged as cells the sheet gives as empty: one the last
 * run sent empty too is the sheet unchanged, so the service's value stays (a colleague's, kept
 * without a conflict); one a colleague changed since the last run sent a value is a conflict.
 * A field the last run did not send empties as the sheet says.
 */
function judgeEmptied(
  emptied: readonly string[],
  current: WriteBody,
  lastSent: Readonly<Record<string, unknown>>,
  preferSheet: boolean,
): { emptied: string[]; conflicts: FieldConflict[] } {
  const conflicts: FieldConflict[] = [];
  const out = emptied.filter((name) => {
    const custom = customFieldIdOf(name);
    const sent = customListOf(lastSent.template);
    const now = customListOf(current.template);
    if (custom !== undefined && (!sent || sent.id !== now?.id)) return true;
    if (custom === undefined && (name.includes('.') || !(name in lastSent))) return true;
    const was = custom === undefined ? lastSent[name] : customIn(sent, sent!.id, custom);
    if (custom !== undefined && was === undefined) return true;
    const service = custom === undefined ? current[name] : customIn(now, now!.id, custom);
    const v = judgeField(name, null, blankAsNull(service), blankAsNull(was), preferSheet);
    if (typeof v === 'object') conflicts.push({ ...v, service: service ?? null });
    return v === 'send';
  });
  return { emptied: out, conflicts };
}

const blankAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * Never revert a colleague's edit. Against what this user's runs know the record to hold
 * (`lastSent`: the fields they sent or a sync found it holding, agreedFields; top-level
 * fields in write form): a field the sheet has not changed since
 * keeps the service's value, whoever set it; a field both changed is a conflict, left out
 * unless `preferSheet`; `colleagues` names the fields whose service value so stays though the
 * sheet's differs. Fields no run sent or found go as the sheet has them. Custom
 * values are judged one by one (judgeCustoms), and so are the fields --clear-empty would
 * empty (`emptied`, judgeEmptied). Pure.
 */
export function withoutColleaguesEdits(
  sheet: WriteBody,
  current: WriteBody,
  lastSent: Readonly<Record<string, unknown>> | undefined,
  preferSheet = false,
  emptied: readonly string[] = [],
): { sheet: WriteBody; conflicts: FieldConflict[]; emptied: readonly string[]; colleagues: string[] } {
  if (!lastSent) return { sheet, conflicts: [], emptied, colleagues: [] };
  const out: WriteBody = {};
  const conflicts: FieldConflict[] = [];
  const colleagues: string[] = [];
  for (const [field, value] of Object.entries(sheet)) {
    if (!(field in lastSent) || field === 'company') {
      out[field] = value;
      continue;
    }
    const customs =
      field === 'template'
        ? judgeCustoms(value, current.template, lastSent.template, preferSheet)
        : undefined;
    if (customs) {
      conflicts.push(...customs.conflicts);
      colleagues.push(...customs.colleagues);
      if (customs.list) out.template = customs.list;
      continue;
    }
    const v = judgeField(field, value, current[field], lastSent[field], preferSheet);
    if (typeof v === 'object') conflicts.push(v);
    else if (v === 'send') out[field] = value;
    else if (!same(value, current[field])) colleagues.push(field);
  }
  const judged = judgeEmptied(emptied, current, lastSent, preferSheet);
  return { sheet: out, conflicts: [...conflicts, ...judged.conflicts], emptied: judged.emptied, colleagues };
}

/**
 * The sheet's fields that record `current` already holds (nothing to send for them), less
 * those `known` has with the same value: what a sync learns of a record besides what it
 * sends. A later sync judges a colleague's edit of such a field as of a field it sent (a
 * record made elsewhere whose name the sheet had already: the sheet unchanged since, the
 * colleague's name stays). Custom values one by one, as a list of the record's template;
 * `emptied` (--clear-empty's fields) as null where the record has none either. Pure.
 */
export function agreedFields(
  sheet: WriteBody,
  current: WriteBody,
  known: Readonly<Record<string, unknown>> | undefined,
  emptied: readonly string[] = [],
): WriteBody {
  const out: WriteBody = {};
  const isNew = (field: string, value: unknown) => !known || !(field in known) || !same(known[field], value);
  for (const [field, value] of Object.entries(sheet)) {
    if (field === 'company' || field === 'template') continue;
    if (same(value, current[field]) && isNew(field, value)) out[field] = value;
  }
  for (const field of emptied) {
    if (field.includes('.') || blankAsNull(current[field]) !== null) continue;
    if (isNew(field, null)) out[field] = null;
  }
  const customs = agreedCustoms(sheet.template, current.template, known?.template, emptied);
  if (customs) out.template = customs;
  return out;
}

/** agreedFields for the custom values: those of the sheet's list the record's list has alike. */
function agreedCustoms(
  sheet: unknown,
  current: unknown,
  known: unknown,
  emptied: readonly string[],
): CustomList | undefined {
  const now = customListOf(current);
  if (!now) return undefined;
  const mine = customListOf(sheet);
  const had = customListOf(known);
  const values = new Map<number, unknown>();
  if (mine?.id === now.id) for (const x of mine.fields ?? []) values.set(x.id, x.value);
  for (const name of emptied) {
    const id = customFieldIdOf(name);
    if (id !== undefined && !values.has(id)) values.set(id, null);
  }
  const fields = [...values]
    .filter(([id, v]) => same(blankAsNull(v), blankAsNull(customIn(now, now.id, id))))
    .filter(
      ([id, v]) =>
        had?.id !== now.id || customIn(had, now.id, id) === undefined || !same(customIn(had, now.id, id), v),
    )
    .map(([id, value]) => ({ id, value }));
  return fields.length > 0 ? { id: now.id, fields } : undefined;
}

/**
 * `known` with `agreed` (agreedFields) laid over it: plain fields replaced, custom values
 * merged into the known list by id when both are of one template. Pure.
 */
export function layAgreed(
  known: Readonly<Record<string, unknown>>,
  agreed: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = { ...known, ...agreed };
  const had = customListOf(known.template);
  const add = customListOf(agreed.template);
  if (had && add && had.id === add.id) {
    const byId = new Map((had.fields ?? []).map((x) => [x.id, x.value]));
    for (const x of add.fields ?? []) byId.set(x.id, x.value);
    out.template = { ...had, fields: [...byId].map(([id, value]) => ({ id, value })) };
  }
  return out;
}
