// plural(): the one way counts are worded in plans, summaries and hints.
import { describe, expect, it } from 'vitest';
import { plural } from '../../src/util/plural.js';

describe('plural', () => {
  const cases: [string, number, string, string | undefined, string][] = [
    ['one is singular', 1, 'request', undefined, '1 request'],
    ['zero is plural', 0, 'write', undefined, '0 writes'],
    ['many are plural', 17, 'row', undefined, '17 rows'],
    ['an irregular plural given', 2, 'more row', 'more rows', '2 more rows'],
    [
      'an irregular plural, one',
      1,
      'row above the header',
      'rows above the header',
      '1 row above the header',
    ],
  ];
  it.each(cases)('%s: %s', (_name, n, one, many, text) => {
    expect(plural(n, one, many)).toBe(text);
  });
});
