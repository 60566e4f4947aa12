// The vocabulary every stage shares: how a resource's fields are described, and the
// derivations from that description (zod write schemas, cross-field rule checks,
// custom-field checks). A limit is written once, in a resource module, never here.
import { z } from 'zod';
import { memoized, ValueMemo } from '../util/memo.js';
import { closest } from '../map/normalize.js';

export type LookupKind =
  | 'country'
  | 'category'
  | 'usage_status'
  | 'business_unit'
  | 'asset_owner'
  | 'supplier'
  | 'hardware_model'
  | 'contract'
  | 'customer'
  /** No field's: a register's company column (map/company-column.ts) is read against it. */
  | 'company';

export type FieldType = 'text' | 'email' | 'integer' | 'decimal' | 'date' | 'boolean' | 'enum' | 'lookup';

export interface EnumValue {
  readonly value: string;
  readonly label: string;
  /** Other words registers use for it, in English and other languages (value-words.ts), read as it. */
  readonly words?: readonly string[];
}

export interface FieldDef {
  /** The service's name; a dot path for a member of a nested object (`contact_person.email`, `category.id`). */
  readonly name: string;
  /** The header people see in templates, exports and reports. Import maps it back. */
  readonly label: string;
  readonly type: FieldType;
  readonly description: string;
  /**
   * Required in a write body. For a member of a nested object (a dot path), required
   * whenever that object is present.
   */
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  /** Enum values with human labels, in the service's order. */
  readonly values?: readonly EnumValue[];
  /** Values an update (PUT) accepts, where narrower than `values`. */
  readonly updateValues?: readonly string[];
  /** The list whose names resolve to this field's id. */
  readonly lookup?: LookupKind;
  /** Sent on create only: never on update (contract_type, approver …). */
  readonly createOnly?: boolean;
  /** Accepted by the service in some versions, never sent by us, not in templates. */
  readonly variant?: boolean;
  /** Other headers people use for this field; matched case-, space- and punctuation-insensitively. */
  readonly synonyms?: readonly string[];
  /** Text that must stay text even when a spreadsheet stored it as a number (serials, phones). */
  readonly keepText?: boolean;
}

export type WriteMode = 'create' | 'update';

export interface RuleIssue {
  /** The field (dot path) the problem is reported against. */
  readonly field: string;
  readonly message: string;
}

/** A rule across fields of one write body, e.g. "contract_start_date before contract_end_date". */
export interface CrossFieldRule {
  readonly id: string;
  /** One sentence for docs and templates' instructions. */
  readonly description: string;
  readonly fields: readonly string[];
  readonly check: (body: WriteBody, mode: WriteMode) => readonly RuleIssue[];
}

// eslint-free note: a write body is JSON by nature; values are checked by the schema.
export type WriteBody = Record<string, unknown>;

export type CustomFieldDataType = 'date' | 'money' | 'number' | 'text' | 'attachment';

export interface ColumnDef {
  /** Dot path into a read-shape record. */
  readonly path: string;
  readonly label: string;
  readonly type: 'text' | 'integer' | 'decimal' | 'date' | 'boolean' | 'list';
  /** The write field the column shows (`category.id` for the column at `category.name`). */
  readonly field?: string;
  /** An enum's values with their labels: an export shows the label unless asked for codes. */
  readonly values?: readonly EnumValue[];
}

