// A lookup cell that names what its record already has needs no list (src/resolve/known-lookups.ts):
// names compare as the resolver matches them, a country by any of its spellings; the write
// takes the record's entry's id (a country's numeric code).
import { describe, expect, it } from 'vitest';
import { recordedId, sameLookupName } from '../../src/resolve/known-lookups.js';
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

const ids: [string, LookupKind, unknown, number | undefined][] = [
  ['an entry read as {id, name}', 'supplier', { id: 3, name: 'Dell Technologies' }, 3],
  ['a contract read as {id, number}', 'contract', { id: 9, number: 'CT-1' }, 9],
  ['a country read as its name: its numeric code', 'country', 'United States', 840],
  ['a country by an alias', 'country', 'Federal Republic of Germany', 276],
  ['a country name no table knows', 'country', 'Atlantis', undefined],
  ['no entry', 'supplier', null, undefined],
  ['an entry without an id', 'supplier', { name: 'Dell Technologies' }, undefined],
  ['an id that is not an integer', 'supplier', { id: '3', name: 'Dell Technologies' }, undefined],
];

describe("the id a write takes for its record's entry", () => {
  it.each(ids)('%s', (_name, kind, value, id) => {
    expect(recordedId(kind, value)).toBe(id);
  });
});
