// Cells that say "no value" in a register's own words: "N/A", "-", "unknown", German "k.A.",
// French "N/C". Read as empty for the fields where such a word can only mean that (keys,
// lookups, dates, numbers, enumerations), so that "N/A" is never Namibia nor a serial number
// twenty rows share; free text (notes, descriptions) keeps them as written. A name is free
// text that is also a key: there only the marks ("-", "?", "N/A", "k.A.") mean no name, and a
// word ("Unknown", "inconnu") is a name some registers give. No library knows these spellings
// across the languages our users' registers are in; the table is ours.
import type { CellValue } from '../read/types.js';
import type { ResourceDef } from '../resources/fields.js';
import type { Target } from './target.js';
import { isEmptyCell } from './coerce.js';

/**
 * The words, whole-cell, case and accents aside. No bare two-letter code is here: "NA" is
 * Namibia, "NC" New Caledonia, "ND" and "NV" are abbreviations too often meant.
 */
const PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  signs: ['-', '--', '---', '—', '–', '?', '??', '???'],
  en: [
    'n/a',
    'n.a.',
    'n/a.',
    'none',
    'unknown',
    'tbd',
    'tba',
    'null',
    'nil',
    'not applicable',
    'not available',
  ],
  de: [
    'k.a.',
    'k. a.',
    'keine angabe',
    'keine angaben',
    'n.v.',
    'n. v.',
    'unbekannt',
    'nicht vorhanden',
    'entfällt',
  ],
  fr: [
    'n/c',
    'n.c.',
    'non communiqué',
    'non communiquée',
    'inconnu',
    'inconnue',
    'néant',
    'sans objet',
    'n/d',
  ],
};

/** Longer than any entry: such a cell is a value. */
const LONGEST = 20;

const normal = (text: string): string =>
  text.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ');

const WORDS: ReadonlySet<string> = new Set(Object.values(PLACEHOLDERS).flat().map(normal));

/** The signs and abbreviations: an entry with a character that is no letter nor space ("-", "n/a", "k. a."). */
const MARKS: ReadonlySet<string> = new Set([...WORDS].filter((w) => /[^\p{L}\s]/u.test(w)));

/**
 * Which placeholders a column reads as empty: all of them, or (a name) only the marks, its
 * words ("Unknown", "none", "inconnu") being names.
 */
export type PlaceholderReading = 'all' | 'marks';

/**
 * The cell's text (trimmed) when the whole of it is a placeholder for no value (of those
 * `reading` takes: 'marks', only the signs and abbreviations); undefined for a value.
 */
export function placeholderOf(cell: CellValue, reading: PlaceholderReading = 'all'): string | undefined {
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (text === '' || text.length > LONGEST) return undefined;
  return (reading === 'marks' ? MARKS : WORDS).has(normal(text)) ? text : undefined;
}

/**
 * A key as a record in the service holds it: its text (trimmed), or undefined when empty or a
 * placeholder, read as a sheet's key column reads it (a name only its marks). Someone typed
 * "N/A" as a serial number in the service: that record has no serial number, as a row whose
 * cell says "N/A" has none, so the records keyed "N/A" do not share a key and no row matches them by it.
 */
export function recordKeyText(value: unknown, field: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || placeholderOf(text, field === 'name' ? 'marks' : 'all') !== undefined) return undefined;
  return text;
}

/**
 * A cell that tells nothing of what its column holds: empty, or a placeholder. A column judged
 * by its values (judge.ts, lists.ts) skips it, so that a date column half "N/A" is judged by its dates.
 */
export function holdsNoValue(cell: CellValue): boolean {
  return isEmptyCell(cell) || placeholderOf(cell) !== undefined;
}

/**
 * Whether a column's cells are read for placeholders, and which: everything but free text and
 * yes/no. A text field that is a key of the resource (an asset's serial number, a contract's
 * number), or the run's key (`key`: a sync's `--key asset_tag`, `--key custom:PO Number`),
 * reads them all: "N/A" is no serial number, and rows keyed "N/A" are not one record. A name
 * that is a key (an asset's, a customer's) reads only the marks ("-", "N/A"): "Unknown" is
 * its name. Otherwise an asset tag, notes or a description keep "N/A".
 */
export function readsPlaceholders(
  def: ResourceDef,
  target: Target,
  key = false,
): PlaceholderReading | undefined {
  const keyOfDef = (name: string) => key || (def.naturalKey ?? []).includes(name);
  if (target.kind === 'field' && target.field.name === 'name') return keyOfDef('name') ? 'marks' : undefined;
  if (key || target.kind === 'id' || target.kind === 'derived') return 'all';
  if (target.kind === 'custom')
    return target.dataType !== 'text' && target.dataType !== 'attachment' ? 'all' : undefined;
  const f = target.field;
  // A yes/no column's "-" is its "no" (a ticked box or a dash), as coercion reads it.
  if (f.type === 'boolean') return undefined;
  return f.type !== 'text' || keyOfDef(f.name) ? 'all' : undefined;
}
