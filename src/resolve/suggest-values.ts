// Resolve stage, for `mapping suggest`: for each lookup column, the distinct values that
// do not resolve, each with its best match in the service's list, a confidence and whether
// the match is sure. Matching is by what other tools' and other languages' words mean
// (Snipe-IT's "Deployed" is what the service calls "In Use", "Drucker" a printer), then by a
// subcategory's name ("Tablet" is Hardware / Tablet), then by spelling, where the numbers in
// the name and the maker must agree (name-match.ts). A match that is not sure is for the user
// to check: `suggest` writes it to the value table only when told to.
import type { LookupKind } from '../resources/fields.js';
import type { UsualCategory } from '../resources/category.js';
import { splitCategory } from '../resources/category.js';
import { subcategoryPaths, type Resolver } from './lookups.js';
import { USAGE_STATUS_MEANS, valueWords } from '../map/vocabulary.js';
import { bestName, SURE } from './name-match.js';

/**
 * Other tools' and other languages' category words → the usual category they mean. The
 * subcategories' own names ("Laptop", "Monitor", "Tablet") need no entry: they are matched
 * as subcategories of the account's list.
 */
const CATEGORY_MEANS: Readonly<Record<string, readonly UsualCategory[]>> = {
  notebook: ['Hardware / Laptop'],
  nb: ['Hardware / Laptop'],
  // German, French, Spanish, Italian, Dutch and Portuguese words for the same (accents off, as valueWords has them).
  'ordinateur portable': ['Hardware / Laptop'],
  portable: ['Hardware / Laptop'],
  portatil: ['Hardware / Laptop'],
  portatile: ['Hardware / Laptop'],
  'computer portatile': ['Hardware / Laptop'],
  'computador portatil': ['Hardware / Laptop'],
  'desktop pc': ['Hardware / Desktop'],
  arbeitsplatzrechner: ['Hardware / Desktop'],
  'ordinateur fixe': ['Hardware / Desktop'],
  'ordenador de sobremesa': ['Hardware / Desktop'],
  'computer fisso': ['Hardware / Desktop'],
  'vaste computer': ['Hardware / Desktop'],
  bildschirm: ['Hardware / Monitor'],
  ecran: ['Hardware / Monitor'],
  moniteur: ['Hardware / Monitor'],
  pantalla: ['Hardware / Monitor'],
  schermo: ['Hardware / Monitor'],
  beeldscherm: ['Hardware / Monitor'],
  ecra: ['Hardware / Monitor'],
  drucker: ['Hardware / Printer'],
  imprimante: ['Hardware / Printer'],
  impresora: ['Hardware / Printer'],
  stampante: ['Hardware / Printer'],
  impressora: ['Hardware / Printer'],
  smartphone: ['Hardware / Mobile Phone'],
  handy: ['Hardware / Mobile Phone'],
  mobiltelefon: ['Hardware / Mobile Phone'],
  diensthandy: ['Hardware / Mobile Phone'],
  'telephone portable': ['Hardware / Mobile Phone'],
  movil: ['Hardware / Mobile Phone'],
  'telefono movil': ['Hardware / Mobile Phone'],
  cellulare: ['Hardware / Mobile Phone'],
  telefoon: ['Hardware / Mobile Phone'],
  'mobiele telefoon': ['Hardware / Mobile Phone'],
  telemovel: ['Hardware / Mobile Phone'],
  celular: ['Hardware / Mobile Phone'],
  tablette: ['Hardware / Tablet'],
  tableta: ['Hardware / Tablet'],
  serveur: ['Hardware / Server'],
  servidor: ['Hardware / Server'],
};

/** What other tools' status and category words mean, by the names an account usually has (src/resources). */
const MEANS: Partial<Record<LookupKind, Readonly<Record<string, readonly string[]>>>> = {
  usage_status: USAGE_STATUS_MEANS,
  category: CATEGORY_MEANS,
};

export interface ValueSuggestion {
  readonly from: string;
  readonly to: string;
  /** 0–1: how sure the match is. */
  readonly confidence: number;
  /** Sure enough to go into the value table; else the user checks it first. */
  readonly sure: boolean;
  /** Why it is not sure. */
  readonly doubt?: string;
}

const suggestion = (from: string, to: string, confidence: number, doubt?: string): ValueSuggestion =>
  doubt === undefined && confidence >= SURE
    ? { from, to, confidence, sure: true }
    : { from, to, confidence, sure: false, doubt: doubt ?? 'the match is not sure' };

function byMeaning(resolver: Resolver, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const words = valueWords(text);
  // "Laptops" means what "Laptop" means.
  const means = MEANS[kind]?.[words] ?? MEANS[kind]?.[words.replace(/s$/, '')] ?? [];
  // The service's spelling of a name (categories keep their "Category / Subcategory" form).
  const found = means.flatMap((to) => {
    const res = resolver.resolve(kind, to);
    return res.ok ? [kind === 'category' ? to : res.entry.name] : [];
  });
  if (found.length === 0) return undefined;
  const to = found[0];
  // A word with one meaning is as sure as the table that says it; "Pending" (in repair, or in stock?) is not.
  return found.length === 1
    ? suggestion(text, to, 0.95)
    : suggestion(text, to, 0.6, `it could also mean "${found.slice(1).join('", "')}"`);
}

/** A category cell that names a subcategory ("Tablet", "HVAC", "Laptops"): that category and subcategory. */
function bySubcategory(resolver: Resolver, kind: LookupKind, text: string): ValueSuggestion | undefined {
  if (kind !== 'category') return undefined;
  const hits = subcategoryPaths(resolver.index('category'), text);
  if (hits.length === 0) return undefined;
  return hits.length === 1
    ? suggestion(text, hits[0], 0.97)
    : suggestion(text, hits[0], 0.6, `"${hits.slice(1).join('", "')}" has that subcategory too`);
}

function bySpelling(resolver: Resolver, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const names = resolver
    .index(kind)
    .all()
    .map((e) => e.name);
  const best = bestName(text, names, kind);
  return best ? suggestion(text, best.to, best.confidence, best.doubt) : undefined;
}

/** The best match of one value that does not resolve, or undefined. */
export function suggestValue(
  resolver: Resolver,
  kind: LookupKind,
  text: string,
): ValueSuggestion | undefined {
  return (
    byMeaning(resolver, kind, text) ?? bySubcategory(resolver, kind, text) ?? bySpelling(resolver, kind, text)
  );
}

/**
 * For one lookup column: the values that do not resolve, each with its best match (or
 * none). The list is loaded for the values first.
 */
export async function suggestValues(
  resolver: Resolver,
  kind: LookupKind,
  values: Iterable<string>,
): Promise<{ matched: ValueSuggestion[]; unmatched: string[] }> {
  const distinct = [...new Set([...values].map((v) => v.trim()).filter(Boolean))];
  await resolver.load(
    kind,
    distinct.map((v) => (kind === 'category' ? splitCategory(v).name : v)),
  );
  if (MEANS[kind])
    await resolver.load(
      kind,
      Object.values(MEANS[kind]!)
        .flat()
        .map((v) => (kind === 'category' ? splitCategory(v).name : v)),
    );
  const matched: ValueSuggestion[] = [];
  const unmatched: string[] = [];
  for (const v of distinct) {
    if (resolver.resolve(kind, v).ok) continue;
    const s = suggestValue(resolver, kind, v);
    if (s) matched.push(s);
    else unmatched.push(v);
  }
  return { matched, unmatched };
}
