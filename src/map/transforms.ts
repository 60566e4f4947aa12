// Map stage: fields a mapping file builds from the row rather than reading from one column
// ("fields": {"name": "{Make} {Model}", "category": {"value": "Hardware"}, "serial_number":
// {"column": "Tag", "regex": "SN-(\\d+)"}}). Each spec is checked when the file is read and
// its columns when the sheet's headers are known, so a bad transform stops the run before
// any row is read. A built value is a cell like any other: coerced, looked up and validated
// for its field, and its problems name the column(s) it came from. Pure: no I/O.
import { AssetbatchError } from '../errors.js';
import type { CellValue } from '../read/types.js';
import { cellText, isEmptyCell } from './coerce.js';
import { compactName } from './normalize.js';
import { plural } from '../util/plural.js';

/** One piece of a template: text as written, or the cell of a column. */
export type TemplatePart = { readonly text: string } | { readonly column: string };

/**
 * A template's pieces: `{Make} {Model}` → column Make, text " ", column Model. `{{` and `}}`
 * stand for a brace. Throws a message (no location: the caller knows the key) for a brace
 * that is not closed, a `}` alone, or an empty `{}`.
 */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if ((ch === '{' || ch === '}') && template[i + 1] === ch) {
      text += ch;
      i++;
    } else if (ch === '{') {
      const { column, end } = columnAt(template, i);
      if (column === '')
        throw new Error(`"${template.slice(i, end + 1)}" names no column (write "{Column header}")`);
      if (text) parts.push({ text });
      text = '';
      parts.push({ column });
      i = end;
    } else if (ch === '}') {
      throw new Error(`the "}" at character ${i + 1} closes no "{" (write "}}" for a brace)`);
    } else text += ch;
  }
  if (text) parts.push({ text });
  if (!parts.some((p) => 'column' in p))
    throw new Error(
      `"${template}" names no column: a template is text with columns in braces, "{Make} {Model}" (a constant is {"value": "…"})`,
    );
  return parts;
}

/** The column named from the "{" at `start`: up to the next single "}" ("{{" and "}}" in it are braces). */
function columnAt(template: string, start: number): { column: string; end: number } {
  let name = '';
  for (let j = start + 1; j < template.length; j++) {
    const c = template[j];
    if ((c === '{' || c === '}') && template[j + 1] === c) {
      name += c;
      j++;
    } else if (c === '}') return { column: name.trim(), end: j };
    else name += c;
  }
  throw new Error(`the "{" at character ${start + 1} is not closed by "}" (write "{{" for a brace)`);
}

/** The columns a template names, in order, each once. */
export function templateColumns(template: string): string[] {
  return [...new Set(parseTemplate(template).flatMap((p) => ('column' in p ? [p.column] : [])))];
}

/** A template over these columns, joined by `separator`: ["Make", "Model"] → "{Make} {Model}" (braces in a header doubled). */
export function formatTemplate(columns: readonly string[], separator = ' '): string {
  const esc = (s: string) => s.replace(/[{}]/g, (b) => b + b);
  return columns.map((c) => `{${esc(c)}}`).join(esc(separator));
}

/** A field's spec in the mapping file's `fields`, as written (a string is a template). */
export type FieldSpecInput =
  | string
  | {
      readonly template?: string;
      readonly column?: string;
      readonly value?: string | number | boolean;
      /** Split the text by this separator and keep `part` (1 = first, -1 = last). */
      readonly split?: string;
      readonly part?: number;
      /** Keep what this regular expression's `group` (default: its first group, else the whole match) matches. */
      readonly regex?: string;
      readonly group?: number | string;
      readonly trim?: boolean;
      readonly case?: 'upper' | 'lower' | 'title';
    };

/** A spec checked and compiled: where the value comes from, then what is done to its text. */
export interface FieldSpec {
  readonly source:
    | { readonly kind: 'template'; readonly parts: readonly TemplatePart[]; readonly text: string }
    | { readonly kind: 'column'; readonly column: string }
    | { readonly kind: 'value'; readonly value: string | number | boolean };
  readonly split?: { readonly separator: string; readonly part: number };
  readonly regex?: { readonly re: RegExp; readonly group: number | string };
  readonly trim: boolean;
  readonly case?: 'upper' | 'lower' | 'title';
}

