// closest, didYouMean and editDistance: the suggestions shown for typos in headers and names.
import { describe, expect, it } from 'vitest';
import { closest, compactName, didYouMean, editDistance, normalizeName } from '../../src/map/normalize.js';
import { COUNTRIES } from '../../src/resources/countries.js';

const countryNames = COUNTRIES.map((c) => c.name);

describe('editDistance', () => {
  const cases: [string, string, string, number][] = [
    ['equal', 'abc', 'abc', 0],
    ['one substitution', 'abc', 'abd', 1],
    ['one insertion', 'abc', 'abxc', 1],
    ['a transposition is one edit', 'untied', 'united', 1],
    ['a transposition at the start', 'ba', 'ab', 1],
    ['kitten and sitting', 'kitten', 'sitting', 3],
    ['from empty', '', 'abc', 3],
  ];
  it.each(cases)('%s', (_name, a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it('stops past max', () => {
    expect(editDistance('aaaaaaaa', 'bbbbbbbb', 2)).toBe(3);
  });
});

describe('closest', () => {
  const cases: [string, string, string[], string[]][] = [
    ['a transposed country', 'Untied States', countryNames, ['United States']],
    ['a misspelt country', 'Germny', countryNames, ['Germany']],
    ['by prefix', 'Dell', ['Dell Technologies', 'HP Inc', 'Lenovo'], ['Dell Technologies']],
    ['accents and case do not count', 'cote divoire', ["Côte d'Ivoire", 'Ireland'], ["Côte d'Ivoire"]],
    ['nothing close', 'Deutschland', countryNames, []],
    ['best first, three at most', 'Contract', ['Contracts', 'Contrast', 'Contact', 'Contractor', 'Cont'], ['Contracts', 'Contact', 'Contrast']],
  ];
  it.each(cases)('%s', (_name, name, candidates, want) => {
    expect(closest(name, candidates)).toEqual(want);
  });
});

describe('didYouMean', () => {
  const cases: [string, string[], string][] = [
    ['none', [], ''],
    ['one', ['United States'], "did you mean 'United States'?"],
    ['two', ['A', 'B'], "did you mean 'A' or 'B'?"],
    ['three', ['A', 'B', 'C'], "did you mean 'A', 'B' or 'C'?"],
  ];
  it.each(cases)('%s', (_name, s, text) => {
    expect(didYouMean(s)).toBe(text);
  });
});

describe('normalizeName and compactName', () => {
  const cases: [string, string, string, string][] = [
    ['punctuation and case', 'Serial No.', 'serial no', 'serialno'],
    ['accents', 'Café Crème', 'cafe creme', 'cafecreme'],
    ['ampersand', 'R&D', 'r and d', 'randd'],
    ['underscores', 'sub_cat', 'sub cat', 'subcat'],
  ];
  it.each(cases)('%s', (_name, input, normal, compact) => {
    expect(normalizeName(input)).toBe(normal);
    expect(compactName(input)).toBe(compact);
  });
});
