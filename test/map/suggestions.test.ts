// closest, didYouMean and editDistance: the suggestions shown for typos in headers and names.
import { describe, expect, it } from 'vitest';
import { closest, compactName, didYouMean, editDistance, normalizeName } from '../../src/map/normalize.js';
import { COUNTRIES } from '../../src/resources/countries.js';

const countryNames = COUNTRIES.map((c) => c.name);

/** The distance by its definition (optimal string alignment): every cell of the table. */
function wholeTable(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

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

  // The bounded distance works out a band of the table and rules pairs out by their letters
  // first: against the whole table written plainly here, on pairs from a fixed seed, it is
  // exact up to max and max + 1 past it.
  it('agrees with the whole table on 20,000 random pairs, exact up to max', () => {
    let seed = 28;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    const wrong: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      const [a, b, max] = [word(), word(), Math.floor(random() * 6)];
      const full = wholeTable(a, b);
      if (editDistance(a, b) !== full) wrong.push(`${a} ${b}: ${editDistance(a, b)}, not ${full}`);
      const bounded = editDistance(a, b, max);
      if (bounded !== Math.min(full, max + 1))
        wrong.push(`${a} ${b} max ${max}: ${bounded}, not ${Math.min(full, max + 1)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('closest', () => {
  const cases: [string, string, string[], string[]][] = [
    ['a transposed country', 'Untied States', countryNames, ['United States']],
    ['a misspelt country', 'Germny', countryNames, ['Germany']],
    ['by prefix', 'Dell', ['Dell Technologies', 'HP Inc', 'Lenovo'], ['Dell Technologies']],
    ['accents and case do not count', 'cote divoire', ["Côte d'Ivoire", 'Ireland'], ["Côte d'Ivoire"]],
    ['nothing close', 'Deutschland', countryNames, []],
    [
      'best first, three at most',
      'Contract',
      ['Contracts', 'Contrast', 'Contact', 'Contractor', 'Cont'],
      ['Contracts', 'Contact', 'Contrast'],
    ],
  ];
  it.each(cases)('%s', (_name, name, candidates, want) => {
    expect(closest(name, candidates)).toEqual(want);
  });

  // 1 - 0.8 and 1 - 0.9 fall short of 0.2 and 0.1 in floating point; a name far from every
  // candidate once read as exactly at the threshold.
  const strict: [string, string, number, string[], string[]][] = [
    ['0.8: a name nothing like it', 'Cost Centre', 0.8, ['Name', 'Additional sales email', ''], []],
    ['0.8: two edits in eleven letters', 'Boook valuee', 0.8, ['Book value', 'Name'], ['Book value']],
    ['0.9: one edit in ten letters', 'Boook value', 0.9, ['Book value', 'Name'], ['Book value']],
    ['0.9: two edits in ten letters', 'Bok valeu', 0.9, ['Book value', 'Name'], []],
  ];
  it.each(strict)('threshold %s', (_name, name, threshold, candidates, want) => {
    expect(closest(name, candidates, { threshold })).toEqual(want);
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