const SPEC_KEYS = ['template', 'column', 'value', 'split', 'part', 'regex', 'group', 'trim', 'case'];

/** Compile one spec; a problem is thrown as text, for the caller to put its key and file on. */
export function compileFieldSpec(input: FieldSpecInput): FieldSpec {
  const spec = typeof input === 'string' ? { template: input } : input;
  const unknown = Object.keys(spec).filter((k) => !SPEC_KEYS.includes(k));
  if (unknown.length)
    throw new Error(`"${unknown[0]}" is not a key of a field's spec (keys: ${SPEC_KEYS.join(', ')})`);
  const sources = (['template', 'column', 'value'] as const).filter((k) => spec[k] !== undefined);
  if (sources.length !== 1) {
    throw new Error(
      sources.length === 0
        ? 'says nowhere to take the value from: give "template", "column" or "value"'
        : `gives both "${sources[0]}" and "${sources[1]}": give one`,
    );
  }
  if (
    spec.value !== undefined &&
    (spec.split !== undefined ||
      spec.regex !== undefined ||
      spec.case !== undefined ||
      spec.trim !== undefined)
  ) {
    throw new Error(
      'a constant "value" takes no "split", "regex", "trim" or "case": write the value as it should be',
    );
  }
  if (spec.part !== undefined && spec.split === undefined)
    throw new Error('"part" needs "split" (the separator)');
  if (spec.group !== undefined && spec.regex === undefined) throw new Error('"group" needs "regex"');
  if (spec.split === '') throw new Error('"split" is empty: give the separator, such as " " or "-"');
  const part = spec.part ?? 1;
  if (!Number.isInteger(part) || part === 0)
    throw new Error(
      `"part" is ${JSON.stringify(spec.part)}: give 1 for the first piece, 2 for the second, -1 for the last`,
    );
  const source: FieldSpec['source'] =
    spec.template !== undefined
      ? { kind: 'template', parts: parseTemplate(spec.template), text: spec.template }
      : spec.column !== undefined
        ? { kind: 'column', column: spec.column }
        : { kind: 'value', value: spec.value! };
  return {
    source,
    split: spec.split !== undefined ? { separator: spec.split, part } : undefined,
    regex: spec.regex !== undefined ? compileRegex(spec.regex, spec.group) : undefined,
    trim: spec.trim ?? false,
    case: spec.case,
  };
}

function compileRegex(
  pattern: string,
  group: number | string | undefined,
): { re: RegExp; group: number | string } {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch (e) {
    throw new Error(
      `"regex" ${JSON.stringify(pattern)} is not a regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')})`,
      { cause: e },
    );
  }
  // How many groups the expression has: an empty match of it with an alternation shows them.
  const groups = new RegExp(`${pattern}|`, 'u').exec('')!.length - 1;
  const names = Object.keys(new RegExp(`${pattern}|`, 'u').exec('')!.groups ?? {});
  const g = group ?? (groups > 0 ? 1 : 0);
  if (typeof g === 'number' && (!Number.isInteger(g) || g < 0 || g > groups))
    throw new Error(
      `"group" is ${g}, but the regex has ${groups === 0 ? 'no groups' : `groups 1 to ${groups}`} (0 is the whole match)`,
    );
  if (typeof g === 'string' && !names.includes(g))
    throw new Error(
      `"group" is "${g}", but the regex has no group of that name${names.length ? ` (it has: ${names.join(', ')})` : ''}`,
    );
  return { re, group: g };
}

/** The columns a spec reads. */
function specColumns(spec: FieldSpec): string[] {
  if (spec.source.kind === 'column') return [spec.source.column];
  if (spec.source.kind === 'template')
    return [...new Set(spec.source.parts.flatMap((p) => ('column' in p ? [p.column] : [])))];
  return [];
}

/** How a built field is named where a column would be (plan, row problems): the template, the column, or the constant. */
export function specLabel(spec: FieldSpec): string {
  if (spec.source.kind === 'template') return spec.source.text;
  if (spec.source.kind === 'column') return spec.source.column;
  return `(value ${JSON.stringify(spec.source.value)})`;
}

