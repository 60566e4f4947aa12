// A name the service's list lacks: the row's "not found" message offers the match that
// `mapping suggest` would write for it (suggest-values.ts), saying when it is one to check.
import { describe, expect, it } from 'vitest';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import { suggestValues } from '../../src/resolve/suggest-values.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import type { LookupKind } from '../../src/resources/fields.js';

/** A resolver whose lists are complete already: no service is asked. */
function offlineResolver(): Resolver {
  const r = new Resolver(undefined, { company: 1, cacheTtl: 0 });
  const fill = (kind: LookupKind, records: Record<string, unknown>[]) => {
    const idx = r.index(kind);
    for (const rec of records) idx.add(toEntry(kind, rec));
    idx.complete = true;
  };
  fill(
    'usage_status',
    ['In Use', 'In Stock', 'In Repair', 'Retired', 'Disposed'].map((name, i) => ({ id: i + 1, name })),
  );
  fill('category', [
    { id: 1, category: 'Hardware', subcategories: ['Laptop', 'Desktop', 'Monitor', 'Printer', 'Tablet'] },
    { id: 2, category: 'Software', subcategories: [] },
  ]);
  fill(
    'supplier',
    ['Dell Technologies', 'Lenovo', 'Kyndryl'].map((name, i) => ({ id: i + 1, name })),
  );
  fill(
    'country',
    COUNTRIES.map((c) => ({ country_name: c.name, country_numeric_code: c.numeric })),
  );
  return r;
}

describe('a name the list lacks, as the row says it', () => {
  const cases: [string, LookupKind, string, string][] = [
    [
      'German status',
      'usage_status',
      'In Betrieb',
      "usage status 'In Betrieb' not found; did you mean 'In Use'?",
    ],
    [
      'German "ready to deploy"',
      'usage_status',
      'Einsatzbereit',
      "usage status 'Einsatzbereit' not found; did you mean 'In Stock'?",
    ],
    [
      'German category',
      'category',
      'Drucker',
      "category 'Drucker' not found; did you mean 'Hardware / Printer'?",
    ],
    [
      'German supplier with its legal form',
      'supplier',
      'Dell GmbH',
      "supplier 'Dell GmbH' not found; did you mean 'Dell Technologies'?",
    ],
    [
      'French status',
      'usage_status',
      'En service',
      "usage status 'En service' not found; did you mean 'In Use'?",
    ],
    [
      'French status, near in spelling too',
      'usage_status',
      'En stock',
      "usage status 'En stock' not found; did you mean 'In Stock'?",
    ],
    [
      'French category',
      'category',
      'Ordinateur portable',
      "category 'Ordinateur portable' not found; did you mean 'Hardware / Laptop'?",
    ],
    [
      'French category with an accent',
      'category',
      'Écran',
      "category 'Écran' not found; did you mean 'Hardware / Monitor'?",
    ],
    [
      'French top category',
      'category',
      'Matériel',
      "category 'Matériel' not found; did you mean 'Hardware'?",
    ],
    [
      'French top category, plural',
      'category',
      'Logiciels',
      "category 'Logiciels' not found; did you mean 'Software'?",
    ],
    [
      'German "Lager", a state or a place: to check',
      'usage_status',
      'Lager',
      `usage status 'Lager' not found; did you mean 'In Stock'? (confidence 0.60; check: "Lager" also names a place, the store room)`,
    ],
    ['English typo of a country', 'country', 'Germny', "country 'Germny' not found; did you mean 'Germany'?"],
    [
      'English typo, letters swapped',
      'country',
      'Untied States',
      "country 'Untied States' not found; did you mean 'United States'?",
    ],
    [
      'English typo of a status',
      'usage_status',
      'Retird',
      "usage status 'Retird' not found; did you mean 'Retired'?",
    ],
    [
      'English typo of a supplier',
      'supplier',
      'Del Technologies',
      "supplier 'Del Technologies' not found; did you mean 'Dell Technologies'?",
    ],
    [
      "a subcategory's own name",
      'category',
      'Tablet',
      "category 'Tablet' not found; it is the name of a subcategory: did you mean 'Hardware / Tablet'?",
    ],
    [
      'a word with two meanings: one to check, with why',
      'usage_status',
      'Pending',
      `usage status 'Pending' not found; did you mean 'In Repair'? (confidence 0.60; check: it could also mean "In Stock")`,
    ],
    [
      'a spelling only close: one to check',
      'category',
      'Hardwear',
      "category 'Hardwear' not found; did you mean 'Hardware'? (confidence 0.75; check: the spelling is only close)",
    ],
    [
      'nothing close: no suggestion',
      'usage_status',
      'Quarantined by legal',
      "usage status 'Quarantined by legal' not found",
    ],
    [
      "a subcategory its category lacks: that category's subcategories, as before",
      'category',
      'Hardware / Lapton',
      "subcategory 'Lapton' is not in category 'Hardware'; did you mean 'Laptop'?",
    ],
  ];
  it.each(cases)('%s', (_name, kind, text, message) => {
    const res = offlineResolver().resolve(kind, text);
    expect(res.ok ? res.entry : res.message).toBe(message);
  });

  it.each(cases.filter(([, , text]) => !text.includes('/')))(
    '%s: the match is the one `mapping suggest` writes',
    async (_name, kind, text) => {
      const r = offlineResolver();
      const res = r.resolve(kind, text);
      const { matched } = await suggestValues(r, kind, [text]);
      expect(res.ok ? undefined : res.suggestion).toEqual(matched[0]);
    },
  );
});

describe('a name repeated over many rows', () => {
  it('is matched once: each row gets the same answer', () => {
    const r = offlineResolver();
    const first = r.resolve('usage_status', 'In Betrieb');
    for (let i = 0; i < 1000; i++) expect(r.resolve('usage_status', 'In Betrieb')).toBe(first);
  });
});
