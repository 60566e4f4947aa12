// Cells that say "no value" in a register's own words: "N/A", "-", "unknown", German "k.A.",
// French "N/C". Read as empty for the fields where such a word can only mean that (keys,
// lookups, dates, numbers, enumerations), so that "N/A" is never Namibia nor a serial number
// twenty rows share; free text (notes, descriptions) keeps them as written. No library knows
// these spellings across the languages our users' registers are in; the table is ours.
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

/** The cell's text (trimmed) when the whole of it is a placeholder for no value; undefined for a value. */
export function placeholderOf(cell: CellValue): string | undefined {
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (text === '' || text.length > LONGEST) return undefined;
  return WORDS.has(normal(text)) ? text : undefined;
}

/**
 * A cell that tells nothing of what its column holds: empty, or a placeholder. A column judged
 * by its values (judge.ts, lists.ts) skips it, so that a date column half "N/A" is judged by its dates.
 */
export function holdsNoValue(cell: CellValue): boolean {
  return isEmptyCell(cell) || placeholderOf(cell) !== undefined;
}

/**
 * Whether a column's cells are read for placeholders: everything but free text and yes/no. A text field
 * that is a key of the resource (an asset's serial number or name, a contract's number), or
 * the run's key (`key`: a sync's `--key asset_tag`, `--key custom:PO Number`), is read so:
 * "N/A" is no serial number, and rows keyed "N/A" are not one record. Otherwise an asset tag,
 * notes or a description keep "N/A".
 */
export function readsPlaceholders(def: ResourceDef, target: Target, key = false): boolean {
  if (key || target.kind === 'id' || target.kind === 'derived') return true;
  if (target.kind === 'custom') return target.dataType !== 'text' && target.dataType !== 'attachment';
  const f = target.field;
  // A yes/no column's "-" is its "no" (a ticked box or a dash), as coercion reads it.
  if (f.type === 'boolean') return false;
  return f.type !== 'text' || (def.naturalKey ?? []).includes(f.name);
}
