// Map stage: the spreadsheet's headers to the resource's fields. A mapping file wins;
// then exact names and labels, then the synonyms in the resource definitions, then the
// custom fields of the account, then a fuzzy match above a threshold. Pure: no I/O.
import { AssetbatchError } from '../errors.js';
import type { CustomFieldDataType, CustomTemplate, FieldDef, ResourceDef } from '../resources/fields.js';
import { writeFields } from '../resources/fields.js';
import { compactName, closest, similarity } from './normalize.js';
import { valueTables, type ValueTable } from './values.js';

export type Target =
  | { readonly kind: 'field'; readonly field: FieldDef }
  | {
      readonly kind: 'custom';
      /** template = custom field template (values in template.fields[]); form = custom form (form_template[].custom_form_data). */
      readonly source: 'template' | 'form';
      readonly templateId: number;
      readonly templateName: string;
      readonly fieldId: number;
      readonly fieldName: string;
      readonly dataType: CustomFieldDataType;
    }
  | { readonly kind: 'id' }
  /** A value the service has no field for, turned into one (warranty months → warranty end date). */
  | { readonly kind: 'derived'; readonly name: DerivedName; readonly label: string };

export type DerivedName = 'warranty_months';

/** Columns other tools export that we turn into service fields. */
export const DERIVED: readonly { name: DerivedName; label: string; resources: readonly string[]; synonyms: readonly string[] }[] = [
  { name: 'warranty_months', label: 'Warranty (months)', resources: ['asset'], synonyms: ['warranty months', 'warranty period', 'warranty length', 'warranty term'] },
];

export type MatchHow = 'mapping file' | 'name' | 'synonym' | 'custom field' | 'fuzzy';

export interface ColumnMapping {
  readonly index: number;
  readonly header: string;
  readonly target: Target;
  readonly how: MatchHow;
}

export interface MappingFile {
  resource?: string;
  sheet?: string | number;
  headerRow?: number;
  columns?: Record<string, string | null>;
  defaults?: Record<string, unknown>;
  /** Per column: the sheet's value → the value to use (applied before coercion and lookups). */
  values?: Record<string, Record<string, string>>;
  dateFormat?: string;
  uniqueField?: 'name' | 'serial_number';
  /** Workbooks: sheet name → resource. */
  sheets?: Record<string, string>;
}

export interface Mapping {
  readonly columns: readonly ColumnMapping[];
  /** Columns that map to nothing; listed as warnings. */
  readonly unmapped: readonly { index: number; header: string; suggestion?: string }[];
  /** Values for fields no column gives (from the mapping file). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Value translation tables by column index (from the mapping file). */
  readonly values: ReadonlyMap<number, ValueTable>;
  readonly warnings: readonly string[];
}

export interface CustomFieldSet {
  readonly fieldTemplates: readonly CustomTemplate[];
  readonly formTemplates: readonly CustomTemplate[];
}

const FUZZY_THRESHOLD = 0.82;

export function targetName(t: Target): string {
  if (t.kind === 'field') return t.field.name;
  if (t.kind === 'id') return 'id';
  if (t.kind === 'derived') return t.name;
  return `${t.source === 'template' ? 'custom' : 'form'}:${t.templateName}/${t.fieldName}`;
}

export function targetLabel(t: Target): string {
  if (t.kind === 'field') return t.field.label;
  if (t.kind === 'id') return 'ID';
  if (t.kind === 'derived') return t.label;
  return t.fieldName;
}

/** Fields a column may map to for this run (create: all but variants; update: no create-only). */
function candidateFields(def: ResourceDef, mode: 'create' | 'update'): FieldDef[] {
  return writeFields(def, mode).filter((f) => !f.variant);
}