/** The sheet's column for a header a spec names: exactly, else ignoring case, spaces and punctuation. */
export function findColumn(headers: readonly string[], name: string): number {
  const exact = headers.indexOf(name);
  return exact >= 0 ? exact : headers.findIndex((h) => compactName(h) === compactName(name));
}

/** A built field, bound to the sheet's columns. */
export interface BoundSpec {
  readonly spec: FieldSpec;
  /** Column index for each column a template or `column` names. */
  readonly columns: ReadonlyMap<string, number>;
}

/** Bind a spec to the sheet's headers; a column it names that the sheet lacks is an E_MAPPING_FILE naming those the sheet has. */
export function bindSpec(
  spec: FieldSpec,
  key: string,
  headers: readonly string[],
  file: string | undefined,
): BoundSpec {
  const columns = new Map<string, number>();
  const missing: string[] = [];
  for (const c of specColumns(spec)) {
    const i = findColumn(headers, c);
    if (i < 0) missing.push(c);
    else columns.set(c, i);
  }
  if (missing.length > 0) {
    const shown = headers
      .filter((h) => h.trim() !== '')
      .slice(0, 40)
      .map((h) => `"${h}"`);
    throw new AssetbatchError(
      'E_MAPPING_FILE',
      `fields.${key}: the sheet has no column ${missing.map((m) => `"${m}"`).join(' or ')}`,
      {
        location: { file },
        hint: `The sheet's columns: ${shown.join(', ')}${headers.length > shown.length ? ' …' : ''}`,
      },
    );
  }
  return { spec, columns };
}

export type Built =
  | { readonly value: CellValue; readonly problem?: undefined }
  | { readonly value: null; readonly problem: string };

const EMPTY: Built = { value: null };

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_, b: string, l: string) => b + l.toUpperCase());
}

/**
 * The value a bound spec builds from a row's cells (each as `cellOf` gives it: the tool's
 * escape undone). An empty source gives an empty value; a split or a regex that finds
 * nothing in a filled cell is a problem, said on the row, never a silent blank.
 */
export function buildValue(b: BoundSpec, cellOf: (index: number) => CellValue): Built {
  const { spec } = b;
  const src = spec.source;
  if (src.kind === 'value') return { value: src.value };
  let value: CellValue;
  if (src.kind === 'column') {
    value = cellOf(b.columns.get(src.column)!);
    if (isEmptyCell(value)) return EMPTY;
    // A copy of a cell keeps its type (a number, a date) unless its text is worked on.
    if (!spec.split && !spec.regex && !spec.trim && !spec.case) return { value };
  } else {
    let filled = false;
    let text = '';
    for (const p of src.parts) {
      if ('text' in p) text += p.text;
      else {
        const cell = cellOf(b.columns.get(p.column)!);
        if (!isEmptyCell(cell)) filled = true;
        text += cellText(cell).trim();
      }
    }
    // "{Make} {Model}" with no model is "Dell", not "Dell ".
    if (!filled) return EMPTY;
    value = text.replace(/\s+/g, ' ').trim();
  }
  let text = cellText(value);
  if (spec.split) {
    const pieces = text.split(spec.split.separator);
    const at = spec.split.part > 0 ? spec.split.part - 1 : pieces.length + spec.split.part;
    if (at < 0 || at >= pieces.length)
      return {
        value: null,
        problem: `"${text}" has ${plural(pieces.length, 'part')} split by "${spec.split.separator}", no part ${spec.split.part}`,
      };
    text = pieces[at];
  }
  if (spec.regex) {
    const m = spec.regex.re.exec(text);
    const got = m
      ? typeof spec.regex.group === 'number'
        ? m[spec.regex.group]
        : m.groups?.[spec.regex.group]
      : undefined;
    if (got === undefined)
      return { value: null, problem: `"${text}" does not match the regex ${spec.regex.re.source}` };
    text = got;
  }
  if (spec.trim) text = text.replace(/\s+/g, ' ').trim();
  if (spec.case === 'upper') text = text.toUpperCase();
  else if (spec.case === 'lower') text = text.toLowerCase();
  else if (spec.case === 'title') text = titleCase(text);
  return text.trim() === '' ? EMPTY : { value: text };
}
