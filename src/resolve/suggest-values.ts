// Resolve stage: for a value the service's list lacks, its best match in that list, a
// confidence and whether the match is sure; `mapping suggest` writes the sure ones into value
// tables and a run's "not found" row message offers the same match (notFoundHint), so the two
// never disagree. Matching is by what other tools' and other languages' words mean
// (Snipe-IT's "Deployed" is what the service calls "In Use", "Drucker" a printer), then by a
// subcategory's name ("Tablet" is Hardware / Tablet), then by spelling, where the numbers in
// the name and the maker must agree (name-match.ts). A match that is not sure is for the user
// to check: `suggest` writes it to the value table only when told to.
import type { LookupKind } from '../resources/fields.js';
import type { UsualCategory } from '../resources/category.js';
import { splitCategory } from '../resources/category.js';
import { normalizeName } from '../map/normalize.js';
import { USAGE_STATUS_MAYBE, USAGE_STATUS_MEANS, valueWords } from '../map/vocabulary.js';
import { nameMatcher, SURE } from './name-match.js';

/**
 * Other tools' and other languages' category words → the usual category they mean. The
 * subcategories' own names ("Laptop", "Monitor", "Tablet") need no entry: they are matched
 * as subcategories of the account's list.
 */
const CATEGORY_MEANS: Readonly<Record<string, readonly UsualCategory[]>> = {
  // The top categories in other languages: "Matériel" is a French register's hardware.
  materiel: ['Hardware'],
  'materiel informatique': ['Hardware'],
  logiciel: ['Software'],
  dienstleistung: ['Services'],
  dienstleistungen: ['Services'],
  prestation: ['Services'],
  'prestations de service': ['Services'],
  servicio: ['Services'],
  servicios: ['Services'],
  servizi: ['Services'],
  diensten: ['Services'],
  servicos: ['Services'],
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
  netzwerk: ['Hardware / Network'],
  netzwerkgerat: ['Hardware / Network'],
  netzwerktechnik: ['Hardware / Network'],
  reseau: ['Hardware / Network'],
  'equipement reseau': ['Hardware / Network'],
  redes: ['Hardware / Network'],
  rete: ['Hardware / Network'],
  netwerk: ['Hardware / Network'],
  // The network devices an inventory tool (Lansweeper's asset types) names one by one.
  switch: ['Hardware / Network'],
  router: ['Hardware / Network'],
  firewall: ['Hardware / Network'],
  'access point': ['Hardware / Network'],
  speicher: ['Hardware / Storage'],
  stockage: ['Hardware / Storage'],
  almacenamiento: ['Hardware / Storage'],
  archiviazione: ['Hardware / Storage'],
  opslag: ['Hardware / Storage'],
  nas: ['Hardware / Storage'],
  san: ['Hardware / Storage'],
  mobel: ['Facilities / Furniture'],
  buromobel: ['Facilities / Furniture'],
  mobilier: ['Facilities / Furniture'],
  muebles: ['Facilities / Furniture'],
  mobili: ['Facilities / Furniture'],
  meubilair: ['Facilities / Furniture'],
  fahrzeug: ['Facilities / Vehicles'],
  fahrzeuge: ['Facilities / Vehicles'],
  vehicule: ['Facilities / Vehicles'],
  vehicules: ['Facilities / Vehicles'],
  vehiculo: ['Facilities / Vehicles'],
  veicolo: ['Facilities / Vehicles'],
  voertuig: ['Facilities / Vehicles'],
  klimaanlage: ['Facilities / HVAC'],
  climatisation: ['Facilities / HVAC'],
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
  /** The value is a subcategory's name ("Tablet"): the match is where that subcategory is. */
  readonly namesSubcategory?: true;
}

/** What matching reads of one list (a LookupIndex): its entries, and how many, to tell it grew. */
interface NameList {
  readonly kind: LookupKind;
  readonly size: number;
  all(): readonly { readonly name: string; readonly subcategories?: readonly string[] | null }[];
}

/**
 * What matching reads of a run's lists (the Resolver, which asks this module about its misses:
 * hence a shape, not an import): the lists, and a name looked up as it is, with no suggestion
 * of its own, for the names a meaning points to.
 */
interface Lists {
  index(kind: LookupKind): NameList;
  lookUp(
    kind: LookupKind,
    name: string,
  ): { readonly ok: true; readonly entry: { readonly name: string } } | { readonly ok: false };
}

/** A run's lists as `mapping suggest` reads them: loaded for its values first. */
interface LoadedLists extends Lists {
  load(kind: LookupKind, names: Iterable<string>): Promise<void>;
  resolve(kind: LookupKind, name: string): { readonly ok: boolean };
}