/** A list endpoint of the service, and (for assets, contracts, customers, asset owners) its writes. */
export interface ResourceDef {
  /** Our name for it, as on the command line: asset, contract, asset-owner, usage-status … */
  readonly name: string;
  /** Path segment after /api/v2/ (note hardware_model's underscore). */
  readonly path: string;
  readonly label: string;
  readonly plural: string;
  readonly description: string;
  /** The list call needs `company` in the query. */
  readonly companyScoped: boolean;
  /** Query filters the list endpoint documents. */
  readonly filters: readonly string[];
  /** The key of a record (license uses license_id). */
  readonly idField: string;
  /** Read-shape columns, for exports and the sandbox's seed. Writable resources derive theirs from `fields`. */
  readonly columns: readonly ColumnDef[];
  /** Write fields, in the order of the service's documentation. Empty for read-only lists. */
  readonly fields: readonly FieldDef[];
  readonly rules: readonly CrossFieldRule[];
  readonly writes: { readonly create: boolean; readonly update: boolean };
  /** Which record a row is, for duplicate detection and recovery. */
  readonly naturalKey?: readonly string[];
  /** Custom field template/form type that applies (asset, contract, customer, supplier). */
  readonly customFieldType?: 'asset' | 'contract' | 'customer' | 'supplier';
  /** Longest text value a custom field accepts on this resource. */
  readonly customTextMax?: number;
  /** Field names that hold custom values: template (and form_template where accepted). */
  readonly customForms?: boolean;
  /** A required field a sheet often lacks, built from the row's other columns when no column gives it. */
  readonly builtWhenMissing?: BuiltWhenMissing;
}

/**
 * How to build a required field no column gives: the first way whose every part has a
 * column, joined by spaces (`"{Make} {Model}"`). A part is a list of fields, the first with
 * a column taken.
 */
interface BuiltWhenMissing {
  readonly field: string;
  readonly ways: readonly (readonly (readonly string[])[])[];
}

export const MONEY_MIN = 0;
export const MONEY_MAX = 999_999_999_999_999;
export const NUMBER_MIN = -999_999_999_999_999;
export const NUMBER_MAX = 999_999_999_999_999;

/** A text field of the given length (the builders keep the resource modules to one line a field). */
export function textField(
  name: string,
  label: string,
  maxLength: number,
  description: string,
  synonyms: readonly string[] = [],
  extra: Partial<FieldDef> = {},
): FieldDef {
  return { name, label, type: 'text', maxLength, description, synonyms, ...extra };
}

/** A money field: a decimal from 0.00 to 999999999999999.00 (service-api.md, Limits). */
export function moneyField(
  name: string,
  label: string,
  description: string,
  synonyms: readonly string[] = [],
  extra: Partial<FieldDef> = {},
): FieldDef {
  return { name, label, type: 'decimal', min: MONEY_MIN, max: MONEY_MAX, description, synonyms, ...extra };
}

/** Fields a write of this mode may carry. */
export function writeFields(def: ResourceDef, mode: WriteMode): FieldDef[] {
  return def.fields.filter((f) => !(mode === 'update' && f.createOnly));
}

