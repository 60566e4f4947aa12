// `mapping suggest`, last step: the mapping it is about to write, checked against the sheet.
// What would make rows fail at once (a required field no column or default gives, lookup
// values no table entry covers) is said, each with the fix we would propose. Pure: no I/O.
import type { ResourceDef, FieldDef } from '../resources/fields.js';
import type { Mapping } from '../map/headers.js';
import { fallbackTemplate, likelyColumn, type BlankFill, type BuiltFallback } from '../map/built-fallback.js';
import { isEmptyCell } from '../map/coerce.js';
import { cellAt } from '../map/values.js';
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

function missingField(c: SuggestionCheck, f: FieldDef): string {
  const what = `no column gives ${f.label} (${f.name}), which is required for ${c.def.plural}: every row would fail`;
  const column = likelyColumn(c.def, c.mapping, c.rows, f);
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
  if (c.mapping.fallback) noteFallback(c, c.mapping.fallback, out);
  if (c.mapping.blankFill) noteBlankFill(c, c.mapping.blankFill, out);
  for (const f of c.missing) {
    const template =
      likelyColumn(c.def, c.mapping, c.rows, f) === undefined
        ? fallbackTemplate(c.def, c.mapping, f.name)
        : undefined;
    if (template === undefined) {
      out.missing.push(missingField(c, f));
      out.missingFields.push(f.name);
      continue;
    }
    out.built[f.name] = template;
    out.notes.push(builtNote(c.def, f, template));
  }
  for (const [header, values] of c.unresolved) out.missing.push(unresolvedValues(header, values));
  return out;
}

function builtNote(def: ResourceDef, f: FieldDef, template: string): string {
  return `no column gives ${f.label} (${f.name}), which is required for ${def.plural}: built from the row as "${template}" ("fields" in the file); change the template if another ${f.label.toLowerCase()} suits`;
}

/** The field the import builds by itself is written into the file, so that the file says it; a likelier column is named. */
function noteFallback(c: SuggestionCheck, b: BuiltFallback, out: CheckedSuggestion): void {
  const f = c.def.fields.find((x) => x.name === b.field);
  if (!f) return;
  out.built[b.field] = b.template;
  out.notes.push(builtNote(c.def, f, b.template));
  if (b.maybe)
    out.notes.push(
      `column "${b.maybe}" may be the ${f.label.toLowerCase()} (its values are distinct texts): to use it, map it ("columns": {"${b.maybe}": "${b.field}"}) and remove "${b.field}" from "fields"`,
    );
}

/**
 * The field's own column with empty cells (or placeholders) in the rows read: the import
 * builds those rows' field, which the file says, with how it chooses otherwise (a default,
 * which the import then uses instead). Nothing is said of a column with none empty.
 */
function noteBlankFill(c: SuggestionCheck, b: BlankFill, out: CheckedSuggestion): void {
  const empty = c.rows.filter((r) => isEmptyCell(cellAt(c.mapping, b.index, r))).length;
  if (empty === 0) return;
  const cols = `column${b.columns.length === 1 ? '' : 's'} ${b.columns.map((h) => `"${h}"`).join(' and ')}`;
  const rows = `${empty} of the ${c.rows.length} rows read ${empty === 1 ? 'has' : 'have'}`;
  out.notes.push(
    `${rows} no ${b.field} in "${b.column}": with this file the import builds ${empty === 1 ? 'its' : 'theirs'} as "${b.template}" from ${cols} (W_NAME_BUILT on the row); ` +
      `to fill them otherwise, add "defaults": {"${b.field}": "…"}, which the import then uses instead`,
  );
}