/** Active custom fields of the resource's type, as mapping targets. */
export function customTargets(def: ResourceDef, custom: CustomFieldSet | undefined, mode: 'create' | 'update'): Target[] {
  if (!custom || !def.customFieldType) return [];
  const out: Target[] = [];
  for (const t of custom.fieldTemplates) {
    if (!t.is_active || t.type !== def.customFieldType) continue;
    for (const f of t.fields) {
      if (!f.is_active || f.data_type === 'attachment') continue;
      out.push({ kind: 'custom', source: 'template', templateId: t.id, templateName: t.name, fieldId: f.id, fieldName: f.name, dataType: f.data_type });
    }
  }
  // Custom forms are create-only on contracts and accepted on assets (service-api.md 4.2/4.3).
  if (def.customForms && mode === 'create') {
    for (const t of custom.formTemplates) {
      if (!t.is_active || t.type !== def.customFieldType) continue;
      for (const f of t.fields) {
        if (!f.is_active || f.data_type === 'attachment') continue;
        out.push({ kind: 'custom', source: 'form', templateId: t.id, templateName: t.name, fieldId: f.id, fieldName: f.name, dataType: f.data_type });
      }
    }
  }
  return out;
}

/** Resolve a mapping file's target text: a field name, a dot path, a label, `category`, `custom:T/F`, `id`. */
export function parseTarget(def: ResourceDef, text: string, custom: CustomFieldSet | undefined, mode: 'create' | 'update'): Target | undefined {
  const t = text.trim();
  if (t.toLowerCase() === 'id') return { kind: 'id' };
  const derived = DERIVED.find((d) => d.name === t && d.resources.includes(def.name));
  if (derived) return { kind: 'derived', name: derived.name, label: derived.label };
  const m = /^(custom|form):(.+)\/(.+)$/i.exec(t);
  if (m) {
    const source = m[1].toLowerCase() === 'custom' ? 'template' : 'form';
    return customTargets(def, custom, mode).find(
      (c) => c.kind === 'custom' && c.source === source && compactName(c.templateName) === compactName(m[2]) && compactName(c.fieldName) === compactName(m[3]),
    );
  }
  const fields = candidateFields(def, mode);
  const f =
    fields.find((x) => x.name === t) ??
    fields.find((x) => x.name === `${t}.id`) ??
    fields.find((x) => t === 'hardware_model' && x.name === 'asset_hardware_model.id') ??
    fields.find((x) => compactName(x.label) === compactName(t)) ??
    fields.find((x) => compactName(x.name) === compactName(t));
  return f ? { kind: 'field', field: f } : undefined;
}

/** Every name a mapping file may use for this resource, for the "unknown field" message. */
export function knownTargetNames(def: ResourceDef, custom: CustomFieldSet | undefined, mode: 'create' | 'update'): string[] {
  return [
    ...candidateFields(def, mode).map((f) => f.name),
    ...customTargets(def, custom, mode).map(targetName),
    ...DERIVED.filter((d) => d.resources.includes(def.name)).map((d) => d.name),
    'id',
  ];
}

/** True when a header text names something of this resource: helps find the header row. */
export function headerMatcher(def: ResourceDef, custom?: CustomFieldSet): (text: string) => boolean {
  const names = new Set<string>();
  for (const f of def.fields) {
    names.add(compactName(f.name));
    names.add(compactName(f.label));
    for (const s of f.synonyms ?? []) names.add(compactName(s));
  }
  for (const c of customTargets(def, custom, 'create')) names.add(compactName(targetLabel(c)));
  return (text) => names.has(compactName(text));
}

/**
 * Map headers to targets. Each target is taken once: the first column that claims it
 * keeps it, and a later one is reported. Throws for a mapping file that names an
 * unknown field or a header that is not in the sheet.
 */
