// Map stage: how many of a column's values are names in one of the service's lookup lists.
// A column headed "Type" whose values are the account's categories is the category column,
// whatever another column's header says; one headed "Owner" whose values are business units
// names a business unit. The lists come from the resolver (I/O, in run/); this is pure.
import type { CellValue } from '../read/types.js';
import type { LookupKind } from '../resources/fields.js';
import { cellText } from './coerce.js';
import { holdsNoValue } from './placeholders.js';
import { splitCategory } from '../resources/category.js';
import { compactName, normalizeName } from './normalize.js';

/** A list's names as the mapping compares them (normalised, each once), and whether they are all of it. */
export interface ListNames {
  readonly names: ReadonlySet<string>;
  /** False for a long list of which the run has read only the first page: a name not in it may still be in the list. */
  readonly complete: boolean;
  /** Names the list answers to besides its own (a country named in another language: "Deutschland"). */
  readonly alsoNames?: (text: string) => boolean;
}

/** What the service's lists hold, by kind: only the lists the run fetched. */
export type LookupLists = ReadonlyMap<LookupKind, ListNames>;

/** How a column's distinct values meet one list. */
export interface ListMatch {
  readonly kind: LookupKind;
  /** Distinct values judged (numbers, dates and blanks aside). */
  readonly distinct: number;
  /** Of them, names in the list. */
  readonly matched: number;
  /** matched / distinct. */
  readonly share: number;
  /** The whole list was judged: a value not found is not in it. */
  readonly complete: boolean;
}

/** Values found in a list this often, and at least twice, name its field. */
const NAMES_A_LIST = 0.8;

/**
 * A list's names for the mapping: entry names and their other keys, but no code of three
 * characters or fewer ("IT" is Italy and also a department; "4" is a country's number and a quantity).
 */
export function listNames(
  names: Iterable<string>,
  complete = true,
  alsoNames?: (text: string) => boolean,
): ListNames {
  const out = new Set<string>();
  for (const n of names) {
    const k = normalizeName(n);
    if (compactName(n).length > 3) out.add(k);
  }
  return { names: out, complete, alsoNames };
}

/** The column's distinct name-like values (first spelling of each): numbers, dates and placeholders name nothing in a list. */
export function distinctNames(values: readonly CellValue[]): string[] {
  const out = new Map<string, string>();
  for (const c of values) {
    if (holdsNoValue(c) || (typeof c === 'object' && !(c instanceof Date))) continue;
    const text = cellText(c).trim();
    const k = normalizeName(text);
    if (compactName(text).length > 3 && !/^[\d\s]+$/.test(k) && !out.has(k)) out.set(k, text);
  }
  return [...out.values()];
}

/** How the distinct values meet one list; undefined when there is nothing to judge. */
export function matchList(
  kind: LookupKind,
  distinct: readonly string[],
  list: ListNames,
): ListMatch | undefined {
  const { names } = list;
  if (distinct.length === 0 || names.size === 0) return undefined;
  let matched = 0;
  for (const v of distinct) {
    // "Hardware / Laptop" is looked up as "Hardware" (the subcategory is checked later, by the resolver).
    if (
      names.has(normalizeName(v)) ||
      (kind === 'category' && names.has(normalizeName(splitCategory(v).name))) ||
      list.alsoNames?.(v)
    )
      matched++;
  }
  return {
    kind,
    distinct: distinct.length,
    matched,
    share: matched / distinct.length,
    complete: list.complete,
  };
}

/** The column against every list at hand, best first. */
export function matchLists(values: readonly CellValue[], lists: LookupLists | undefined): ListMatch[] {
  if (!lists || lists.size === 0) return [];
  const distinct = distinctNames(values);
  const out: ListMatch[] = [];
  for (const [kind, names] of lists) {
    const m = matchList(kind, distinct, names);
    if (m) out.push(m);
  }
  return out.sort((a, b) => b.share - a.share || b.matched - a.matched);
}

/** The values name this list's field: most are in it, and more than one. */
export function namesList(m: ListMatch): boolean {
  return m.share >= NAMES_A_LIST && m.matched >= 2;
}
