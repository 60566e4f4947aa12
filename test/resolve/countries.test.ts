// resolveCountry: by ISO numeric code, alpha-2, alpha-3, name or alias, checked against
// the service's country list.
import { describe, expect, it } from 'vitest';
import { LookupIndex, resolveCountry, toEntry } from '../../src/resolve/lookups.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import { libraryHasName } from '../../src/resolve/countries.js';

const idx = new LookupIndex('country');
for (const c of COUNTRIES)
  idx.add(toEntry('country', { country_name: c.name, country_numeric_code: c.numeric }));

describe('resolveCountry finds', () => {
  const cases: [string, string, number][] = [
    ['alpha-2', 'US', 840],
    ['alpha-2 in lower case', 'de', 276],
    ['alpha-3', 'GBR', 826],
    ['numeric', '840', 840],
    ['numeric without leading zeros', '40', 40],
    ['numeric with leading zeros', '040', 40],
    ['the name', 'United States', 840],
    ['the name in other case', 'united kingdom', 826],
    ['alias USA', 'USA', 840],
    ['alias U.K.', 'U.K.', 826],
    ['alias Holland', 'Holland', 528],
    ['alias The Netherlands', 'the netherlands', 528],
    ['an official name', 'Federal Republic of Germany', 276],
  ];
  it.each(cases)('%s', (_name, text, id) => {
    const r = resolveCountry(idx, text);
    expect(r.ok && r.entry.id).toBe(id);
  });
});

describe('resolveCountry refuses', () => {
  const cases: [string, string, string][] = [
    ['an unknown numeric code', '999', 'country code 999 is not an ISO 3166 numeric code the service knows'],
    // What a miss may be instead is the Resolver's to say (test/resolve/not-found-hint.test.ts).
    ['a typo, without a guess of its own', 'Untied Kingdom', "country 'Untied Kingdom' not found"],
    ['a typo of a native name', 'Deutschlnd', "country 'Deutschlnd' not found"],
    ['a name two countries share in some language, not in English', 'Kongo', "country 'Kongo' not found"],
    ['an unknown alpha-2', 'XX', "country 'XX' not found"],
  ];
  it.each(cases)('%s', (_name, text, message) => {
    expect(resolveCountry(idx, text)).toEqual({ ok: false, code: 'E_LOOKUP_NOT_FOUND', message });
  });

  it('a code the service does not list', () => {
    const small = new LookupIndex('country');
    small.add(toEntry('country', { country_name: 'United States', country_numeric_code: 840 }));
    expect(resolveCountry(small, 'DE')).toMatchObject({ ok: false, code: 'E_LOOKUP_NOT_FOUND' });
  });
});

// i18n-iso-countries' CLDR names: a register written in its own language resolves.
describe('resolveCountry finds a name in the language of the register', () => {
  const cases: [string, string, number][] = [
    ['German', 'Deutschland', 276],
    ['German, with an umlaut', 'Österreich', 40],
    ['German, umlaut written without', 'Osterreich', 40],
    ['Spanish', 'España', 724],
    ['Dutch', 'Nederland', 528],
    ['French', 'Suisse', 756],
    ['German name of Switzerland', 'Schweiz', 756],
    ['Italian', 'Svizzera', 756],
    ['Polish', 'Niemcy', 276],
    ['Portuguese', 'Alemanha', 276],
    ['Swedish', 'Tyskland', 276],
    ['Finnish', 'Saksa', 276],
    ['Czech', 'Německo', 276],
    ['Russian', 'Германия', 276],
    ['Japanese', 'ドイツ', 276],
    ['Chinese', '德国', 276],
    ['Greek', 'Γερμανία', 276],
    ['Turkish', 'Almanya', 276],
    ['English CLDR short form', 'Czech Republic', 203],
    ['English "Congo" is the Republic of the Congo', 'Congo', 178],
  ];
  it.each(cases)('%s: %s', (_lang, text, id) => {
    const r = resolveCountry(idx, text);
    expect(r.ok && r.entry.id).toBe(id);
  });
});

// Our own aliases are kept only for what the library lacks.
describe('each alias of our own is one i18n-iso-countries does not have', () => {
  const aliases = COUNTRIES.flatMap((c) => c.aliases.map((a) => [c.alpha2, a] as const));
  it('there are some (official long forms, Holland-like names)', () => {
    expect(aliases.length).toBeGreaterThan(100);
  });
  it.each(aliases)('%s: %s', (alpha2, alias) => {
    expect(libraryHasName(alpha2, alias)).toBe(false);
  });
  it.each([
    ['GB', 'England'],
    ['GB', 'Scotland'],
    ['KR', 'Korea'],
    ['US', 'America'],
  ])('%s keeps %s', (alpha2, alias) => {
    expect(COUNTRIES.find((c) => c.alpha2 === alpha2)?.aliases).toContain(alias);
  });
  it('a name the library has is recognised as such (the check can fail)', () => {
    expect(libraryHasName('DE', 'Deutschland')).toBe(true);
    expect(libraryHasName('NL', 'Holland')).toBe(true);
  });
});