export function fieldByName(def: ResourceDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** Dot paths split once: they come from a fixed set (the definitions), read for every row. */
const splitCache = new Map<string, readonly string[]>();
function keysOf(path: string): readonly string[] {
  let keys = splitCache.get(path);
  if (!keys) {
    keys = path.split('.');
    if (splitCache.size < 10_000) splitCache.set(path, keys);
  }
  return keys;
}

/** Read a dot path from a nested object. */
export function getPath(obj: unknown, path: string): unknown {
  if (!path.includes('.'))
    return obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>)[path] : undefined;
  let cur: unknown = obj;
  for (const key of keysOf(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Set a dot path in a nested object, creating the objects on the way. */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  if (!path.includes('.')) {
    obj[path] = value;
    return;
  }
  const keys = keysOf(path);
  let cur: Record<string, unknown> = obj;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    const key = keys[i];
    const next = cur[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[keys[last]] = value;
}

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

// ---------------------------------------------------------------------------------
// Schemas. Every value check lives here, derived from the FieldDef; zod issues carry
// the path, and callers word them for their audience (DRF-style in the sandbox,
// spreadsheet words in the client) with formatIssue below.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** yyyy-MM-dd and a day that exists (called for every date of every row: no Date objects). */
export function isValidIsoDate(s: string): boolean {
  // Read digit by digit: every date of every row comes here, and a regular expression and
  // three slices cost several times as much.
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = digitsAt(s, 0, 4);
  const m = digitsAt(s, 5, 2);
  const d = digitsAt(s, 8, 2);
  return y >= 0 && m >= 0 && d >= 0 && isRealDay(y, m, d);
}

/** The number `count` ASCII digits at `from` spell, or -1 if one of them is no digit. */
function digitsAt(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Whether year, month and day name a day of the calendar (29 February in leap years only). */
export function isRealDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
/** An email address as the service takes it. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hasTwoPlacesAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A decimal as the service takes it: a number or a numeric string, two places at most. */
function decimalSchema(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(DECIMAL_TEXT)], { error: () => ({ message: 'decimal' }) })
    .transform((v) => (typeof v === 'string' ? Number(v) : v))
    .pipe(
      z
        .number()
        .refine((n) => Number.isFinite(n), { params: { kind: 'decimal' } })
        .refine(hasTwoPlacesAtMost, { params: { kind: 'decimal_places' } })
        .refine((n) => n >= min, { params: { kind: 'min', limit: min } })
        .refine((n) => n <= max, { params: { kind: 'max', limit: max } }),
    );
}

/** Values that pass without a word said: the schema's verdict, known without running it. */
export type Accepts = (v: unknown) => boolean;

const inRange = (n: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || n >= min) && (max === undefined || n <= max);

/**
 * A sure pass for valueSchema(f): true only for values that schema accepts as they are.
 * Names, serial numbers and amounts rarely repeat, so no memo answers for them, and a zod
 * run for each valid one is most of a row's checking. Anything this does not pass (every
 * problem, and kinds it does not know) goes to zod, which gives the verdict and the words.
 * Built from the same definition as the schema; test/resources/accepts.test.ts holds it
 * to never passing what the schema refuses.
 */
function valueAccepts(f: FieldDef, mode: WriteMode): Accepts | undefined {
  switch (f.type) {
    case 'text': {
      const max = f.maxLength ?? Infinity;
      return (v) => typeof v === 'string' && v.length <= max;
    }
    case 'email': {
      const max = f.maxLength ?? 254;
      return (v) => typeof v === 'string' && v.length <= max && (v === '' || EMAIL.test(v));
    }
    case 'integer':
    case 'lookup':
      return (v) => typeof v === 'number' && Number.isSafeInteger(v) && inRange(v, f.min, f.max);
    case 'decimal': {
      const min = f.min ?? MONEY_MIN;
      const max = f.max ?? MONEY_MAX;
      return (v) => {
        const n = typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v;
        return typeof n === 'number' && Number.isFinite(n) && hasTwoPlacesAtMost(n) && n >= min && n <= max;
      };
    }
    case 'date':
      return (v) => typeof v === 'string' && isValidIsoDate(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'enum': {
      const allowed = new Set<unknown>(
        mode === 'update' && f.updateValues ? f.updateValues : (f.values ?? []).map((v) => v.value),
      );
      return (v) => typeof v === 'string' && allowed.has(v);
    }
  }
}

function valueSchema(f: FieldDef, mode: WriteMode): z.ZodType {
  switch (f.type) {
    case 'text':
      return f.maxLength !== undefined ? z.string().max(f.maxLength) : z.string();
    case 'email':
      return z
        .string()
        .max(f.maxLength ?? 254)
        .refine((s) => s === '' || EMAIL.test(s), { params: { kind: 'email' } });
    case 'integer':
    case 'lookup': {
      let s = z.number().int();
      if (f.min !== undefined) s = s.min(f.min);
      if (f.max !== undefined) s = s.max(f.max);
      return s;
    }
    case 'decimal':
      return decimalSchema(f.min ?? MONEY_MIN, f.max ?? MONEY_MAX);
    case 'date':
      return z.string().refine(isValidIsoDate, { params: { kind: 'date' } });
    case 'boolean':
      return z.boolean();
    case 'enum': {
      const allowed =
        mode === 'update' && f.updateValues ? f.updateValues : (f.values ?? []).map((v) => v.value);
      return z.enum(allowed as [string, ...string[]]);
    }
  }
}

interface Node {
  field?: FieldDef;
  children: Map<string, Node>;
}

function tree(fields: readonly FieldDef[]): Node {
  const root: Node = { children: new Map() };
  for (const f of fields) {
    let cur = root;
    for (const key of f.name.split('.')) {
      let next = cur.children.get(key);
      if (!next) {
        next = { children: new Map() };
        cur.children.set(key, next);
      }
      cur = next;
    }
    cur.field = f;
  }
  return root;
}

/** A key's sure pass, as objectSchema builds its schema: absent or null is fine unless required. */
function nodeAccepts(child: Node, mode: WriteMode): Accepts | undefined {
  const own = child.field ? valueAccepts(child.field, mode) : objectAccepts(child, mode);
  if (!own || child.field?.required === true) return own;
  return (v) => v === undefined || v === null || own(v);
}

/** objectSchema's sure pass: a plain object whose every known key passes (others are dropped). */
function objectAccepts(node: Node, mode: WriteMode): Accepts | undefined {
  const keys: [string, Accepts][] = [];
  for (const [key, child] of node.children) {
    const a = nodeAccepts(child, mode);
    if (!a) return undefined;
    keys.push([key, a]);
  }
  return (v) => {
    if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
    for (const [key, a] of keys) if (!a((v as Record<string, unknown>)[key])) return false;
    return true;
  };
}

/** One key of an object schema: its field's value, or the object below it; null and absent allowed unless required. */
function keySchema(child: Node, mode: WriteMode): z.ZodType {
  const s: z.ZodType = child.field ? valueSchema(child.field, mode) : objectSchema(child, mode, {});
  return child.field?.required === true ? s : s.nullable().optional();
}

function objectSchema(node: Node, mode: WriteMode, extra: Record<string, z.ZodType>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, child] of node.children) shape[key] = keySchema(child, mode);
  return z.object({ ...shape, ...extra });
}

const templateValue = () => z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The write body's keys that are not the definition's fields, each with its schema, made when asked for. */
function extraSchemas(def: ResourceDef, mode: WriteMode): Record<string, () => z.ZodType> {
  const extra: Record<string, () => z.ZodType> = { company: () => z.number().int().positive() };
  if (def.customFieldType) {
    extra.template = () =>
      z
        .object({
          id: z.number().int(),
          fields: z.array(z.object({ id: z.number().int(), value: templateValue() })).optional(),
        })
        .nullable()
        .optional();
    if (def.customForms && mode === 'create') {
      extra.form_template = () =>
        z
          .array(z.object({ id: z.number().int(), custom_form_data: z.record(z.string(), templateValue()) }))
          .nullable()
          .optional();
    }
  }
  return extra;
}

/**
 * A field's check, as the write schema's object would run it on that key: no issues, or
 * the issues (with their inputs, for the wording) at paths below the field's key.
 */
interface FieldCheck {
  readonly issues?: readonly z.core.$ZodIssue[];
}

const FIELD_OK: FieldCheck = {};

/** A top-level key of the write schema: its schema, and its checks by value (a sheet repeats most values). */
interface FieldChecker {
  readonly schema: z.ZodType;
  /** A sure pass for the values it knows (a field of the definition), before any memo. */
  readonly accepts?: Accepts;
  /** Plain values by value; small objects by their JSON, apart, so that no text can pass for one. */
  readonly memo: ValueMemo<FieldCheck>;
  readonly objects: ValueMemo<FieldCheck>;
}

const checkersCache = new WeakMap<ResourceDef, Partial<Record<WriteMode, Map<string, FieldChecker>>>>();

/**
 * Each key's checker. A key's zod schema is made the first time a value fails its sure
 * pass: a sheet of valid rows never makes most of them (building a resource's sixty was
 * a fifth of a 3-row validate's own work, issue 17). Each is the write schema's own key.
 */
function checkers(def: ResourceDef, mode: WriteMode): Map<string, FieldChecker> {
  const cached = checkersCache.get(def)?.[mode];
  if (cached) return cached;
  const nodes = tree(writeFields(def, mode)).children;
  const makers: [string, () => z.ZodType][] = [
    ...[...nodes].map(([key, node]): [string, () => z.ZodType] => [key, () => keySchema(node, mode)]),
    ...Object.entries(extraSchemas(def, mode)),
  ];
  const built = new Map<string, FieldChecker>();
  for (const [key, make] of makers) {
    const node = nodes.get(key);
    const schema = memoized(make);
    built.set(key, {
      get schema() {
        return schema();
      },
      accepts: node && nodeAccepts(node, mode),
      memo: new ValueMemo<FieldCheck>(),
      objects: new ValueMemo<FieldCheck>(),
    });
  }
  checkersCache.set(def, { ...checkersCache.get(def), [mode]: built });
  return built;
}

/** The write schema's top-level keys, each with its schema and sure pass (what the tests hold together). */
export function writeKeyChecks(
  def: ResourceDef,
  mode: WriteMode,
): ReadonlyMap<string, { readonly schema: z.ZodType; readonly accepts?: Accepts }> {
  return checkers(def, mode);
}

/**
 * A small object of plain values (a category with its subcategory: a new object for each
 * row, the same few contents) as a memo key: its JSON; undefined for anything else.
 */
function objectKey(value: object): string | undefined {
  if (Array.isArray(value)) return undefined;
  let n = 0;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (++n > 4 || (v !== null && typeof v === 'object')) return undefined;
  }
  return JSON.stringify(value);
}

