// resolveCountry: by ISO numeric code, alpha-2, alpha-3, name or alias, checked against
// the service's country list.
import { describe, expect, it } from 'vitest';
import { LookupIndex, resolveCountry, toEntry } from '../../src/resolve/lookups.js';
import { COUNTRIES } from '../../src/resources/countries.js';

const idx = new LookupIndex('country');
for (const c of COUNTRIES) idx.add(toEntry('country', { country_name: c.name, country_numeric_code: c.numeric }));

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
    ['a typo, suggesting the country', 'Untied Kingdom', "country 'Untied Kingdom' not found; did you mean 'United Kingdom'?"],
    // Native names are not aliases (they are never matched silently), but the table of
    // endonyms in resolve/countries.ts turns them into the suggestion.
    ['a native-language name, suggesting the English one', 'Deutschland', "country 'Deutschland' not found; did you mean 'Germany'? (write country names in English, or use the ISO code DE)"],
    ['another endonym', 'España', "country 'España' not found; did you mean 'Spain'? (write country names in English, or use the ISO code ES)"],
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
