// Map stage: the spreadsheet's headers to the resource's fields. A mapping file wins;
// then exact names and labels, then the synonyms in the resource definitions, then the
// custom fields of the account, then a fuzzy match above a threshold whose words are
// surely the field's (likeness.ts). Pure: no I/O.
import { holdsNoValue, readsPlaceholders } from './placeholders.js';
import { AssetbatchError } from '../errors.js';
import { memoized } from '../util/memo.js';
import type { CustomTemplate, FieldDef, ResourceDef } from '../resources/fields.js';
import { writeFields } from '../resources/fields.js';
import { localSynonyms } from '../resources/languages.js';
import {
  compactName,
  closest,
  closestAmong,
  lengthsCanReach,
  normalizeName,
  similarity,
} from './normalize.js';
import { CONTRADICTS, fitOf, someValues } from './judge.js';
import { cellText } from './coerce.js';
import { likeness } from './likeness.js';
import type { CellValue } from '../read/types.js';
import { translateCell, valueTables, type CellTranslation, type ListedColumn } from './values.js';
import {
  bindSpec,
  compileFieldSpec,
  findColumn,
  specLabel,
  type BoundSpec,
  type FieldSpecInput,
} from './transforms.js';
import { matchesWeighed, weighByLists } from './by-lists.js';
import { matchLists, type ListMatch, type LookupLists } from './lists.js';

export type { Target } from './target.js';
import { blankFill, builtFallback, type BlankFill, type BuiltFallback } from './built-fallback.js';
import { HOW_RANK, type Candidate, type DerivedName, type MatchHow, type Target } from './target.js';

/** Columns other tools export that we turn into service fields. */
export const DERIVED: readonly {
  name: DerivedName;
  label: string;
  resources: readonly string[];
  synonyms: readonly string[];
}[] = [
  {
    name: 'warranty_months',
    label: 'Warranty (months)',
    resources: ['asset'],
    synonyms: ['warranty months', 'warranty period', 'warranty length', 'warranty term'],
  },
];

export interface ColumnMapping {
  readonly index: number;
  readonly header: string;
  readonly target: Target;
  readonly how: MatchHow;
}

export interface MappingFile {
  resource?: string;
  sheet?: string | number;
  /** 1-based header row; 0: the file has none, and `columns` names them by letter (A, B, C …). */
  headerRow?: number;
  /** Which field each column feeds; a list sends one column to several fields. */
  columns?: Record<string, string | null | string[]>;
  /** Fields built from the row: a template over columns, a constant, a part of a column (map/transforms.ts). */
  fields?: Record<string, FieldSpecInput>;
  defaults?: Record<string, unknown>;
  /**
   * Per column: the sheet's value → the value to use (applied before coercion and lookups);
   * "" or null: the field is left empty; the key "*": any value the table does not name.
   */
  values?: Record<string, Record<string, string | null>>;
  /** A name the service's list lacks: "fail" | "blank" | "default:NAME", for every lookup or per field (resolve/unmatched.ts). */
  unmatched?: string | Record<string, string>;
  /** A tool's escape of formula-like text to undo (Snipe-IT's backtick). */
  formulaEscape?: 'backtick';
  /** Notes for the person who reviews a suggested file (value matches and their confidence); not read by the import. */
  review?: string[];
  dateFormat?: string;
  uniqueField?: 'name' | 'serial_number';
  /** Workbooks: sheet name → resource. */
  sheets?: Record<string, string>;
}

export interface Mapping extends CellTranslation {
  readonly columns: readonly ColumnMapping[];
  /** Columns that map to nothing; listed as warnings. */
  /** `maybe`: the suggestion is a guess to check (a typo of a word, or words the label lacks). */
  readonly unmapped: readonly {
    index: number;
    header: string;
    suggestion?: string;
    maybe?: true;
    why?: string;
    /** The fields its header named but its values are not ("Vertragsart" holding "Einkauf"), with one of those values. */
    setAside?: SetAside;
  }[];
  /** Update runs: columns that name a field set only at creation (an export's "Contract type"); not sent. */
  readonly createOnly?: readonly { index: number; header: string; field: string }[];
  /** Values for fields no column gives (from the mapping file). */
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly warnings: readonly string[];
  /** A required field no column gives, built from the row's other columns (an asset's name from make and model). */
  readonly fallback?: BuiltFallback;
  /** A required field's column with empty cells: those rows' field is built as `fallback` would build it. */
  readonly blankFill?: BlankFill;
  /** How the columns' values met the lookup lists, by column index (those that met one), when lists were at hand. */
  readonly listMatches?: ReadonlyMap<number, readonly ListMatch[]>;
}

export interface CustomFieldSet {
  readonly fieldTemplates: readonly CustomTemplate[];
  readonly formTemplates: readonly CustomTemplate[];
}

const FUZZY_THRESHOLD = 0.82;
/**
 * How many columns of a sheet are tried as misspellings of a field's name, and given the
 * closest field as a suggestion when they map to nothing: the rest of a very wide sheet is
 * matched by names and synonyms alone, and a warning says so (issue 28).
 */
export const FUZZY_COLUMNS = 1_000;
/** Where other languages' words rank among a field's synonyms: after the English ones (at most 20). */
const LOCAL_RANK = 20;

/** `--key custom:LABEL` (or a custom field's label): the label, else undefined. */
export const customKeyLabel = (keyField: string | undefined): string | undefined =>
  keyField?.startsWith('custom:') ? keyField.slice('custom:'.length) : undefined;

