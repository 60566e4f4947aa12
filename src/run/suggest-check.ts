// `mapping suggest`, last step: the mapping it is about to write, checked against the sheet.
// What would make rows fail at once (a required field no column or default gives, lookup
// values no table entry covers) is said, each with the fix we would propose. Pure: no I/O.
import type { ResourceDef, FieldDef } from '../resources/fields.js';
import type { Mapping } from '../map/headers.js';
import { fitOf } from '../map/judge.js';
import { cellText, isEmptyCell } from '../map/coerce.js';
import { compactName, similarity } from '../map/normalize.js';
import { localSynonyms } from '../resources/languages.js';
import type { CellValue } from '../read/types.js';

/** A value no table entry covers, with the match we would check first, if any. */
export interface Unresolved {
  readonly from: string;
  readonly to?: string;
}

export interface SuggestionCheck {
  readonly def: ResourceDef;
  readonly mapping: Mapping;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly CellValue[])[];
  /** Required fields no column and no default gives. */
  readonly missing: readonly FieldDef[];
  /** Per lookup column, the values no value-table entry covers (those the service does not have). */
  readonly unresolved: ReadonlyMap<string, readonly Unresolved[]>;
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
function columnFor(c: SuggestionCheck, f: FieldDef): string | undefined {
  const fits = c.mapping.unmapped.flatMap((u) => {
    const values = c.rows.map((r) => r[u.index] ?? null).filter((v) => !isEmptyCell(v));
    if (!u.header.trim() || values.length === 0 || (fitOf({ kind: 'field', field: f }, values) ?? 0) < 0.9)
      return [];
    const distinct = new Set(values.map((v) => cellText(v).trim())).size / values.length;
    if (f.name === 'name' && distinct < 0.5) return [];
    return [{ header: u.header, score: headerCloseness(u.header, c.def, f) + distinct / 10 }];
  });
  return fits.sort((a, b) => b.score - a.score)[0]?.header;
}

function missingField(c: SuggestionCheck, f: FieldDef): string {
  const what = `no column gives ${f.label} (${f.name}), which is required for ${c.def.plural}: every row would fail`;
  const column = columnFor(c, f);
  const key = f.name.replace(/\.id$/, '');
  const fix = column
    ? `map column "${column}" to it ("columns": {"${column}": "${key}"}), or give a default ("defaults": {"${key}": "…"})`
    : `add a column for it to the sheet, or give a default ("defaults": {"${key}": "…"})`;
  return `missing: ${what}. Fix: ${fix}`;
}

function unresolvedValues(header: string, values: readonly Unresolved[]): string {
  const shown =
    values
      .slice(0, 5)
      .map((v) => `"${v.from}"`)
      .join(', ') + (values.length > 5 ? ` and ${values.length - 5} more` : '');
  // The example proposes the match to check, where there is one.
  const first = values.find((v) => v.to !== undefined) ?? values[0];
  const example = JSON.stringify({
    [header]: { [first.from]: first.to ?? "<a name of the service's list>" },
  });
  const them = values.length === 1 ? 'it' : 'them';
  const what = first.to === undefined ? example : `${example}, if that match is right`;
  return `missing: column "${header}" has ${values.length === 1 ? 'a value' : `${values.length} values`} the service's list lacks and no value table covers (${shown}): those rows would fail. Fix: add ${them} to "values" (${what}), or to the service's list`;
}

/**
 * Parts of the row that make a field no column gives, as a template of the mapping file's
 * `fields`: an asset's name from its make and model (Ralph's and Lucity's exports have no name
 * column), else its model or type and its tag. Undefined when the row has no such parts.
 */
export function templateFor(c: Pick<SuggestionCheck, 'def' | 'mapping'>, f: FieldDef): string | undefined {
  if (c.def.name !== 'asset' || f.name !== 'name') return undefined;
  const column = (field: string) =>
    c.mapping.columns.find(
      (m) => m.target.kind === 'field' && m.target.field.name === field && !c.mapping.built?.has(m.index),
    )?.header;
  // Braces in a header are written twice in a template.
  const ref = (header: string) => `{${header.replace(/[{}]/g, (b) => b + b)}}`;
  const [make, model, type, tag] = [
    column('manufacturer'),
    column('asset_hardware_model.id'),
    column('category.id'),
    column('asset_tag'),
  ];
  if (make && model) return `${ref(make)} ${ref(model)}`;
  if ((model ?? type) && tag) return `${ref((model ?? type)!)} ${ref(tag)}`;
  return undefined;
}

export interface CheckedSuggestion {
  /** What would still fail, each with a proposed fix ("missing: …"). */
  readonly missing: string[];
  /** Required fields nothing gives (no column, default or template): every row would fail. */
  readonly missingFields: string[];
  /** Fields to build from the row, for required fields no column gives (the file's `fields`). */
  readonly built: Record<string, string>;
  /** What was built and why, for the reviewer. */
  readonly notes: string[];
}

/**
 * What would still fail with the mapping `suggest` is about to write, each with a proposed
 * fix; a required field the row's parts can make is built from them instead, when no
 * unmapped column fits it better.
 */
export function checkSuggestion(c: SuggestionCheck): CheckedSuggestion {
  const out: CheckedSuggestion = { missing: [], missingFields: [], built: {}, notes: [] };
  for (const f of c.missing) {
    const template = columnFor(c, f) === undefined ? templateFor(c, f) : undefined;
    if (template === undefined) {
      out.missing.push(missingField(c, f));
      out.missingFields.push(f.name);
      continue;
    }
    out.built[f.name] = template;
    out.notes.push(
      `no column gives ${f.label} (${f.name}), which is required for ${c.def.plural}: built from the row as "${template}" ("fields" in the file); change the template if another ${f.label.toLowerCase()} suits`,
    );
  }
  for (const [header, values] of c.unresolved) out.missing.push(unresolvedValues(header, values));
  return out;
}
