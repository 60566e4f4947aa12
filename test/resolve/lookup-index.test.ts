// LookupIndex: names → ids, ignoring case, accents and punctuation; several records of
// one name are ambiguous (their ids listed); a miss suggests the closest names.
import { describe, expect, it } from 'vitest';
import { LookupIndex, toEntry, type LookupEntry, type Resolution } from '../../src/resolve/lookups.js';
import type { LookupKind } from '../../src/resources/fields.js';
import { COUNTRIES } from '../../src/resources/countries.js';

function index(kind: LookupKind, entries: LookupEntry[]): LookupIndex {
  const idx = new LookupIndex(kind);
  for (const e of entries) idx.add(e);
  return idx;
}

const suppliers = index('supplier', [
  { id: 1, name: 'Dell Technologies' },
  { id: 2, name: 'Société Générale' },
  { id: 4, name: 'Acme' },
  { id: 9, name: 'ACME' },
  { id: 5, name: 'Hewlett-Packard' },
]);
const owners = index('asset_owner', [
  toEntry('asset_owner', { id: 1, name: 'Alice Johnson', email: 'alice@acme.example' }),
]);
const countries = index(
  'country',
  COUNTRIES.map((c) => toEntry('country', { country_name: c.name, country_numeric_code: c.numeric })),
);

const idOf = (r: Resolution) => (r.ok ? r.entry.id : r.message);

describe('LookupIndex finds a name', () => {
  const cases: [string, LookupIndex, string, number][] = [
    ['as the service spells it', suppliers, 'Dell Technologies', 1],
    ['in other case', suppliers, 'dell TECHNOLOGIES', 1],
    ['with surrounding spaces', suppliers, '  Dell Technologies ', 1],
    ['without accents', suppliers, 'Societe Generale', 2],
    ['with other punctuation', suppliers, 'Hewlett Packard', 5],
    ['with other spacing', suppliers, 'DellTechnologies', 1],
    ['with spaces where the name has punctuation', suppliers, 'Hewlett Pack ard', 5],
    ['an asset owner by email', owners, 'ALICE@acme.example', 1],
  ];
  it.each(cases)('%s', (_name, idx, text, id) => {
    expect(idOf(idx.find(text))).toBe(id);
  });
});

describe('LookupIndex refuses', () => {
  const cases: [string, LookupIndex, string, Resolution][] = [
    [
      'a name two records share, listing their ids',
      suppliers,
      'acme',
      {
        ok: false,
        code: 'E_LOOKUP_AMBIGUOUS',
        message: "supplier 'acme' matches 2 records (id 4, id 9); rename one in the service or give the id",
      },
    ],
    [
      // The Resolver adds what it may be instead (test/resolve/not-found-hint.test.ts).
      'a typo, without a guess of its own',
      countries,
      'Untied States',
      { ok: false, code: 'E_LOOKUP_NOT_FOUND', message: "country 'Untied States' not found" },
    ],
    [
      'a name with nothing close, without a suggestion',
      suppliers,
      'Zzyzx',
      { ok: false, code: 'E_LOOKUP_NOT_FOUND', message: "supplier 'Zzyzx' not found" },
    ],
  ];
  it.each(cases)('%s', (_name, idx, text, want) => {
    expect(idx.find(text)).toEqual(want);
  });
});

describe('LookupIndex keeps one entry per id', () => {
  it('adding the same id again changes nothing', () => {
    const idx = index('supplier', [{ id: 1, name: 'Dell' }]);
    idx.add({ id: 1, name: 'Dell Inc' });
    expect(idx.size).toBe(1);
    expect(idx.has('Dell Inc')).toBe(false);
  });
});
