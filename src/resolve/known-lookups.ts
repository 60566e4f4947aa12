// Resolve stage, before any list: a lookup cell that names what its record already has
// needs no list. The record, as listed before the run, carries its lookups' names ({id,
// name}, a country's name), so an export edited in two cells and sent back as an update
// asks the lists only for the cells that changed; an import's row already in the service
// takes the record's ids for them. Names compare as the resolver matches them (case,
// accents, spaces; a country by any of its spellings). Pure.
import { compactName, normalizeName } from '../map/normalize.js';
import { splitCategory } from '../resources/category.js';
import { COUNTRIES } from '../resources/countries.js';
import type { LookupKind } from '../resources/fields.js';
import { countryCodeByName } from './countries.js';
import { memoized } from '../util/memo.js';

/** ISO codes (alpha-2, alpha-3) and our names and aliases → numeric code: built once, at the first country cell. */
const ourCountryCodes = memoized(() => {
  const codes = new Map<string, number>();
  for (const c of COUNTRIES) {
    codes.set(c.alpha2, c.numeric).set(c.alpha3, c.numeric);
    for (const name of [c.name, ...c.aliases]) codes.set(normalizeName(name), c.numeric);
  }
  return codes;
});

/** A country's ISO numeric code from any spelling the resolver takes, without the service's list. */
function countryCodeOf(text: string): number | undefined {
  const t = text.trim();
  if (/^\d{1,3}$/.test(t)) return Number(t);
  const codes = ourCountryCodes();
  return codes.get(t.toUpperCase()) ?? codes.get(normalizeName(t)) ?? countryCodeByName(t);
}

/**
 * A lookup's name in one form for all its spellings, as sameLookupName compares them (case,
 * accents, spaces; a category without its subcategory; a country by its ISO numeric code).
 */
export function lookupNameKey(kind: LookupKind, text: string): string {
  const a = kind === 'category' ? splitCategory(text).name : text.trim();
  const code = kind === 'country' && a !== '' ? countryCodeOf(a) : undefined;
  return code !== undefined ? `#${code}` : compactName(a);
}

/** Whether a cell names the entry its record names, as the resolver would match the cell. */
export function sameLookupName(kind: LookupKind, cell: string, recorded: string): boolean {
  const a = kind === 'category' ? splitCategory(cell).name : cell.trim();
  if (normalizeName(a) === normalizeName(recorded) || compactName(a) === compactName(recorded)) return true;
  if (kind !== 'country') return false;
  const code = countryCodeOf(a);
  return code !== undefined && code === countryCodeOf(recorded);
}

/** Whether a subcategory cell names the record's subcategory (as the resolver matches it). */
export function sameSubcategory(cell: string, recorded: unknown): boolean {
  return typeof recorded === 'string' && compactName(cell) === compactName(recorded);
}

/**
 * The id a write takes for the entry a record names (its read shape: {id, name}, a
 * country's name, whose write is its ISO numeric code); undefined when the shape has none.
 */
export function recordedId(kind: LookupKind, value: unknown): number | undefined {
  if (kind === 'country') return typeof value === 'string' ? countryCodeOf(value) : undefined;
  const id = value !== null && typeof value === 'object' ? (value as Record<string, unknown>).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}
