// Categories: "Name / Sub" in one cell or a separate subcategory, checked against the
// category's own subcategories.
import { describe, expect, it } from 'vitest';
import { Resolver, type Resolution } from '../../src/resolve/lookups.js';
import { splitCategory } from '../../src/resources/category.js';

describe('splitCategory', () => {
  const cases: [string, string, { name: string; sub?: string }][] = [
    ['a slash', 'Hardware / Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['a slash without spaces', 'Hardware/Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['a greater-than sign', 'Hardware > Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['a guillemet', 'Hardware » Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['a backslash', 'Hardware\\Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['a double colon', 'Hardware::Laptop', { name: 'Hardware', sub: 'Laptop' }],
    ['the first separator splits', 'A / B / C', { name: 'A', sub: 'B / C' }],
    ['no separator', '  Hardware ', { name: 'Hardware' }],
  ];
  it.each(cases)('%s', (_name, text, want) => {
    expect(splitCategory(text)).toEqual(want);
  });
});

describe('Resolver.resolve for categories', () => {
  const r = new Resolver(undefined, { company: 1 });
  r.remember('category', { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] });
  r.remember('category', { id: 5, name: 'Professional Services', subcategories: null });
  const cases: [string, string, string | undefined, Resolution][] = [
    [
      'a name alone',
      'hardware',
      undefined,
      { ok: true, entry: { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] } },
    ],
    [
      'a name and subcategory in one cell',
      'Hardware / laptop',
      undefined,
      {
        ok: true,
        entry: { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] },
        subcategory: 'Laptop',
      },
    ],
    [
      'a separate subcategory',
      'Hardware',
      'DESKTOP',
      {
        ok: true,
        entry: { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] },
        subcategory: 'Desktop',
      },
    ],
    [
      'a subcategory typo',
      'Hardware / Lapton',
      undefined,
      {
        ok: false,
        code: 'E_LOOKUP_NOT_FOUND',
        message: "subcategory 'Lapton' is not in category 'Hardware'; did you mean 'Laptop'?",
      },
    ],
    [
      'a subcategory far from any, listing them',
      'Hardware',
      'Vehicles',
      {
        ok: false,
        code: 'E_LOOKUP_NOT_FOUND',
        message: "subcategory 'Vehicles' is not in category 'Hardware' (it has: Laptop, Desktop)",
      },
    ],
    [
      'a subcategory of a category without any',
      'Professional Services',
      'Audit',
      {
        ok: false,
        code: 'E_LOOKUP_NOT_FOUND',
        message: "category 'Professional Services' has no subcategories, so 'Audit' cannot be used",
      },
    ],
    [
      'an unknown category',
      'Hardwear / Laptop',
      undefined,
      {
        ok: false,
        code: 'E_LOOKUP_NOT_FOUND',
        message:
          "category 'Hardwear' not found; did you mean 'Hardware'? (confidence 0.75; check: the spelling is only close)",
        suggestion: {
          from: 'Hardwear',
          to: 'Hardware',
          confidence: 0.75,
          sure: false,
          doubt: 'the spelling is only close',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, text, sub, want) => {
    expect(r.resolve('category', text, sub)).toEqual(want);
  });
});
