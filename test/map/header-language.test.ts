// headerLanguageOf: the language of a sheet's headers, which settles dates that read both
// ways only when it is the sheet's language, not one local word among English headers.
import { describe, expect, it } from 'vitest';
import { headerLanguageOf } from '../../src/map/date-inference.js';
import { mapHeaders } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

const cases: [name: string, headers: string[], language: string | undefined][] = [
  ['a German register', ['Bezeichnung', 'Seriennummer', 'Kaufdatum'], 'German'],
  ['a French register', ['Désignation', 'Numéro de série', "Date d'achat"], 'French'],
  ['English headers and one German word', ['Name', 'Serial number', 'Purchase date', 'Kaufdatum'], undefined],
  ['one German header alone', ['Kaufdatum'], undefined],
  ['English headers', ['Name', 'Serial number', 'Purchase date'], undefined],
];

describe('the language of the headers', () => {
  it.each(cases)('%s', (_name, headers, language) => {
    expect(headerLanguageOf(mapHeaders(asset, headers), 'asset')?.language).toBe(language);
  });
});
