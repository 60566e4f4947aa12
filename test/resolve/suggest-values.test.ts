// suggestValues: for a lookup column, the values the list does not hold, each with its
// likeliest entry (by what other tools' words mean, else by spelling) and a confidence.
import { describe, expect, it } from 'vitest';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import { suggestValues } from '../../src/resolve/suggest-values.js';

/** A resolver whose lists are already complete: no service is asked. */
function offlineResolver(): Resolver {
  const r = new Resolver(undefined, { company: 1, cacheTtl: 0 });
  const statuses = r.index('usage_status');
  ['In Use', 'In Stock', 'In Repair', 'Retired', 'Disposed', 'Lost/Stolen'].forEach((name, i) => statuses.add({ id: i + 1, name }));
  statuses.complete = true;
  const categories = r.index('category');
  categories.add(toEntry('category', { id: 1, category: 'Hardware', subcategories: ['Laptop', 'Desktop'] }));
  categories.add(toEntry('category', { id: 2, category: 'Software', subcategories: [] }));
  categories.complete = true;
  return r;
}

describe('suggestValues', () => {
  const cases: [string, 'usage_status' | 'category', string[], { from: string; to: string; confidence: number }[], string[]][] = [
    ['Snipe-IT\'s labels by what they mean', 'usage_status', ['Deployed (deployed)', 'Ready to Deploy', 'Archived (archived)'],
      [{ from: 'Deployed (deployed)', to: 'In Use', confidence: 0.7 }, { from: 'Ready to Deploy', to: 'In Stock', confidence: 0.7 }, { from: 'Archived (archived)', to: 'Retired', confidence: 0.7 }], []],
    ['a typo by spelling, with its similarity', 'usage_status', ['Retird'], [{ from: 'Retird', to: 'Retired', confidence: 0.86 }], []],
    ['values that resolve are left out', 'usage_status', ['In Use', 'in stock', 'Deployed'], [{ from: 'Deployed', to: 'In Use', confidence: 0.7 }], []],
    ['each distinct value once', 'usage_status', ['Deployed', 'Deployed', ' Deployed '], [{ from: 'Deployed', to: 'In Use', confidence: 0.7 }], []],
    ['a category word, plural too, to category / subcategory', 'category', ['NB', 'Laptops', 'Desktop'], [{ from: 'NB', to: 'Hardware / Laptop', confidence: 0.7 }, { from: 'Laptops', to: 'Hardware / Laptop', confidence: 0.7 }, { from: 'Desktop', to: 'Hardware / Desktop', confidence: 0.7 }], []],
    ['nothing close: unmatched', 'usage_status', ['Quarantined by legal'], [], ['Quarantined by legal']],
  ];
  it.each(cases)('%s', async (_name, kind, values, matched, unmatched) => {
    expect(await suggestValues(offlineResolver(), kind, values)).toEqual({ matched, unmatched });
  });
});