export function mapHeaders(
  def: ResourceDef,
  headers: readonly string[],
  opts: { mappingFile?: MappingFile; mappingPath?: string; custom?: CustomFieldSet; mode?: 'create' | 'update'; preset?: boolean } = {},
): Mapping {
  const mode = opts.mode ?? 'create';
  const fields = candidateFields(def, mode);
  const customs = customTargets(def, opts.custom, mode);
  const columns: ColumnMapping[] = [];
  const unmapped: { index: number; header: string; suggestion?: string }[] = [];
  const warnings: string[] = [];
  const taken = new Map<string, string>();
  const explicit = new Map<number, Target | null>();

  // 1. The mapping file, checked against the resource and the sheet.
  const fileCols = opts.mappingFile?.columns ?? {};
  const absent: string[] = [];
  for (const [header, targetText] of Object.entries(fileCols)) {
    const index = headers.findIndex((h) => h === header) >= 0 ? headers.findIndex((h) => h === header) : headers.findIndex((h) => compactName(h) === compactName(header));
    if (index < 0) {
      if (targetText !== null) absent.push(header);
      continue;
    }
    if (targetText === null || targetText === '' || targetText.toLowerCase() === 'ignore') {
      explicit.set(index, null);
      continue;
    }
    const target = parseTarget(def, targetText, opts.custom, mode);
    if (!target) {
      const known = knownTargetNames(def, opts.custom, mode);
      const sugg = closest(targetText, known, { limit: 1 });
      throw new AssetbatchError('E_MAPPING_UNKNOWN_FIELD', `column "${header}" is mapped to "${targetText}", which is not a field of ${def.plural}${sugg.length ? ` (did you mean "${sugg[0]}"?)` : ''}`, {
        location: { file: opts.mappingPath },
        hint: `Fields of ${def.plural}: ${known.join(', ')}`,
      });
    }
    explicit.set(index, target);
  }

  // A preset covers every column another tool may export; a sheet has some of them.
  if (absent.length > 0 && !opts.preset) {
    warnings.push(`the mapping file names ${absent.length === 1 ? 'a column' : 'columns'} the sheet does not have: ${absent.map((h) => `"${h}"`).join(', ')}`);
  }

  const claim = (index: number, header: string, target: Target, how: MatchHow): boolean => {
    const key = targetName(target);
    const prev = taken.get(key);
    if (prev !== undefined) {
      warnings.push(`column "${header}" also matches ${targetLabel(target)} (${key}), already taken by column "${prev}"; it is ignored`);
      return false;
    }
    taken.set(key, header);
    columns.push({ index, header, target, how });
    return true;
  };

  // Explicit mappings claim first, whatever their position.
  for (const [index, target] of explicit) if (target) claim(index, headers[index], target, 'mapping file');

  const byName = new Map<string, Target>();
  const bySynonym = new Map<string, Target>();
  for (const f of fields) {
    const t: Target = { kind: 'field', field: f };
    for (const n of [f.name, f.label, f.name.replace(/\.id$/, '')]) if (!byName.has(compactName(n))) byName.set(compactName(n), t);
  }
  for (const f of fields) for (const s of f.synonyms ?? []) if (!bySynonym.has(compactName(s)) && !byName.has(compactName(s))) bySynonym.set(compactName(s), { kind: 'field', field: f });
  const byCustom = new Map<string, Target>();
  for (const c of customs) if (!byCustom.has(compactName(targetLabel(c)))) byCustom.set(compactName(targetLabel(c)), c);
  if (mode === 'update' || def.writes.create === false) byName.set('id', { kind: 'id' });
  for (const d of DERIVED.filter((x) => x.resources.includes(def.name))) {
    const t: Target = { kind: 'derived', name: d.name, label: d.label };
    byName.set(compactName(d.name), t);
    byName.set(compactName(d.label), t);
    for (const syn of d.synonyms) if (!byName.has(compactName(syn))) bySynonym.set(compactName(syn), t);
  }

  const pending: { index: number; header: string }[] = [];
  headers.forEach((header, index) => {
    if (explicit.has(index)) return;
    // "#row", "#status" … are our report's outcome columns: the reader sets them aside from
    // a report fed back as input; any other "#" column is never taken for a field either.
    if (header.trim() === '' || header.trim().startsWith('#')) {
      unmapped.push({ index, header });
      return;
    }
    const key = compactName(header);
    // Units in brackets ("Purchase Cost ($)", "Notice (days)") do not change the field.
    const bare = compactName(header.replace(/\(.*?\)/g, ''));
    const hit = byName.get(key) ?? byName.get(bare);
    if (hit) return void (claim(index, header, hit, 'name') || unmapped.push({ index, header }));
    // The account's own custom field names are more specific than our general synonyms.
    const cus = byCustom.get(key);
    if (cus) return void (claim(index, header, cus, 'custom field') || unmapped.push({ index, header }));
    const syn = bySynonym.get(key) ?? bySynonym.get(bare);
    if (syn) return void (claim(index, header, syn, 'synonym') || unmapped.push({ index, header }));
    pending.push({ index, header });
  });

  // Fuzzy last, so that an exact match elsewhere in the sheet wins the field.
  for (const { index, header } of pending) {
    const key = compactName(header.replace(/\(.*?\)/g, ''));
    let best: { t: Target; s: number } | undefined;
    for (const [name, t] of [...byName, ...bySynonym, ...byCustom]) {
      if (taken.has(targetName(t))) continue;
      const s = similarity(key, name, FUZZY_THRESHOLD);
      if (s >= FUZZY_THRESHOLD && (!best || s > best.s)) best = { t, s };
    }
    if (best) claim(index, header, best.t, 'fuzzy');
    else {
      const sugg = closest(header, [...fields.map((f) => f.label), ...customs.map(targetLabel)], { limit: 1, threshold: 0.5 });
      unmapped.push({ index, header, suggestion: sugg[0] });
    }
  }

  const seen = new Map<string, number>();
  headers.forEach((h) => h.trim() && seen.set(compactName(h), (seen.get(compactName(h)) ?? 0) + 1));
  for (const [h, n] of seen) if (n > 1) warnings.push(`the header "${headers.find((x) => compactName(x) === h)}" appears ${n} times; only the first is used`);

  columns.sort((a, b) => a.index - b.index);
  checkDefaults(def, opts.mappingFile?.defaults, opts.custom, mode, opts.mappingPath);
  return { columns, unmapped, defaults: opts.mappingFile?.defaults ?? {}, values: valueTables(headers, opts.mappingFile?.values), warnings };
}

