// Countries as people name them in any language: i18n-iso-countries carries the CLDR
// names (and alternatives) in over 70 languages. A register's "Deutschland", "Österreich"
// or "ドイツ" resolves like "Germany"; our own aliases (resources/countries.ts) add only
// what the library lacks.
import { createRequire } from 'node:module';
import type * as Countries from 'i18n-iso-countries';
import { normalizeAnyScript } from '../map/normalize.js';
import { memoized } from '../util/memo.js';

const require = createRequire(import.meta.url);
/**
 * The library, loaded at the first name to resolve: its 78 languages' JSON cost a start
 * 25 ms or more (issue 17), and most sheets have no country in them.
 */
const countries = memoized(() => require('i18n-iso-countries') as typeof Countries);

/** Case, accents and punctuation aside, letters of every script kept. */
const countryKey = normalizeAnyScript;

/** Name key → ISO numeric code; null where languages disagree (a name two countries share). */
let byName: Map<string, number | null> | undefined;

function addNames(into: Map<string, number | null>, lang: string): void {
  for (const [alpha2, names] of Object.entries(countries().getNames(lang, { select: 'all' }))) {
    const numeric = Number(countries().alpha2ToNumeric(alpha2));
    for (const name of names) {
      const k = countryKey(name);
      const prev = into.get(k);
      if (prev === undefined) into.set(k, numeric);
      else if (prev !== numeric) into.set(k, null);
    }
  }
}

function nameIndex(): Map<string, number | null> {
  if (byName) return byName;
  const other = new Map<string, number | null>();
  for (const lang of countries().langs()) if (lang !== 'en') addNames(other, lang);
  // English wins over a name another language gives to another country ("Congo").
  const english = new Map<string, number | null>();
  addNames(english, 'en');
  byName = new Map([...other, ...[...english].filter(([, v]) => v !== null)]);
  return byName;
}

/** The ISO numeric code of a country name in any language the library knows, if one country has it. */
export function countryCodeByName(text: string): number | undefined {
  return nameIndex().get(countryKey(text)) ?? undefined;
}

/** Whether the library already resolves this name to the country with this alpha-2 code. */
export function libraryHasName(alpha2: string, name: string): boolean {
  return nameIndex().get(countryKey(name)) === Number(countries().alpha2ToNumeric(alpha2));
}