const suggestion = (from: string, to: string, confidence: number, doubt?: string): ValueSuggestion =>
  doubt === undefined && confidence >= SURE
    ? { from, to, confidence, sure: true }
    : { from, to, confidence, sure: false, doubt: doubt ?? 'the match is not sure' };

/** A status word that also names a place ("Lager"): offered to check, never sure. */
function maybeByMeaning(
  resolver: Lists,
  kind: LookupKind,
  words: string,
  text: string,
): ValueSuggestion | undefined {
  const maybe = kind === 'usage_status' ? USAGE_STATUS_MAYBE[words] : undefined;
  if (!maybe) return undefined;
  const res = resolver.lookUp(kind, maybe.means);
  return res.ok ? suggestion(text, res.entry.name, 0.6, maybe.doubt) : undefined;
}

function byMeaning(resolver: Lists, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const words = valueWords(text);
  // "Laptops" means what "Laptop" means.
  const means = MEANS[kind]?.[words] ?? MEANS[kind]?.[words.replace(/s$/, '')] ?? [];
  // The service's spelling of a name (categories keep their "Category / Subcategory" form).
  const found = means.flatMap((to) => {
    const res = resolver.lookUp(kind, to);
    return res.ok ? [kind === 'category' ? to : res.entry.name] : [];
  });
  if (found.length === 0) return maybeByMeaning(resolver, kind, words, text);
  const to = found[0];
  // A word with one meaning is as sure as the table that says it; "Pending" (in repair, or in stock?) is not.
  return found.length === 1
    ? suggestion(text, to, 0.95)
    : suggestion(text, to, 0.6, `it could also mean "${found.slice(1).join('", "')}"`);
}

/**
 * The "Category / Subcategory" paths whose subcategory a cell names ("Tablet", "Laptops"):
 * registers often put the subcategory alone in their category column.
 */
function subcategoryPaths(idx: NameList, text: string): string[] {
  const key = normalizeName(text);
  return idx
    .all()
    .flatMap((e) =>
      (e.subcategories ?? [])
        .filter((s) => [key, key.replace(/s$/, '')].includes(normalizeName(s)))
        .map((s) => `${e.name} / ${s}`),
    );
}

/** A category cell that names a subcategory ("Tablet", "HVAC", "Laptops"): that category and subcategory. */
function bySubcategory(resolver: Lists, kind: LookupKind, text: string): ValueSuggestion | undefined {
  if (kind !== 'category') return undefined;
  const hits = subcategoryPaths(resolver.index('category'), text);
  if (hits.length === 0) return undefined;
  const s =
    hits.length === 1
      ? suggestion(text, hits[0], 0.97)
      : suggestion(text, hits[0], 0.6, `"${hits.slice(1).join('", "')}" has that subcategory too`);
  return { ...s, namesSubcategory: true };
}

/**
 * Each list's names prepared for matching, until the list grows: a run asks about each
 * distinct name its sheet lacks, and preparing the whole list each time was most of the cost.
 */
const matchers = new WeakMap<NameList, { size: number; match: ReturnType<typeof nameMatcher> }>();

function matcherOf(idx: NameList): ReturnType<typeof nameMatcher> {
  const known = matchers.get(idx);
  if (known && known.size === idx.size) return known.match;
  const match = nameMatcher(
    idx.all().map((e) => e.name),
    idx.kind,
  );
  matchers.set(idx, { size: idx.size, match });
  return match;
}

function bySpelling(resolver: Lists, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const best = matcherOf(resolver.index(kind))(text);
  return best ? suggestion(text, best.to, best.confidence, best.doubt) : undefined;
}

/** The best match of one value that does not resolve, or undefined. */
export function suggestValue(resolver: Lists, kind: LookupKind, text: string): ValueSuggestion | undefined {
  return (
    byMeaning(resolver, kind, text) ?? bySubcategory(resolver, kind, text) ?? bySpelling(resolver, kind, text)
  );
}

/** How sure a match is, as `mapping suggest`'s review and a row's message both say it. */
export function howSure(s: ValueSuggestion): string {
  return `confidence ${s.confidence.toFixed(2)}${s.sure ? '' : `; check: ${s.doubt}`}`;
}

/** A suggestion as a row's "not found" message ends: "did you mean", and how sure for one to check. */
export function notFoundHint(s: ValueSuggestion): string {
  const where = s.namesSubcategory ? 'it is the name of a subcategory: ' : '';
  return `${where}did you mean '${s.to}'?${s.sure ? '' : ` (${howSure(s)})`}`;
}

/**
 * For one lookup column: the values that do not resolve, each with its best match (or
 * none). The list is loaded for the values first.
 */
export async function suggestValues(
  resolver: LoadedLists,
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
