// A lookup cell that names what its record already has needs no list (src/resolve/known-lookups.ts):
// names compare as the resolver matches them, a country by any of its spellings.
import { describe, expect, it } from 'vitest';
import { sameLookupName } from '../../src/resolve/known-lookups.js';
import type { LookupKind } from '../../src/resources/fields.js';

const cases: [string, LookupKind, string, string, boolean][] = [
  ['the same name', 'supplier', 'Dell Technologies', 'Dell Technologies', true],
  ['case and spaces aside', 'supplier', '  DELL  technologies ', 'Dell Technologies', true],
  ['another supplier', 'supplier', 'Lenovo', 'Dell Technologies', false],
  ['a usage status in other case', 'usage_status', 'in  use', 'In Use', true],
  ['a country by its alpha-2 code', 'country', 'US', 'United States', true],
  ['a country by its alpha-3 code', 'country', 'deu', 'Germany', true],
  ['a country in another language', 'country', 'Deutschland', 'Germany', true],
  ['a country by an alias', 'country', 'Federal Republic of Germany', 'Germany', true],
  ['a country by its numeric code', 'country', '276', 'Germany', true],
  ['another country', 'country', 'Österreich', 'Germany', false],
  ['a code is no name outside countries', 'supplier', 'US', 'United States', false],
  ['a category with its subcategory: the category part', 'category', 'Hardware / Laptop', 'Hardware', true],
];

describe('a lookup cell naming what its record has', () => {
  it.each(cases)('%s', (_name, kind, cell, recorded, same) => {
    expect(sameLookupName(kind, cell, recorded)).toBe(same);
  });
});