function checkField(c: FieldChecker, value: unknown): FieldCheck {
  if (c.accepts?.(value)) return FIELD_OK;
  const plain = value === null || typeof value !== 'object';
  const memo = plain ? c.memo : c.objects;
  const key = memo.off ? undefined : plain ? value : objectKey(value as object);
  const known = key === undefined ? undefined : memo.get(key);
  if (known) return known;
  // Most values are valid: check plainly, and again with the inputs only to word the problems.
  const out: FieldCheck = c.schema.safeParse(value).success
    ? FIELD_OK
    : { issues: c.schema.safeParse(value, { reportInput: true }).error!.issues };
  if (key !== undefined) memo.set(key, out);
  return out;
}

const requiredCache = new WeakMap<ResourceDef, Partial<Record<WriteMode, string[]>>>();

/** Top-level keys a write body must have (company and the required fields). */
function requiredKeys(def: ResourceDef, mode: WriteMode): string[] {
  const cached = requiredCache.get(def)?.[mode];
  if (cached) return cached;
  const keys = [
    'company',
    ...new Set(
      writeFields(def, mode)
        .filter((f) => f.required && !f.name.includes('.'))
        .map((f) => f.name),
    ),
  ];
  requiredCache.set(def, { ...requiredCache.get(def), [mode]: keys });
  return keys;
}

