// Map stage: a required field no column gives, built from the row's other columns as the
// resource says (an asset's name from its make and model: resources/asset.ts), through the
// same templates as a mapping file's `fields`; and the same for the rows whose cell of the
// field's column is empty (blankFill). Pure: the mapping in, the template out.
import type { FieldDef, ResourceDef } from '../resources/fields.js';
import { localSynonyms } from '../resources/languages.js';
import type { CellValue } from '../read/types.js';
import { cellText } from './coerce.js';
import { fitOf } from './judge.js';
import { holdsNoValue } from './placeholders.js';
import { compactName, similarity } from './normalize.js';
import type { Target } from './target.js';
import { compileFieldSpec, formatTemplate, type BoundSpec } from './transforms.js';

/** What of a mapping (headers.ts) this reads: headers.ts calls it, so it names no type of that file. */
interface Mapped {
  readonly columns: readonly { readonly index: number; readonly header: string; readonly target: Target }[];
  readonly unmapped: readonly { readonly index: number; readonly header: string }[];
  /** Columns the mapping file builds (their index past the sheet's own). */
  readonly built?: ReadonlyMap<number, unknown>;
}

/** A field the run builds from the row because no column gives it: said in the plan, the JSON and `mapping suggest`. */
export interface BuiltFallback {
  readonly field: string;
  /** As a mapping file's `fields` writes it: `{Make} {Model}`. */
  readonly template: string;
  /** The columns it is built from, in order. */
  readonly columns: readonly string[];
  /** An unmapped column whose values look like the field's (distinct texts): maybe the better source. */
  readonly maybe?: string;
}

/** The sheet's column for a field, not one the mapping file builds. */
function columnOf(mapping: Mapped, field: string): string | undefined {
  return mapping.columns.find(
    (m) => m.target.kind === 'field' && m.target.field.name === field && !mapping.built?.has(m.index),
  )?.header;
}

/** The columns of the resource's first way to build `field` whose every part has one; undefined when none. */
function fallbackColumns(def: ResourceDef, mapping: Mapped, field: string): string[] | undefined {
  if (def.builtWhenMissing?.field !== field) return undefined;
  for (const way of def.builtWhenMissing.ways) {
    const headers = way.map((part) => part.map((f) => columnOf(mapping, f)).find((h) => h !== undefined));
    if (headers.every((h) => h !== undefined)) return headers;
  }
  return undefined;
}

/** The template that builds `field` from the row (`{Make} {Model}`), or undefined when the row has no such parts. */
export function fallbackTemplate(def: ResourceDef, mapping: Mapped, field: string): string | undefined {
  const columns = fallbackColumns(def, mapping, field);
  return columns && formatTemplate(columns);
}

/** How well a header names a field: its best similarity to the field's name, label and synonyms. */
function headerCloseness(header: string, def: ResourceDef, f: FieldDef): number {
  const names = [f.name, f.label, ...(f.synonyms ?? []), ...localSynonyms(def.name, f).map((s) => s.word)];
  return Math.max(...names.map((n) => similarity(compactName(header), compactName(n))));
}

/**
 * The unmapped column likeliest to hold a field: its values fit the field (for a name, mostly
 * distinct texts), the closer its header the better. Undefined when none fits.
 */
export function likelyColumn(
  def: ResourceDef,
  mapping: Mapped,
  rows: readonly (readonly CellValue[])[],
  f: FieldDef,
): string | undefined {
  const fits = mapping.unmapped.flatMap((u) => {
    const values = rows.map((r) => r[u.index] ?? null).filter((v) => !holdsNoValue(v));
    if (!u.header.trim() || values.length === 0 || (fitOf({ kind: 'field', field: f }, values) ?? 0) < 0.9)
      return [];
    const distinct = new Set(values.map((v) => cellText(v).trim())).size / values.length;
    if (f.name === 'name' && distinct < 0.5) return [];
    return [{ header: u.header, score: headerCloseness(u.header, def, f) + distinct / 10 }];
  });
  return fits.sort((a, b) => b.score - a.score)[0]?.header;
}

/**
 * The resource's required field the mapping leaves out (`missing`), built from the row when
 * its parts have columns. None when the mapping file names the field itself (a column the
 * sheet lacks): the user chose, and the run stops as it would without this.
 */
export function builtFallback(
  def: ResourceDef,
  mapping: Mapped,
  missing: readonly FieldDef[],
  opts: { namedByFile: (field: string) => boolean; rows?: readonly (readonly CellValue[])[] },
): BuiltFallback | undefined {
  const f = missing.find((m) => m.name === def.builtWhenMissing?.field);
  if (!f || opts.namedByFile(f.name)) return undefined;
  const columns = fallbackColumns(def, mapping, f.name);
  if (!columns) return undefined;
  const maybe = opts.rows ? likelyColumn(def, mapping, opts.rows, f) : undefined;
  return { field: f.name, template: formatTemplate(columns), columns, ...(maybe ? { maybe } : {}) };
}

/**
 * The field's own column, whose empty cells are built as the field is without a column
 * (`{Make} {Model}`): validate.ts fills such a row's field and says so on the row (W_NAME_BUILT).
 */
export interface BlankFill {
  readonly field: string;
  /** The sheet's column for the field, and its index. */
  readonly column: string;
  readonly index: number;
  readonly template: string;
  /** The columns it is built from, in order. */
  readonly columns: readonly string[];
  /** The template bound to the sheet's columns, as a mapping file's `fields` would be. */
  readonly bound: BoundSpec;
}

/**
 * For a required field read from a column of the sheet: how its empty cells are built, when
 * the row's other columns can build it. None when the mapping file says how to fill it
 * (`fields`, `defaults`): the user chose.
 */
export function blankFill(
  def: ResourceDef,
  mapping: Mapped,
  opts: { fileFills: (field: string) => boolean },
): BlankFill | undefined {
  const field = def.builtWhenMissing?.field;
  if (field === undefined || opts.fileFills(field)) return undefined;
  const col = mapping.columns.find(
    (m) => m.target.kind === 'field' && m.target.field.name === field && !mapping.built?.has(m.index),
  );
  const columns = fallbackColumns(def, mapping, field);
  if (!col || !columns) return undefined;
  const template = formatTemplate(columns);
  const at = new Map(columns.map((h) => [h, mapping.columns.find((m) => m.header === h)!.index]));
  const bound = { spec: compileFieldSpec(template), columns: at };
  return { field, column: col.header, index: col.index, template, columns, bound };
}
