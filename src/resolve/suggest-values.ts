// Resolve stage, for `mapping suggest`: for each lookup column, the distinct values that
// do not resolve, each with its best match in the service's list and a confidence, as a
// value table for the user to review. Matching is by spelling, then by what other tools'
// values mean (Snipe-IT's "Deployed" is what the service calls "In Use").
import type { LookupKind } from '../resources/fields.js';
import type { UsualCategory } from '../resources/category.js';
import { closest, similarity, compactName } from '../map/normalize.js';
import { splitCategory } from '../resources/category.js';
import type { Resolver } from './lookups.js';
import { USAGE_STATUS_MEANS, valueWords } from '../map/vocabulary.js';

/** Other tools' category words → the usual category they mean. */
const CATEGORY_MEANS: Readonly<Record<string, readonly UsualCategory[]>> = {
  laptop: ['Hardware / Laptop'],
  notebook: ['Hardware / Laptop'],
  nb: ['Hardware / Laptop'],
  desktop: ['Hardware / Desktop'],
  monitor: ['Hardware / Monitor'],
  server: ['Hardware / Server'],
  printer: ['Hardware / Printer'],
};

/** What other tools' status and category words mean, by the names an account usually has (src/resources). */
const MEANS: Partial<Record<LookupKind, Readonly<Record<string, readonly string[]>>>> = {
  usage_status: USAGE_STATUS_MEANS,
  category: CATEGORY_MEANS,
};

export interface ValueSuggestion {
  readonly from: string;
  readonly to: string;
  /** 0–1: how sure the match is; a user checks the low ones. */
  readonly confidence: number;
}


function byMeaning(resolver: Resolver, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const words = valueWords(text);
  // "Laptops" means what "Laptop" means.
  for (const to of MEANS[kind]?.[words] ?? MEANS[kind]?.[words.replace(/s$/, '')] ?? []) {
    const res = resolver.resolve(kind, to);
    if (res.ok) return { from: text, to: kind === 'category' ? to : res.entry.name, confidence: 0.7 };
  }
  return undefined;
}

function bySpelling(resolver: Resolver, kind: LookupKind, text: string): ValueSuggestion | undefined {
  const names = resolver.index(kind).all().map((e) => e.name);
  const best = closest(text, names, { limit: 1, threshold: 0.5 })[0];
  if (!best) return undefined;
  return { from: text, to: best, confidence: Math.round(similarity(compactName(text), compactName(best)) * 100) / 100 };
}

/**
 * For one lookup column: the values that do not resolve, each with its best match (or
 * none). The list is loaded for the values first.
 */
export async function suggestValues(resolver: Resolver, kind: LookupKind, values: Iterable<string>): Promise<{ matched: ValueSuggestion[]; unmatched: string[] }> {
  const distinct = [...new Set([...values].map((v) => v.trim()).filter(Boolean))];
  await resolver.load(kind, distinct.map((v) => (kind === 'category' ? splitCategory(v).name : v)));
  if (MEANS[kind]) await resolver.load(kind, Object.values(MEANS[kind]!).flat().map((v) => (kind === 'category' ? splitCategory(v).name : v)));
  const matched: ValueSuggestion[] = [];
  const unmatched: string[] = [];
  for (const v of distinct) {
    if (resolver.resolve(kind, v).ok) continue;
    const s = byMeaning(resolver, kind, v) ?? bySpelling(resolver, kind, v);
    if (s) matched.push(s);
    else unmatched.push(v);
  }
  return { matched, unmatched };
}