/** Check cross-field rules, adding their issues to `out` (each rule ignores fields absent or of the wrong type). */
function checkRules(def: ResourceDef, body: WriteBody, mode: WriteMode, out: RuleIssue[] = []): RuleIssue[] {
  for (const r of def.rules) {
    const found = r.check(body, mode);
    if (found.length > 0) out.push(...found);
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Custom fields: values are checked by the data type of the template's field.

interface CustomFieldDef {
  readonly id: number;
  readonly name: string;
  readonly data_type: CustomFieldDataType;
  readonly is_active: boolean;
  readonly order: number;
}

export interface CustomTemplate {
  readonly id: number;
  readonly name: string;
  readonly is_active: boolean;
  readonly type: string;
  readonly fields: readonly CustomFieldDef[];
}

/** Why a custom value is refused, or undefined when it is fine. Wording for people; the sandbox reuses it. */
function customValueProblem(
  dataType: CustomFieldDataType,
  value: unknown,
  textMax: number,
): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (dataType) {
    case 'money': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return 'must be an amount of money';
      if (n < MONEY_MIN || n > MONEY_MAX) return `must be between ${MONEY_MIN} and ${MONEY_MAX}`;
      if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'must have at most 2 decimal places';
      return undefined;
    }
    case 'number': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) return 'must be a whole number';
      if (n < NUMBER_MIN || n > NUMBER_MAX) return `must be between ${NUMBER_MIN} and ${NUMBER_MAX}`;
      return undefined;
    }
    case 'date':
      return typeof value === 'string' && isValidIsoDate(value) ? undefined : 'must be a date (yyyy-MM-dd)';
    case 'text':
      if (typeof value !== 'string') return 'must be text';
      return value.length > textMax
        ? `must be at most ${textMax} characters (has ${value.length})`
        : undefined;
    case 'attachment':
      return 'is an attachment and cannot be set through the API';
  }
}

