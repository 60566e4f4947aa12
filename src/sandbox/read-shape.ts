// Between the stored form of a writable record (its normalised write body) and the read
// shape the service answers with. The read shape is derived from the field definitions,
// so it agrees with the export columns (`columnsFromFields`): a lookup becomes
// {id, name} ({id, number} for a contract), country becomes its name string.
import {
  type FieldDef,
  type LookupKind,
  type ResourceDef,
  LOOKUP_LIST,
  readNameKey,
} from '../resources/index.js';
import { countryByNumeric } from '../resources/countries.js';
import type { Store, StoredRecord } from './store.js';

interface Group {
  key: string;
  /** A leaf field (`name`, `country`) … */
  leaf?: FieldDef;
  /** … or the members of a nested object (`category.id`, `category.subcategory`). */
  members: FieldDef[];
}

/** Top-level keys of a resource's write body, in definition order. */
function topLevelGroups(def: ResourceDef): Group[] {
  const groups = new Map<string, Group>();
  for (const f of def.fields) {
    const [key, ...rest] = f.name.split('.');
    let g = groups.get(key);
    if (!g) {
      g = { key, members: [] };
      groups.set(key, g);
    }
    if (rest.length === 0) g.leaf = f;
    else g.members.push(f);
  }
  return [...groups.values()];
}

const toNumberIfNumeric = (v: unknown): unknown =>
  typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;

function normaliseValue(f: FieldDef, v: unknown): unknown {
  if (v === undefined) return null;
  return f.type === 'decimal' ? toNumberIfNumeric(v) : v;
}

/**
 * A full write body: every field present, omitted ones null (what PUT does to them).
 * `keep` supplies values for fields this write may not carry (create-only ones on update).
 */
export function normaliseWriteBody(
  def: ResourceDef,
  body: Record<string, unknown>,
  keep?: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const g of topLevelGroups(def)) {
    if (keep && (g.leaf?.createOnly || g.members.some((m) => m.createOnly))) {
      out[g.key] = keep[g.key] ?? null;
      continue;
    }
    if (g.leaf) {
      out[g.key] = normaliseValue(g.leaf, body[g.key]);
      continue;
    }
    const obj = body[g.key];
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      out[g.key] = null;
      continue;
    }
    const nested: Record<string, unknown> = {};
    for (const m of g.members) {
      const sub = m.name.slice(g.key.length + 1);
      nested[sub] = normaliseValue(m, (obj as Record<string, unknown>)[sub]);
    }
    out[g.key] = nested;
  }
  if (def.customFieldType) {
    out.template = body.template ?? null;
    if (def.customForms)
      out.form_template = keep ? (keep.form_template ?? null) : (body.form_template ?? null);
  }
  return out;
}

/** The name a lookup kind's record shows, by the list's own field for it. */
function lookupName(kind: LookupKind, rec: StoredRecord): unknown {
  switch (kind) {
    case 'category':
      return rec.data.category;
    case 'hardware_model':
      return rec.data.asset_hardware_model;
    case 'contract':
      return rec.data.number;
    default:
      return rec.data.name;
  }
}

function lookupShape(store: Store, kind: LookupKind, id: unknown, company: number | null): unknown {
  if (id === null || id === undefined) return null;
  if (kind === 'country') return countryByNumeric(Number(id))?.name ?? null;
  const rec = store.get(LOOKUP_LIST[kind].name, Number(id), company);
  const shape: Record<string, unknown> = { id, [readNameKey(kind)]: rec ? lookupName(kind, rec) : null };
  if (kind === 'business_unit' && rec) {
    shape.contact_name = rec.data.contact_name ?? null;
    shape.contact_email = rec.data.contact_email ?? null;
    shape.contact_phone_number = rec.data.contact_phone_number ?? null;
  }
  return shape;
}

/** The record as the service answers it (GET, and the body of 200/201 on writes). */
function readShape(def: ResourceDef, rec: StoredRecord, store: Store): Record<string, unknown> {
  const out: Record<string, unknown> = { id: rec.id };
  for (const g of topLevelGroups(def)) {
    const value = rec.data[g.key] ?? null;
    if (g.leaf?.variant && value === null) continue;
    if (g.leaf) {
      out[g.key] = g.leaf.lookup ? lookupShape(store, g.leaf.lookup, value, rec.company) : value;
      continue;
    }
    const idMember = g.members.find((m) => m.lookup && m.name === `${g.key}.id`);
    if (value === null || typeof value !== 'object') {
      out[g.key] = null;
    } else if (idMember?.lookup) {
      const obj = value as Record<string, unknown>;
      const base = lookupShape(store, idMember.lookup, obj.id, rec.company) as Record<string, unknown> | null;
      const rest = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'id'));
      out[g.key] = base === null ? null : { ...base, ...rest };
    } else {
      out[g.key] = { ...(value as Record<string, unknown>) };
    }
  }
  if (def.customFieldType) {
    const tpl = rec.data.template as
      { id: number; fields?: { id: number; value: unknown }[] } | null | undefined;
    out.template = tpl
      ? { id: tpl.id, fields: Object.fromEntries((tpl.fields ?? []).map((f) => [String(f.id), f.value])) }
      : null;
    if (def.customForms) out.form_template = rec.data.form_template ?? null;
  }
  return out;
}

/** The writable resources, answered in read shape; the reference lists are answered as stored. */
const READ_SHAPED = new Set(['asset', 'contract', 'customer', 'asset-owner']);

/** A stored record as the service answers it (list, retrieve, write and the admin view). */
export function answerShape(def: ResourceDef, rec: StoredRecord, store: Store): Record<string, unknown> {
  if (!READ_SHAPED.has(def.name)) return rec.data;
  if (def.name === 'asset-owner') return { id: rec.id, ...rec.data };
  return readShape(def, rec, store);
}
