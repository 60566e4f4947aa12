// Server-side validation of a write: the shared definitions' schema and rules
// (validateWriteBody), plus what only the server knows — lookup ids existing in the
// company, subcategories, custom fields, uniqueness, the stored contract_type.
// Problems are answered all at once, nested as DRF nests serializer errors.
import {
  type ResourceDef,
  type RuleIssue,
  type WriteMode,
  type CustomTemplate,
  LOOKUP_LIST,
  checkCustomFields,
  getPath,
  isBlank,
  validateWriteBody,
  writeFields,
} from '../resources/index.js';
import { countryByNumeric } from '../resources/countries.js';
import type { Store, StoredRecord } from './store.js';

export interface WriteContext {
  def: ResourceDef;
  store: Store;
  mode: WriteMode;
  body: Record<string, unknown>;
  /** The record being updated (PUT/PATCH). */
  existing?: StoredRecord;
  /** POST /asset?unique_field=… (also honoured on asset updates). */
  uniqueField?: string;
}

const invalidPk = (v: unknown) => `Invalid pk "${String(v)}" - object does not exist.`;

/** Uniqueness the service enforces: [resource, field, scope]. */
const UNIQUE: Record<string, { field: string; scope: 'account' | 'company' }[]> = {
  customer: [{ field: 'name', scope: 'account' }],
  'asset-owner': [{ field: 'name', scope: 'account' }],
};

export function validateWrite(ctx: WriteContext): RuleIssue[] {
  const { def, store, mode, body, existing } = ctx;
  const issues: RuleIssue[] = [...validateWriteBody(def, body, mode, 'service').issues];
  const has = (prefix: string) => issues.some((i) => i.field === prefix || i.field.startsWith(prefix + '.'));

  const company =
    typeof body.company === 'number' && Number.isInteger(body.company) ? body.company : undefined;
  if (company !== undefined && !has('company') && !store.get('company', company, null)) {
    issues.push({ field: 'company', message: invalidPk(company) });
  }
  const scope = company ?? existing?.company ?? null;

  // Lookup ids must name a record of this company (countries: a known numeric code).
  for (const f of writeFields(def, mode)) {
    if (!f.lookup || has(f.name)) continue;
    const v = getPath(body, f.name);
    if (typeof v !== 'number' || !Number.isInteger(v)) continue;
    const found =
      f.lookup === 'country'
        ? countryByNumeric(v) !== undefined
        : scope !== null && store.get(LOOKUP_LIST[f.lookup].name, v, scope) !== undefined;
    if (!found) issues.push({ field: f.name, message: invalidPk(v) });
  }

  // A subcategory must be one of its category's.
  if (def.fields.some((f) => f.name === 'category.subcategory') && !has('category')) {
    const id = getPath(body, 'category.id');
    const sub = getPath(body, 'category.subcategory');
    if (typeof id === 'number' && typeof sub === 'string' && !isBlank(sub) && scope !== null) {
      const cat = store.get('category', id, scope);
      const subs = (cat?.data.subcategories as string[] | null | undefined) ?? [];
      if (cat && !subs.includes(sub)) {
        issues.push({
          field: 'category.subcategory',
          message: `"${sub}" is not a subcategory of "${String(cat.data.category)}".`,
        });
      }
    }
  }

  // Custom fields, checked against this company's templates once their shape is right.
  if (def.customFieldType && !has('template') && !has('form_template') && scope !== null) {
    const templates = (r: string) =>
      store
        .list(r, scope)
        .map((t) => t.data as unknown as CustomTemplate)
        .filter((t) => t.type === def.customFieldType);
    const forms = mode === 'create' ? body : { ...body, form_template: undefined };
    issues.push(
      ...checkCustomFields(def, forms, templates('custom-field-template'), templates('custom-form-template')),
    );
  }

  // Uniqueness (exact match, as a database unique constraint).
  const uniques = [...(UNIQUE[def.name] ?? [])];
  if (def.name === 'asset' && ctx.uniqueField) uniques.push({ field: ctx.uniqueField, scope: 'company' });
  for (const u of uniques) {
    const v = body[u.field];
    if (isBlank(v) || has(u.field)) continue;
    const clash = store
      .all(def.name)
      .some(
        (r) =>
          r.id !== existing?.id && (u.scope === 'account' || r.company === scope) && r.data[u.field] === v,
      );
    if (clash)
      issues.push({
        field: u.field,
        message: `${def.label.toLowerCase()} with this ${u.field.replace(/_/g, ' ')} already exists.`,
      });
  }

  // contract_type is set at create and cannot change; the side rule uses the stored one.
  if (def.name === 'contract' && mode === 'update' && existing) {
    const stored = existing.data.contract_type;
    if (body.contract_type !== undefined && body.contract_type !== stored) {
      issues.push({
        field: 'contract_type',
        message: 'contract_type cannot be changed once the contract is created.',
      });
    }
    const side = def.rules.find((r) => r.id === 'side_needs_party');
    if (side && body.contract_type === undefined)
      issues.push(...side.check({ ...body, contract_type: stored }, 'create'));
  }
  return issues;
}

/** Issues keyed by dot path → DRF's nested error object: {"contact_person": {"email": [..]}}. */
export function drfErrors(issues: readonly RuleIssue[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    const keys = issue.field === '' ? ['non_field_errors'] : issue.field.split('.');
    let cur: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const last = i === keys.length - 1;
      const slot = (cur as Record<string, unknown>)[key];
      if (last) {
        if (Array.isArray(slot) && slot.every((s) => typeof s === 'string')) {
          if (!slot.includes(issue.message)) slot.push(issue.message);
        } else if (slot && typeof slot === 'object') {
          const obj = slot as Record<string, unknown>;
          ((obj.non_field_errors ??= []) as string[]).push(issue.message);
        } else {
          (cur as Record<string, unknown>)[key] = [issue.message];
        }
        break;
      }
      const nextIsIndex = /^\d+$/.test(keys[i + 1]);
      if (Array.isArray(slot) && slot.every((s) => typeof s === 'string') && slot.length > 0) {
        // A message already sits on the parent: keep the child's message there too.
        slot.push(issue.message);
        break;
      }
      if (slot === undefined || slot === null || typeof slot !== 'object') {
        (cur as Record<string, unknown>)[key] = nextIsIndex ? [] : {};
      }
      const next = (cur as Record<string, unknown>)[key] as Record<string, unknown> | unknown[];
      if (Array.isArray(next) && nextIsIndex) {
        // DRF lists an error object per item, {} for the items without errors.
        const idx = Number(keys[i + 1]);
        while (next.length <= idx) next.push({});
      }
      cur = next;
    }
  }
  return root;
}