/**
 * The column that holds a row's key: its field's; the ID column for a sync `--key id`; the
 * custom field's (of the template, by its label or TEMPLATE/LABEL) for `--key custom:LABEL`.
 */
export function isKeyColumn(c: ColumnMapping, keyField: string | undefined): boolean {
  if (keyField === undefined) return false;
  const t = c.target;
  const label = customKeyLabel(keyField);
  if (label !== undefined)
    return (
      t.kind === 'custom' &&
      t.source === 'template' &&
      [t.fieldName, `${t.templateName}/${t.fieldName}`].some((n) => compactName(n) === compactName(label))
    );
  return t.kind === 'field' ? t.field.name === keyField : t.kind === 'id' && keyField === 'id';
}

/** A column whose header names fields its values are not: which fields, and a value of its, for the fix's value table. */
interface SetAside {
  readonly fields: readonly string[];
  readonly example: string;
}

export function targetName(t: Target): string {
  if (t.kind === 'field') return t.field.name;
  if (t.kind === 'id') return 'id';
  if (t.kind === 'derived') return t.name;
  return `${t.source === 'template' ? 'custom' : 'form'}:${t.templateName}/${t.fieldName}`;
}

function targetLabel(t: Target): string {
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
export function customTargets(
  def: ResourceDef,
  custom: CustomFieldSet | undefined,
  mode: 'create' | 'update',
): Target[] {
  if (!custom || !def.customFieldType) return [];
  const out: Target[] = [];
  for (const t of custom.fieldTemplates) {
    if (!t.is_active || t.type !== def.customFieldType) continue;
    for (const f of t.fields) {
      if (!f.is_active || f.data_type === 'attachment') continue;
      out.push({
        kind: 'custom',
        source: 'template',
        templateId: t.id,
        templateName: t.name,
        fieldId: f.id,
        fieldName: f.name,
        dataType: f.data_type,
      });
    }
  }
  // Custom forms are create-only on contracts and accepted on assets (service-api.md 4.2/4.3).
  if (def.customForms && mode === 'create') {
    for (const t of custom.formTemplates) {
      if (!t.is_active || t.type !== def.customFieldType) continue;
      for (const f of t.fields) {
        if (!f.is_active || f.data_type === 'attachment') continue;
        out.push({
          kind: 'custom',
          source: 'form',
          templateId: t.id,
          templateName: t.name,
          fieldId: f.id,
          fieldName: f.name,
          dataType: f.data_type,
        });
      }
    }
  }
  return out;
}

/** Resolve a mapping file's target text: a field name, a dot path, a label, `category`, `custom:T/F`, `id`. */
export function parseTarget(
  def: ResourceDef,
  text: string,
  custom: CustomFieldSet | undefined,
  mode: 'create' | 'update',
): Target | undefined {
  const t = text.trim();
  if (t.toLowerCase() === 'id') return { kind: 'id' };
  const derived = DERIVED.find((d) => d.name === t && d.resources.includes(def.name));
  if (derived) return { kind: 'derived', name: derived.name, label: derived.label };
  const m = /^(custom|form):(.+)\/(.+)$/i.exec(t);
  if (m) {
    const source = m[1].toLowerCase() === 'custom' ? 'template' : 'form';
    return customTargets(def, custom, mode).find(
      (c) =>
        c.kind === 'custom' &&
        c.source === source &&
        compactName(c.templateName) === compactName(m[2]) &&
        compactName(c.fieldName) === compactName(m[3]),
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
function knownTargetNames(
  def: ResourceDef,
  custom: CustomFieldSet | undefined,
  mode: 'create' | 'update',
): string[] {
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
    for (const s of localSynonyms(def.name, f)) names.add(compactName(s.word));
  }
  for (const d of DERIVED.filter((x) => x.resources.includes(def.name)))
    for (const s of localSynonyms(def.name, d.name)) names.add(compactName(s.word));
  for (const c of customTargets(def, custom, 'create')) names.add(compactName(targetLabel(c)));
  return (text) => names.has(compactName(text));
}

export interface MapOptions {
  readonly mappingFile?: MappingFile;
  readonly mappingPath?: string;
  readonly custom?: CustomFieldSet;
  readonly mode?: 'create' | 'update';
  readonly preset?: boolean;
  /** The first rows' cells: a column's values are judged against the field its header names. */
  readonly samples?: readonly (readonly CellValue[])[];
  /** The service's lookup lists the run has fetched: a column whose values are a list's names is judged by them too. */
  readonly lists?: LookupLists;
  /**
   * How each column's values met the lists, by column index, as an earlier run judged them
   * (its journal): used instead of `lists`, so that the same sheet maps as it did then
   * without a list read. A column it does not name met none.
   */
  readonly listMatches?: ReadonlyMap<number, readonly ListMatch[]>;
  /** Map an ID column in a create (a sync matched on `--key id`). */
  readonly idColumn?: boolean;
  /** The field rows are matched on (`--key`): its column reads placeholders, whatever its type. */
  readonly keyField?: string;
}

/** The mapping file's columns: index → target (null: ignore), and the headers it names that the sheet lacks. */
function explicitColumns(
  def: ResourceDef,
  headers: readonly string[],
  opts: MapOptions,
  mode: 'create' | 'update',
): { explicit: Map<number, Target | null>; absent: string[] } {
  const explicit = new Map<number, Target | null>();
  const absent: string[] = [];
  for (const [header, given] of Object.entries(opts.mappingFile?.columns ?? {})) {
    // A list: the first field is the column's, the others are built as copies (builtFields).
    const targetText = Array.isArray(given) ? (given[0] ?? null) : given;
    const index = findColumn(headers, header);
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
      throw new AssetbatchError(
        'E_MAPPING_UNKNOWN_FIELD',
        `column "${header}" is mapped to "${targetText}", which is not a field of ${def.plural}${sugg.length ? ` (did you mean "${sugg[0]}"?)` : ''}`,
        {
          location: { file: opts.mappingPath },
          hint: `Fields of ${def.plural}: ${known.join(', ')}`,
        },
      );
    }
    explicit.set(index, target);
  }
  return { explicit, absent };
}

/** A field the mapping file builds from the row, at a column index past the sheet's own. */
interface BuiltColumn {
  /** The field as the file names it (its key in `fields`, or in a `columns` list). */
  readonly key: string;
  readonly index: number;
  readonly header: string;
  readonly target: Target;
  readonly bound: BoundSpec;
}

const FIELDS_HINT =
  'A field is built so: "fields": {"name": "{Make} {Model}", "category": {"value": "Hardware"}, "serial_number": {"column": "Tag", "regex": "SN-(\\d+)"}, "asset_tag": {"column": "Tag", "split": "-", "part": 2, "case": "upper"}} (docs/mapping.md, "fields")';

/** The specs to build: `fields`, and the second and later fields of a `columns` list (a copy of that column). */
function builtSpecs(
  headers: readonly string[],
  file: MappingFile | undefined,
): { key: string; where: string; input: FieldSpecInput }[] {
  const out = Object.entries(file?.fields ?? {}).map(([key, input]) => ({
    key,
    where: `fields.${key}`,
    input,
  }));
  for (const [header, given] of Object.entries(file?.columns ?? {})) {
    if (!Array.isArray(given) || findColumn(headers, header) < 0) continue;
    for (const key of given.slice(1))
      out.push({ key, where: `columns."${header}"`, input: { column: header } });
  }
  return out;
}

/** The sheet's columns the mapping file sends to several fields (a `columns` list of two or more). */
export function listedColumns(headers: readonly string[], file: MappingFile | undefined): ListedColumn[] {
  return Object.entries(file?.columns ?? {}).flatMap(([header, given]) => {
    const index = findColumn(headers, header);
    return Array.isArray(given) && given.length > 1 && index >= 0 ? [{ index, header, keys: given }] : [];
  });
}

/**
 * The fields the mapping file builds, checked before any row is read: a spec that cannot
 * work, a key that is no field, a column the sheet lacks, or a field given twice stops the
 * run (exit 2) naming the key.
 */
function builtFields(
  def: ResourceDef,
  headers: readonly string[],
  opts: MapOptions,
  mode: 'create' | 'update',
  explicit: ReadonlyMap<number, Target | null>,
): BuiltColumn[] {
  const file = opts.mappingPath;
  const taken = new Map<string, string>();
  for (const [i, t] of explicit) if (t) taken.set(targetName(t), `column "${headers[i]}"`);
  const out: BuiltColumn[] = [];
  for (const { key, where, input } of builtSpecs(headers, opts.mappingFile)) {
    const target = parseTarget(def, key, opts.custom, mode);
    if (!target) {
      const known = knownTargetNames(def, opts.custom, mode);
      const sugg = closest(key, known, { limit: 1 });
      throw new AssetbatchError(
        'E_MAPPING_UNKNOWN_FIELD',
        `${where}: "${key}" is not a field of ${def.plural}${sugg.length ? ` (did you mean "${sugg[0]}"?)` : ''}`,
        { location: { file }, hint: `Fields of ${def.plural}: ${known.join(', ')}` },
      );
    }
    let spec;
    try {
      spec = compileFieldSpec(input);
    } catch (e) {
      throw new AssetbatchError('E_MAPPING_FILE', `${where}: ${(e as Error).message}`, {
        location: { file },
        hint: FIELDS_HINT,
      });
    }
    const other = taken.get(targetName(target));
    if (other)
      throw new AssetbatchError(
        'E_MAPPING_FILE',
        `${where}: ${targetName(target)} is also given by ${other}; give each field once`,
        { location: { file } },
      );
    taken.set(targetName(target), where);
    out.push({
      key,
      index: headers.length + out.length,
      header: specLabel(spec),
      target,
      bound: bindSpec(spec, key, headers, file),
    });
  }
  return out;
}

interface NameIndexes {
  readonly byName: ReadonlyMap<string, Target>;
  /** A synonym may name several fields ("description": the name, else the notes); rank orders them. */
  readonly bySynonym: ReadonlyMap<string, readonly { t: Target; rank: number }[]>;
  readonly byCustom: ReadonlyMap<string, Target>;
  /** Every word of the targets' names, labels and synonyms: made when a header first names none of them. */
  readonly words: () => ReadonlySet<string>;
  /**
   * The names, synonyms and custom fields a header of this length may be a misspelling of:
   * those whose length can reach the fuzzy threshold, in one list per length, made once (a
   * sheet of 16,384 columns tries each header; issue 28).
   */
  readonly fuzzyOfLength: (length: number) => readonly FuzzyName[];
}

/**
 * A name in compact letters, its target, and every name of that target as written (for its
 * words), made when a header first comes close to one: most runs have no misspelt header.
 */
type FuzzyName = readonly [string, Target, () => readonly string[]];

/** The fuzzy names by a header's length, each list made when a header of that length first asks. */
function fuzzyByLength(all: readonly FuzzyName[]): (length: number) => readonly FuzzyName[] {
  const lists = new Map<number, readonly FuzzyName[]>();
  return (length) => {
    let list = lists.get(length);
    if (!list)
      lists.set(length, (list = all.filter(([n]) => lengthsCanReach(length, n.length, FUZZY_THRESHOLD))));
    return list;
  };
}

/** The indexes of a run's mapping: the fields' names, made once (fieldNames), and the account's custom fields. */
function nameIndexes(
  def: ResourceDef,
  customs: readonly Target[],
  mode: 'create' | 'update',
  idColumn = false,
): NameIndexes {
  const own = fieldNames(def, mode, idColumn);
  const byCustom = new Map<string, Target>();
  for (const c of customs)
    if (!byCustom.has(compactName(targetLabel(c)))) byCustom.set(compactName(targetLabel(c)), c);
  const words = memoized(() =>
    customs.length === 0 ? own.words() : new Set([...own.words(), ...wordsOf(customs.map(targetLabel))]),
  );
  const customFuzzy = [...byCustom].map(([k, t]): FuzzyName => [k, t, () => [targetLabel(t)]]);
  return { ...own, byCustom, words, fuzzyOfLength: fuzzyByLength([...own.fuzzy, ...customFuzzy]) };
}

/** What a resource's fields are called, in English and the other languages (resources/languages.ts). */
interface FieldNames {
  readonly byName: ReadonlyMap<string, Target>;
  readonly bySynonym: ReadonlyMap<string, readonly { t: Target; rank: number }[]>;
  readonly words: () => ReadonlySet<string>;
  /** The names and synonyms, each with its target, for fuzzy matching. */
  readonly fuzzy: readonly FuzzyName[];
}

/**
 * The fields' names by resource, then mode and ID column: a run maps its headers up to three
 * times (before and after the custom fields and the lookup lists are known), and every
 * language's words cost the most of a small run's mapping.
 */
const fieldNamesMade = new WeakMap<ResourceDef, Map<string, FieldNames>>();

function fieldNames(def: ResourceDef, mode: 'create' | 'update', idColumn: boolean): FieldNames {
  const key = `${mode}${idColumn ? ' id' : ''}`;
  let made = fieldNamesMade.get(def);
  if (!made) fieldNamesMade.set(def, (made = new Map()));
  let names = made.get(key);
  if (!names) made.set(key, (names = makeFieldNames(def, mode, idColumn)));
  return names;
}

function makeFieldNames(def: ResourceDef, mode: 'create' | 'update', idColumn: boolean): FieldNames {
  const fields = candidateFields(def, mode);
  const byName = new Map<string, Target>();
  const bySynonym = new Map<string, { t: Target; rank: number }[]>();
  const addSyn = (s: string, t: Target, rank: number) => {
    const k = compactName(s);
    if (byName.has(k)) return;
    bySynonym.set(k, [...(bySynonym.get(k) ?? []), { t, rank }]);
  };
  for (const f of fields) {
    const t: Target = { kind: 'field', field: f };
    for (const n of [f.name, f.label, f.name.replace(/\.id$/, '')])
      if (!byName.has(compactName(n))) byName.set(compactName(n), t);
  }
  for (const f of fields) (f.synonyms ?? []).forEach((s, i) => addSyn(s, { kind: 'field', field: f }, i));
  // Other languages' words come after every English synonym: "Model" is English before it is Dutch.
  for (const f of fields)
    for (const s of localSynonyms(def.name, f))
      addSyn(s.word, { kind: 'field', field: f }, LOCAL_RANK + s.rank);
  if (mode === 'update' || def.writes.create === false || idColumn) byName.set('id', { kind: 'id' });
  for (const d of DERIVED.filter((x) => x.resources.includes(def.name))) {
    const t: Target = { kind: 'derived', name: d.name, label: d.label };
    byName.set(compactName(d.name), t);
    byName.set(compactName(d.label), t);
    d.synonyms.forEach((syn, i) => addSyn(syn, t, i));
    for (const s of localSynonyms(def.name, d.name)) addSyn(s.word, t, LOCAL_RANK + s.rank);
  }
  const names = memoized(() => targetNames(def, fields));
  const fuzzy = [...byName, ...[...bySynonym].flatMap(([k, ts]) => ts.map((x) => [k, x.t] as const))].map(
    ([k, t]): FuzzyName => [k, t, () => names().get(targetName(t)) ?? [targetLabel(t)]],
  );
  return { byName, bySynonym, words: memoized(() => wordsOf(vocabulary(def, fields))), fuzzy };
}

/** Each target's names as written: label, service name, synonyms in every language. */
function targetNames(def: ResourceDef, fields: readonly FieldDef[]): Map<string, readonly string[]> {
  const local = (f: FieldDef | DerivedName) => localSynonyms(def.name, f).map((s) => s.word);
  return new Map([
    ...fields.map((f) => [f.name, [f.label, f.name, ...(f.synonyms ?? []), ...local(f)]] as const),
    ...DERIVED.map((d) => [d.name, [d.label, ...d.synonyms, ...local(d.name)]] as const),
  ]);
}

function vocabulary(def: ResourceDef, fields: readonly FieldDef[]): string[] {
  return [
    ...fields.flatMap((f) => [
      f.name,
      f.label,
      ...(f.synonyms ?? []),
      ...localSynonyms(def.name, f).map((s) => s.word),
    ]),
    ...DERIVED.flatMap((d) => [
      d.label,
      ...d.synonyms,
      ...localSynonyms(def.name, d.name).map((s) => s.word),
    ]),
  ];
}

function wordsOf(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((t) => normalizeName(t).split(' ')).filter((w) => w.length > 0));
}

/**
 * Other tools' prefixes on every header (Homebox's "HB.", "cf:") say nothing of the field,
 * nor does the type Shelf's import writes after a custom field's name ("cf:purchase date,
 * type:date": Shelf-nu/shelf.nu public/static/shelf.nu-example-asset-import-from-content.csv).
 */
function stripToolPrefix(header: string): string {
  const shelf = /^\s*cf\s*:\s*(.+?)\s*,\s*type\s*:\s*[a-z]+\s*$/i.exec(header);
  if (shelf) return shelf[1];
  return header.replace(/^\s*(?:HB\.|cf\s*[:_.]\s*|custom\s*field\s*[:.]\s*)/i, '');
}

/**
 * A tax qualifier at a header's end says how an amount is counted, not which field it is
 * ("Prix d'achat HT", "Kaufpreis netto", "Purchase price excl. VAT").
 */
const TAXES = 'VAT|MwSt|USt|TVA|IVA|BTW|GST|tax|taxes|impuestos';
/** Words before a tax's name ("excl. VAT", "inkl. MwSt.", "sin IVA", "s/ IVA") and after it ("IVA incluido"). */
const TAX_BEFORE =
  'excl|incl|ex|inc|excluding|including|zzgl|inkl|ohne|mit|sans|avec|sin|con|senza|escl|s/|c/|sem|com';
const TAX_AFTER =
  'incl|excl|included|excluded|incluido|incluida|excluido|excluida|inclus|incluse|exclue|escluso|esclusa|incluso|inclusa|incluído|incluída';
const TAX_QUALIFIER = new RegExp(
  `[\\s,/-]+(?:HT|H\\.T\\.|TTC|T\\.T\\.C\\.|net|netto|brutto|gross|hors\\s+taxes?|toutes\\s+taxes\\s+comprises|` +
    `(?:${TAX_BEFORE})\\.?\\s*(?:${TAXES})|(?:${TAXES})\\s+(?:${TAX_AFTER}))\\.?\\s*$`,
  'iu',
);

/** The columns a sheet may still try fuzzy matches on, and those past FUZZY_COLUMNS that were not tried. */
interface FuzzyBudget {
  left: number;
  readonly untried: Set<number>;
}

/** The ways a header names targets: by name, custom field or synonym; fuzzy only when none. */
function headerCandidates(index: number, header: string, idx: NameIndexes, budget: FuzzyBudget): Candidate[] {
  const plain = stripToolPrefix(header);
  const key = compactName(plain);
  // Units in brackets ("Purchase Cost ($)", "Notice (days)") and a tax qualifier do not change the field.
  const unbracketed = plain.replace(/\(.*?\)/g, '').replace(TAX_QUALIFIER, '');
  const bare = compactName(unbracketed);
  const out: Candidate[] = [];
  const name = idx.byName.get(key) ?? idx.byName.get(bare);
  if (name) out.push({ index, header, target: name, how: 'name', score: HOW_RANK.name });
  // The account's own custom field names are more specific than our general synonyms.
  const cus = idx.byCustom.get(key);
  if (cus) out.push({ index, header, target: cus, how: 'custom field', score: HOW_RANK['custom field'] });
  // A header that is a synonym of two fields ("description": the name, else the notes) is
  // more likely the required one; between synonyms of one field, the earlier is likelier.
  for (const { t, rank } of idx.bySynonym.get(key) ?? idx.bySynonym.get(bare) ?? []) {
    const required = t.kind === 'field' && t.field.required ? 0.1 : 0;
    out.push({ index, header, target: t, how: 'synonym', score: HOW_RANK.synonym - rank / 100 + required });
  }
  // A fuzzy match is for a misspelling: a header whose every word is one our fields use
  // ("Contact" in "Warranty contact phone") is no misspelling of another word ("Contract").
  if (
    out.length > 0 ||
    bare.length === 0 ||
    normalizeName(unbracketed)
      .split(' ')
      .every((w) => idx.words().has(w))
  )
    return out;
  if (budget.left === 0) {
    budget.untried.add(index);
    return out;
  }
  budget.left--;
  // Letters alike are not words alike: "Contact" is one letter from "Contract", and another
  // word. A field is taken only when the header is surely like one of its names in its words;
  // a `maybe` is left to the column's suggestion (unmappedSuggester).
  for (const [n, t, names] of idx.fuzzyOfLength(bare.length)) {
    const s = similarity(bare, n, FUZZY_THRESHOLD);
    if (s >= FUZZY_THRESHOLD && names().some((x) => likeness(unbracketed, x) === 'sure'))
      out.push({ index, header, target: t, how: 'fuzzy', score: HOW_RANK.fuzzy + s });
  }
  return out;
}

/** A column's values, from the sample rows, as its value table (if any) translates them. */
function columnValues(samples: MapOptions['samples'], index: number, t: CellTranslation): CellValue[] {
  return (samples ?? []).map((r) => translateCell(t, index, r[index] ?? null));
}

/** Targets a contradicted column may be meant for: its header's words in their names (Warranty → warranty months). */
function alternatives(header: string, idx: NameIndexes): Target[] {
  const words = normalizeName(stripToolPrefix(header))
    .split(' ')
    .filter((w) => w.length >= 3);
  const all = [...idx.byName.values(), ...[...idx.bySynonym.values()].flat().map((x) => x.t)];
  return [...new Map(all.map((t) => [targetName(t), t])).values()].filter((t) =>
    words.some((w) =>
      normalizeName(`${targetName(t)} ${targetLabel(t)}`)
        .split(' ')
        .includes(w),
    ),
  );
}

/**
 * Judge each column's candidates by its values: a contradicted one is dropped (the reason
 * goes to the warnings, or to the column's `why` when nothing else fits), and one whose
 * values fit scores higher. A column left with none
 * tries the targets its header's words name, if its values fit one well.
 */
function judgeCandidates(
  cands: Candidate[],
  header: string,
  values: readonly CellValue[],
  idx: NameIndexes,
  notes: { warnings: string[]; why: Map<number, string>; setAside: Map<number, SetAside> },
): Candidate[] {
  if (values.length === 0 || cands.length === 0) return cands;
  const kept: Candidate[] = [];
  const dropped: Candidate[] = [];
  for (const c of cands) {
    const fit = fitOf(c.target, values);
    // A header that is the field's own name (or the account's custom field's) says what the user meant: bad values are the rows' problem.
    if (fit === undefined) kept.push(c);
    else if (
      (fit < CONTRADICTS && (c.how === 'synonym' || c.how === 'fuzzy')) ||
      (c.how === 'fuzzy' && fit < 0.9)
    )
      dropped.push(c);
    else kept.push({ ...c, score: c.score + fit });
  }
  if (kept.length > 0 || dropped.length === 0) return kept;
  const what = [...new Set(dropped.map((c) => targetLabel(c.target).toLowerCase()))].join(' or ');
  const alt = alternatives(header, idx)
    .map((t) => ({ t, fit: fitOf(t, values) ?? 0 }))
    .filter((x) => x.fit >= 0.9 && !dropped.some((d) => targetName(d.target) === targetName(x.t)))
    .sort((a, b) => Number(b.t.kind === 'derived') - Number(a.t.kind === 'derived') || b.fit - a.fit)[0];
  const holds = `holds ${someValues(values)}, which is not ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`;
  if (alt)
    notes.warnings.push(`column "${header}" ${holds}: read as ${targetLabel(alt.t)} (${targetName(alt.t)})`);
  else {
    notes.why.set(dropped[0].index, `it ${holds}`);
    const example = values.find((c) => !holdsNoValue(c));
    notes.setAside.set(dropped[0].index, {
      fields: [...new Set(dropped.map((c) => targetName(c.target)))],
      example: example === undefined ? '' : cellText(example).trim(),
    });
  }
  return alt
    ? [{ index: dropped[0].index, header, target: alt.t, how: 'values', score: HOW_RANK.values + alt.fit }]
    : [];
}

/**
 * Give each target to one column and each column one target, best score first; a column
 * that loses every target it matched is reported with the column that took it.
 */
function assign(cands: readonly Candidate[], why: Map<number, string>): Map<number, Candidate> {
  const sorted = [...cands].sort((a, b) => b.score - a.score || a.index - b.index);
  const byColumn = new Map<number, Candidate>();
  const taken = new Map<string, Candidate>();
  /** Each column's best candidate, looked up once per losing column (thousands on a wide sheet). */
  const bestOf = new Map<number, Candidate>();
  for (const c of sorted) {
    if (!bestOf.has(c.index)) bestOf.set(c.index, c);
    if (byColumn.has(c.index) || taken.has(targetName(c.target))) continue;
    byColumn.set(c.index, c);
    taken.set(targetName(c.target), c);
  }
  const losers = new Set(cands.map((c) => c.index).filter((i) => !byColumn.has(i)));
  for (const i of losers) {
    const best = bestOf.get(i)!;
    const winner = taken.get(targetName(best.target))!;
    const by = winner.how === best.how ? '' : ` (a match by ${winner.how}, not ${best.how})`;
    why.set(
      i,
      `it also matches ${targetLabel(best.target)} (${targetName(best.target)}), taken by column "${winner.header}"${by}${best.doubt ? `; ${best.doubt}` : ''}`,
    );
  }
  return byColumn;
}

/**
 * Map headers to targets: the mapping file first, then names, the account's custom fields,
 * synonyms and fuzzy matches, each judged by the column's values when samples are given.
 * Each target is taken by one column, the best-scoring; the others are reported. A required
 * field no column gives is built from the row where the resource says how (an asset's name
 * from make and model), as the mapping file's `fields` would. Throws for a mapping file
 * that names an unknown field.
 */
export function mapHeaders(def: ResourceDef, headers: readonly string[], opts: MapOptions = {}): Mapping {
  const mapping = mapColumns(def, headers, opts);
  const mode = opts.mode ?? 'create';
  const fallback = builtFallback(def, mapping, missingRequired(def, mapping, mode), {
    namedByFile: (field) => fileNamesField(def, opts.mappingFile, field, mode),
    rows: opts.samples,
  });
  if (!fallback) return withBlankFill(def, mapping, opts, mode);
  const file = opts.mappingFile ?? {};
  const built = mapColumns(def, headers, {
    ...opts,
    mappingFile: { ...file, fields: { ...file.fields, [fallback.field]: fallback.template } },
  });
  // Its column is the run's choice, not the file's: said so in the plan.
  const columns = built.columns.map((c) =>
    built.built?.has(c.index) && c.target.kind === 'field' && c.target.field.name === fallback.field
      ? { ...c, how: 'built' as const }
      : c,
  );
  return { ...built, columns, fallback };
}

/**
 * A created record's required field read from a column: its empty cells are built from the
 * row, unless the mapping file fills them itself (`fields`, `defaults`). Updates never build:
 * their records have the field.
 */
function withBlankFill(
  def: ResourceDef,
  mapping: Mapping,
  opts: MapOptions,
  mode: 'create' | 'update',
): Mapping {
  if (mode !== 'create') return mapping;
  const file = opts.mappingFile;
  const fill = blankFill(def, mapping, {
    fileFills: (field) => file?.fields?.[field] !== undefined || file?.defaults?.[field] !== undefined,
  });
  return fill ? { ...mapping, blankFill: fill } : mapping;
}

/** Whether the mapping file's columns send some column to this field (one the sheet may lack). */
function fileNamesField(
  def: ResourceDef,
  file: MappingFile | undefined,
  field: string,
  mode: 'create' | 'update',
): boolean {
  return Object.values(file?.columns ?? {})
    .flat()
    .some((t) => {
      const target = t ? parseTarget(def, t, undefined, mode) : undefined;
      return target?.kind === 'field' && target.field.name === field;
    });
}

function mapColumns(def: ResourceDef, headers: readonly string[], opts: MapOptions): Mapping {
  const mode = opts.mode ?? 'create';
  const fields = candidateFields(def, mode);
  const customs = customTargets(def, opts.custom, mode);
  const warnings: string[] = [];
  const { explicit, absent } = explicitColumns(def, headers, opts, mode);
  // A preset covers every column another tool may export; a sheet has some of them.
  if (absent.length > 0 && !opts.preset) {
    warnings.push(
      `the mapping file names ${absent.length === 1 ? 'a column' : 'columns'} the sheet does not have: ${absent.map((h) => `"${h}"`).join(', ')}`,
    );
  }
  const idx = nameIndexes(def, customs, mode, opts.idColumn);
  const built = builtFields(def, headers, opts, mode, explicit);
  const tables = valueTables(headers, opts.mappingFile?.values, {
    built,
    listed: listedColumns(headers, opts.mappingFile),
    file: opts.mappingPath,
    quiet: opts.preset,
  });
  warnings.push(...tables.warnings);
  const translation: CellTranslation = {
    values: tables.tables,
    formulaEscape: opts.mappingFile?.formulaEscape,
    built: built.length > 0 ? new Map(built.map((b) => [b.index, b.bound])) : undefined,
  };
  const cands: Candidate[] = built.map((b) => ({
    index: b.index,
    header: b.header,
    target: b.target,
    how: 'mapping file',
    score: HOW_RANK['mapping file'],
  }));
  /** Why a column that matched something is not imported. */
  const why = new Map<number, string>();
  const setAside = new Map<number, SetAside>();
  const seen = new Set<string>();
  const budget: FuzzyBudget = { left: FUZZY_COLUMNS, untried: new Set() };
  const listMatches = new Map<number, readonly ListMatch[]>();
  headers.forEach((header, index) => {
    const target = explicit.get(index);
    if (target)
      return void cands.push({ index, header, target, how: 'mapping file', score: HOW_RANK['mapping file'] });
    // "#row", "#status" … are our report's outcome columns, never a field; a repeated header is one column.
    if (
      explicit.has(index) ||
      header.trim() === '' ||
      header.trim().startsWith('#') ||
      seen.has(compactName(header))
    )
      return;
    seen.add(compactName(header));
    const values = columnValues(opts.samples, index, translation);
    const byValues = judgeCandidates(headerCandidates(index, header, idx, budget), header, values, idx, {
      warnings,
      why,
      setAside,
    });
    const matches = opts.listMatches ? (opts.listMatches.get(index) ?? []) : matchLists(values, opts.lists);
    const weighed = matchesWeighed(byValues, matches);
    if (weighed.length > 0) listMatches.set(index, weighed);
    cands.push(...weighByLists(byValues, { index, header, values }, matches, fields));
  });
  const chosen = assign(cands, why);
  for (const c of chosen.values()) if (c.note) warnings.push(c.note);
  // Two columns a mapping file gives the same field: the first keeps it, the other is said.
  for (const [index, target] of explicit)
    if (target && !chosen.has(index))
      warnings.push(
        `column "${headers[index]}" ${why.get(index)?.replace(/^it /, '') ?? 'is not used'}; it is ignored`,
      );
  const columns: ColumnMapping[] = [...chosen.values()]
    .map((c) => ({ index: c.index, header: c.header, target: c.target, how: c.how }))
    .sort((a, b) => a.index - b.index);
  const suggest = unmappedSuggester(fields, customs);
  const suggestion = (header: string, index: number) => (budget.untried.has(index) ? {} : suggest(header));
  const left = headers.flatMap((header, index) =>
    chosen.has(index) || explicit.has(index)
      ? []
      : [
          {
            index,
            header,
            ...suggestion(header, index),
            why: why.get(index),
            ...(setAside.has(index) ? { setAside: setAside.get(index) } : {}),
          },
        ],
  );
  if (budget.untried.size > 0) warnings.push(untriedWarning(headers, budget.untried));
  const createOnly = mode === 'update' ? createOnlyColumns(def, left) : [];
  const unmapped =
    createOnly.length === 0 ? left : left.filter((u) => !createOnly.some((c) => c.index === u.index));
  warnings.push(...duplicateHeaders(headers));
  checkDefaults(def, opts.mappingFile?.defaults, opts.custom, mode, opts.mappingPath);
  // The sheet's own columns: a field the file builds makes its value from cells read as they are.
  const placeholders = new Map(
    columns.flatMap((c) => {
      const reading =
        c.index < headers.length && readsPlaceholders(def, c.target, isKeyColumn(c, opts.keyField));
      return reading ? [[c.index, reading] as const] : [];
    }),
  );
  return {
    columns,
    unmapped,
    createOnly,
    defaults: opts.mappingFile?.defaults ?? {},
    ...translation,
    placeholders,
    warnings,
    ...(opts.lists || opts.listMatches ? { listMatches } : {}),
  };
}

/** Columns an update leaves out because their field is set at creation only (named as an export names it). */
function createOnlyColumns(
  def: ResourceDef,
  left: readonly { index: number; header: string }[],
): { index: number; header: string; field: string }[] {
  const byName = new Map<string, string>();
  for (const f of def.fields)
    if (f.createOnly) for (const n of [f.name, f.label]) byName.set(compactName(n), f.name);
  return left.flatMap((u) => {
    const field = byName.get(compactName(u.header));
    return field ? [{ index: u.index, header: u.header, field }] : [];
  });
}

/** A sheet too wide to try every column as a misspelling says which columns were not. */
function untriedWarning(headers: readonly string[], untried: ReadonlySet<number>): string {
  // Columns are tried in order: the first untried is the first in the set.
  const [first] = untried;
  return (
    `${untried.size.toLocaleString('en-US')} columns from column "${headers[first]}" on were not tried as misspellings of a field's name ` +
    `(a sheet is tried on its first ${FUZZY_COLUMNS.toLocaleString('en-US')} columns that name no field exactly): ` +
    'map any of them that is meant for a field in a mapping file (--mapping)'
  );
}

/**
 * The field label closest to an unmapped header that is like it in its words (a sure one
 * before a `maybe`), with the labels prepared once for every column.
 */
function unmappedSuggester(
  fields: readonly FieldDef[],
  customs: readonly Target[],
): (header: string) => { suggestion?: string; maybe?: true } {
  const closestLabels = closestAmong([...fields.map((f) => f.label), ...customs.map(targetLabel)], {
    limit: 5,
    threshold: 0.5,
  });
  return (header) => {
    if (header.trim() === '' || header.trim().startsWith('#')) return {};
    const alike = closestLabels(header).map((label) => ({ label, how: likeness(header, label) }));
    const best = alike.find((a) => a.how === 'sure') ?? alike.find((a) => a.how === 'maybe');
    if (!best) return { suggestion: undefined };
    return best.how === 'maybe' ? { suggestion: best.label, maybe: true } : { suggestion: best.label };
  };
}

/** A warning per repeated header, naming it as its first column writes it. */
function duplicateHeaders(headers: readonly string[]): string[] {
  const seen = new Map<string, { first: string; n: number }>();
  for (const h of headers) {
    if (!h.trim()) continue;
    const k = compactName(h);
    const e = seen.get(k);
    if (e) e.n++;
    else seen.set(k, { first: h, n: 1 });
  }
  return [...seen.values()]
    .filter((e) => e.n > 1)
    .map((e) => `the header "${e.first}" appears ${e.n} times; only the first is used`);
}

/** A default for something that is not a field of the resource would be dropped unseen: refuse it. */
function checkDefaults(
  def: ResourceDef,
  defaults: Record<string, unknown> | undefined,
  custom: CustomFieldSet | undefined,
  mode: 'create' | 'update',
  file: string | undefined,
): void {
  for (const key of Object.keys(defaults ?? {})) {
    if (parseTarget(def, key, custom, mode)?.kind === 'field') continue;
    const known = candidateFields(def, mode).map((f) => f.name);
    const sugg = closest(key, known, { limit: 1 });
    throw new AssetbatchError(
      'E_MAPPING_UNKNOWN_FIELD',
      `the default for "${key}" is not for a field of ${def.plural}${sugg.length ? ` (did you mean "${sugg[0]}"?)` : ''}`,
      {
        location: { file },
        hint: `Defaults take standard fields: ${known.join(', ')}`,
      },
    );
  }
}

/** Required fields (on create) that no column and no default supplies. */
export function missingRequired(def: ResourceDef, mapping: Mapping, mode: 'create' | 'update'): FieldDef[] {
  if (mode === 'update') return [];
  const have = new Set(
    mapping.columns
      .filter((c) => c.target.kind === 'field')
      .map((c) => (c.target as { field: FieldDef }).field.name),
  );
  const defaults = new Set(
    Object.keys(mapping.defaults)
      .map((k) => parseTarget(def, k, undefined, mode))
      .filter((t) => t?.kind === 'field')
      .map((t) => (t as { field: FieldDef }).field.name),
  );
  // A required member of a nested object (category.id) is required only when the object is given.
  return def.fields.filter(
    (f) => f.required && !f.name.includes('.') && !have.has(f.name) && !defaults.has(f.name),
  );
}

/**
 * The mapping as a mapping file, for `mapping suggest`. A repeated header keeps its first
 * column's target; a column that maps to nothing is written as null (ignore) only when the
 * account's custom fields were checked: offline it is left out, so that an import against
 * the service can still match it to a custom field.
 */
export function mappingToFile(
  def: ResourceDef,
  mapping: Mapping,
  extra: Partial<MappingFile> = {},
  opts: { customChecked?: boolean } = {},
): MappingFile {
  const columns: Record<string, string | null> = {};
  // Built fields are the mapping file's own `fields`, written back as they were given.
  for (const c of mapping.columns)
    if (!mapping.built?.has(c.index)) columns[c.header] ??= targetName(c.target).replace(/\.id$/, '');
  if (opts.customChecked !== false)
    for (const u of mapping.unmapped) if (u.header && !(u.header in columns)) columns[u.header] = null;
  return { resource: def.name, ...extra, columns, defaults: { ...mapping.defaults } };
}