const NO_ISSUES: readonly RuleIssue[] = Object.freeze([]);

/** Custom-field issues of a body (template.fields[] and form_template[].custom_form_data). */
export function checkCustomFields(
  def: ResourceDef,
  body: WriteBody,
  fieldTemplates: readonly CustomTemplate[],
  formTemplates: readonly CustomTemplate[],
): readonly RuleIssue[] {
  // Most bodies carry no custom fields: nothing to look at, nothing to allocate.
  if (body.template == null && body.form_template == null) return NO_ISSUES;
  const issues: RuleIssue[] = [];
  const textMax = def.customTextMax ?? 50;
  const tpl = body.template as { id: number; fields?: { id: number; value: unknown }[] } | null | undefined;
  if (tpl && typeof tpl === 'object') {
    const t = fieldTemplates.find((x) => x.id === tpl.id && x.type === def.customFieldType);
    if (!t) {
      issues.push({
        field: 'template.id',
        message: `custom field template ${tpl.id} does not exist for ${def.plural}`,
      });
    } else {
      (tpl.fields ?? []).forEach((fv, i) => {
        const cf = t.fields.find((x) => x.id === fv.id);
        if (!cf)
          issues.push({
            field: `template.fields.${i}.id`,
            message: `field ${fv.id} is not in template "${t.name}"`,
          });
        else {
          const p = customValueProblem(cf.data_type, fv.value, textMax);
          if (p) issues.push({ field: `template.fields.${i}.value`, message: `"${cf.name}" ${p}` });
        }
      });
    }
  }
  const forms = body.form_template as
    { id: number; custom_form_data: Record<string, unknown> }[] | null | undefined;
  if (Array.isArray(forms)) {
    forms.forEach((form, i) => {
      const t = formTemplates.find((x) => x.id === form.id);
      if (!t) {
        issues.push({ field: `form_template.${i}.id`, message: `custom form ${form.id} does not exist` });
        return;
      }
      for (const [name, value] of Object.entries(form.custom_form_data ?? {})) {
        const cf = t.fields.find((x) => x.name === name);
        if (!cf)
          issues.push({
            field: `form_template.${i}.custom_form_data.${name}`,
            message: `"${name}" is not a field of form "${t.name}"`,
          });
        else {
          const p = customValueProblem(cf.data_type, value, textMax);
          if (p)
            issues.push({ field: `form_template.${i}.custom_form_data.${name}`, message: `"${name}" ${p}` });
        }
      }
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------
// Wording. One zod issue, two audiences.

/**
 * An enum value that is none of the allowed: each allowed label quoted (labels hold commas:
 * "3 years, 33%"), and the nearest one offered, as lookups do.
 */
export function notOneOf(shown: string, labels: readonly string[]): string {
  const near = closest(shown, labels, { limit: 1 })[0];
  return `"${shown}" is not one of: ${labels.map((l) => `"${l}"`).join(', ')}${near ? `; did you mean "${near}"?` : ''}`;
}

export type Audience = 'service' | 'user';

function issueKind(issue: z.core.$ZodIssue): { kind: string; limit?: number } {
  if (issue.code === 'custom') {
    const p = (issue as { params?: { kind?: string; limit?: number } }).params ?? {};
    return { kind: p.kind ?? 'custom', limit: p.limit };
  }
  if (issue.code === 'too_big')
    return { kind: issue.origin === 'string' ? 'max_length' : 'max', limit: Number(issue.maximum) };
  if (issue.code === 'too_small')
    return { kind: issue.origin === 'string' ? 'min_length' : 'min', limit: Number(issue.minimum) };
  if (issue.code === 'invalid_value') {
    // A required enum left out (or null) is "required", not a bad choice.
    if (issue.input === undefined) return { kind: 'required' };
    if (issue.input === null) return { kind: 'null' };
    return { kind: 'choice' };
  }
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return { kind: 'required' };
    if (issue.input === null) return { kind: 'null' };
    return { kind: `type_${issue.expected}` };
  }
  if (issue.code === 'invalid_union') {
    if (issue.input === undefined) return { kind: 'required' };
    return { kind: 'decimal' };
  }
  return { kind: issue.code };
}

/** Word a zod issue for the service's answers (DRF style) or for a spreadsheet user. */
function formatIssue(
  issue: z.core.$ZodIssue,
  field: FieldDef | undefined,
  audience: Audience,
  value?: unknown,
): string {
  const { kind, limit } = issueKind(issue);
  const service = audience === 'service';
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  switch (kind) {
    case 'required':
      return service ? 'This field is required.' : 'is required';
    case 'null':
      return service ? 'This field may not be null.' : 'is required';
    case 'max_length':
      return service
        ? `Ensure this field has no more than ${limit} characters.`
        : `must be at most ${limit} characters (has ${typeof value === 'string' ? value.length : '?'})`;
    case 'max':
      return service ? `Ensure this value is less than or equal to ${limit}.` : `must be at most ${limit}`;
    case 'min':
      return service
        ? `Ensure this value is greater than or equal to ${limit}.`
        : `must be at least ${limit}${limit === 0 ? ' (no negative amounts)' : ''}`;
    case 'decimal_places':
      return service
        ? 'Ensure that there are no more than 2 decimal places.'
        : 'must have at most 2 decimal places';
    case 'decimal':
    case 'type_number':
      if (field?.type === 'integer' || field?.type === 'lookup')
        return service ? 'A valid integer is required.' : 'must be a whole number';
      return service ? 'A valid number is required.' : 'must be a number';
    case 'type_string':
      return service ? 'Not a valid string.' : 'must be text';
    case 'type_boolean':
      return service ? 'Must be a valid boolean.' : 'must be yes or no';
    case 'date':
      return service
        ? 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'
        : `"${shown}" is not a date (expected a day like 2024-03-31)`;
    case 'email':
      return service ? 'Enter a valid email address.' : `"${shown}" is not an email address`;
    case 'choice': {
      if (service) return `"${shown}" is not a valid choice.`;
      const allowed =
        'values' in issue
          ? (issue.values as unknown[]).map(String)
          : (field?.values ?? []).map((v) => v.value);
      return notOneOf(
        shown,
        allowed.map((a) => field?.values?.find((v) => v.value === a)?.label ?? a),
      );
    }
    case 'type_object':
      return service ? 'Invalid data. Expected a dictionary.' : 'must be an object';
    case 'type_array':
      return service ? 'Expected a list of items.' : 'must be a list';
    default:
      return service ? issue.message : issue.message.toLowerCase();
  }
}

/** A field's zod issues as RuleIssues, at the field they belong to. */
function wordIssues(
  def: ResourceDef,
  body: WriteBody,
  audience: Audience,
  key: string,
  found: readonly z.core.$ZodIssue[],
  out: RuleIssue[],
): void {
  for (const iss of found) {
    const path = iss.path.length === 0 ? key : `${key}.${iss.path.map(String).join('.')}`;
    // The union's inner issue paths point below the value; report against the field.
    const field =
      def.fields.find((f) => f.name === path) ?? def.fields.find((f) => path.startsWith(f.name + '.'));
    out.push({
      field: field?.name ?? path,
      message: formatIssue(iss, field, audience, getPath(body, field?.name ?? path)),
    });
  }
}

/** Run the schema and the rules; issues are keyed by field path, all at once. */
export function validateWriteBody(
  def: ResourceDef,
  body: WriteBody,
  mode: WriteMode,
  audience: Audience,
): { ok: boolean; issues: RuleIssue[] } {
  // The write schema's object, run key by key: the same checks for every key the body has
  // (unknown keys are dropped, as DRF does) and for each required one it lacks, each
  // through its field's memo rather than sixty optional fields a row.
  const fields = checkers(def, mode);
  const issues: RuleIssue[] = [];
  for (const key in body) {
    const c = fields.get(key);
    if (!c) continue;
    const check = checkField(c, body[key]);
    if (check.issues) wordIssues(def, body, audience, key, check.issues, issues);
  }
  for (const key of requiredKeys(def, mode)) {
    if (key in body) continue;
    const check = checkField(fields.get(key)!, undefined);
    if (check.issues) wordIssues(def, body, audience, key, check.issues, issues);
  }
  // Rules are checked on the raw body too, so a row gets every problem at once;
  // each rule ignores fields that are absent or not yet of the right type.
  checkRules(def, body, mode, issues);
  return { ok: issues.length === 0, issues };
}

/** Read-shape columns of a writable resource: lookups become names, as the service answers. */
export function columnsFromFields(fields: readonly FieldDef[]): ColumnDef[] {
  const cols: ColumnDef[] = [{ path: 'id', label: 'ID', type: 'integer' }];
  for (const f of fields) {
    if (f.variant) continue;
    const type: ColumnDef['type'] =
      f.type === 'integer'
        ? 'integer'
        : f.type === 'decimal'
          ? 'decimal'
          : f.type === 'date'
            ? 'date'
            : f.type === 'boolean'
              ? 'boolean'
              : 'text';
    if (f.lookup) {
      // Read shapes give lookups as {id, name} (country as its name string).
      const base = f.name.endsWith('.id') ? f.name.slice(0, -3) : f.name;
      cols.push({
        path: f.lookup === 'country' ? base : `${base}.${readNameKey(f.lookup)}`,
        label: f.label,
        type: 'text',
        field: f.name,
      });
    } else {
      cols.push({
        path: f.name,
        label: f.label,
        type,
        field: f.name,
        ...(f.values ? { values: f.values } : {}),
      });
    }
  }
  return cols;
}

/** The key holding a lookup's name in read shapes. */
export function readNameKey(kind: LookupKind): string {
  return kind === 'contract' ? 'number' : 'name';
}

export function enumLabel(f: FieldDef, value: string): string {
  return f.values?.find((v) => v.value === value)?.label ?? value;
}

/**
 * Values an update cannot set (a contract's draft, expired …: an update accepts only active
 * or archived, service-api.md 4.3), judged against the record the update is laid over. A
 * PATCH carries only what changes, so a value the record already has is not sent and
 * stands; a PUT carries the whole record (`whole`), so such a value cannot go at all.
 */
export function updateValueIssues(
  def: ResourceDef,
  current: WriteBody,
  next: WriteBody,
  whole: boolean,
): RuleIssue[] {
  const out: RuleIssue[] = [];
  for (const f of def.fields) {
    if (!f.updateValues) continue;
    const v = getPath(next, f.name);
    if (typeof v !== 'string' || f.updateValues.includes(v)) continue;
    const accepted = `update accepts only ${f.updateValues.map((x) => enumLabel(f, x)).join(' or ')}`;
    const what = f.label.toLowerCase();
    if (getPath(current, f.name) !== v) {
      out.push({
        field: f.name,
        message: `${what} "${enumLabel(f, v)}" cannot be set by an update: the service's ${accepted}`,
      });
    } else if (whole) {
      out.push({
        field: f.name,
        message: `this ${def.label.toLowerCase()}'s ${what} is "${enumLabel(f, v)}", and the service updates ${def.plural} only by whole-record PUTs, which carry the ${what}; its ${accepted}: set ${f.label} to one of them to update this row`,
      });
    }
  }
  return out;
}

/** Build EnumValue[] from values, labelling snake_case as a sentence (`within_warranty` → "Within warranty"). */
export function enumValues(
  values: readonly string[],
  labels: Record<string, string> = {},
  words: Readonly<Record<string, readonly string[]>> = {},
): EnumValue[] {
  return values.map((value) => ({ value, label: labels[value] ?? humanize(value), words: words[value] }));
}

export function humanize(value: string): string {
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