/** A default for something that is not a field of the resource would be dropped unseen: refuse it. */
function checkDefaults(def: ResourceDef, defaults: Record<string, unknown> | undefined, custom: CustomFieldSet | undefined, mode: 'create' | 'update', file: string | undefined): void {
  for (const key of Object.keys(defaults ?? {})) {
    if (parseTarget(def, key, custom, mode)?.kind === 'field') continue;
    const known = candidateFields(def, mode).map((f) => f.name);
    const sugg = closest(key, known, { limit: 1 });
    throw new AssetbatchError('E_MAPPING_UNKNOWN_FIELD', `the default for "${key}" is not for a field of ${def.plural}${sugg.length ? ` (did you mean "${sugg[0]}"?)` : ''}`, {
      location: { file },
      hint: `Defaults take standard fields: ${known.join(', ')}`,
    });
  }
}

/** Required fields (on create) that no column and no default supplies. */
export function missingRequired(def: ResourceDef, mapping: Mapping, mode: 'create' | 'update'): FieldDef[] {
  if (mode === 'update') return [];
  const have = new Set(mapping.columns.filter((c) => c.target.kind === 'field').map((c) => (c.target as { field: FieldDef }).field.name));
  const defaults = new Set(Object.keys(mapping.defaults).map((k) => parseTarget(def, k, undefined, mode)).filter((t) => t?.kind === 'field').map((t) => (t as { field: FieldDef }).field.name));
  // A required member of a nested object (category.id) is required only when the object is given.
  return def.fields.filter((f) => f.required && !f.name.includes('.') && !have.has(f.name) && !defaults.has(f.name));
}

/** The mapping as a mapping file, for `mapping suggest`. */
export function mappingToFile(def: ResourceDef, mapping: Mapping, extra: Partial<MappingFile> = {}): MappingFile {
  const columns: Record<string, string | null> = {};
  for (const c of mapping.columns) columns[c.header] = targetName(c.target).replace(/\.id$/, '');
  for (const u of mapping.unmapped) if (u.header) columns[u.header] = null;
  return { resource: def.name, ...extra, columns, defaults: { ...mapping.defaults } };
}
