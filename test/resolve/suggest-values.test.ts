// suggestValues: for a lookup column, the values the list does not hold, each with its
// likeliest entry (by what other tools' words mean, else by spelling) and a confidence.
import { describe, expect, it } from 'vitest';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import { suggestValues } from '../../src/resolve/suggest-values.js';

/** A resolver whose lists are already complete: no service is asked. */
function offlineResolver(): Resolver {
  const r = new Resolver(undefined, { company: 1, cacheTtl: 0 });
  const statuses = r.index('usage_status');
  ['In Use', 'In Stock', 'In Repair', 'Retired', 'Disposed', 'Lost/Stolen'].forEach((name, i) =>
    statuses.add({ id: i + 1, name }),
  );
  statuses.complete = true;
  const categories = r.index('category');
  categories.add(
    toEntry('category', {
      id: 1,
      category: 'Hardware',
      subcategories: ['Laptop', 'Desktop', 'Monitor', 'Printer', 'Mobile Phone', 'Tablet'],
    }),
  );
  categories.add(toEntry('category', { id: 2, category: 'Software', subcategories: [] }));
  categories.add(
    toEntry('category', { id: 3, category: 'Facilities', subcategories: ['Furniture', 'HVAC'] }),
  );
  categories.complete = true;
  return r;
}

type Kind = 'usage_status' | 'category';
type Want = {
  from: string;
  to: string;
  confidence: number;
  sure: boolean;
  doubt?: string;
  namesSubcategory?: true;
};
const sure = (from: string, to: string, confidence: number): Want => ({ from, to, confidence, sure: true });
/** A match by a subcategory's own name. */
const sub = (from: string, to: string): Want => ({ ...sure(from, to, 0.97), namesSubcategory: true });

describe('suggestValues', () => {
  const cases: [string, Kind, string[], Want[], string[]][] = [
    [
      "Snipe-IT's labels by what they mean: sure",
      'usage_status',
      ['Deployed (deployed)', 'Ready to Deploy', 'Archived (archived)'],
      [
        sure('Deployed (deployed)', 'In Use', 0.95),
        sure('Ready to Deploy', 'In Stock', 0.95),
        sure('Archived (archived)', 'Retired', 0.95),
      ],
      [],
    ],
    [
      'a word with two meanings: to check',
      'usage_status',
      ['Pending'],
      [
        {
          from: 'Pending',
          to: 'In Repair',
          confidence: 0.6,
          sure: false,
          doubt: 'it could also mean "In Stock"',
        },
      ],
      [],
    ],
    [
      'German, French and Portuguese status words',
      'usage_status',
      ['In Betrieb', 'En réparation', 'Em stock'],
      [
        sure('In Betrieb', 'In Use', 0.95),
        sure('En réparation', 'In Repair', 0.95),
        sure('Em stock', 'In Stock', 0.95),
      ],
      [],
    ],
    [
      'a typo by spelling, with its similarity',
      'usage_status',
      ['Retird'],
      [sure('Retird', 'Retired', 0.86)],
      [],
    ],
    [
      'values that resolve are left out',
      'usage_status',
      ['In Use', 'in stock', 'Deployed'],
      [sure('Deployed', 'In Use', 0.95)],
      [],
    ],
    [
      'each distinct value once',
      'usage_status',
      ['Deployed', 'Deployed', ' Deployed '],
      [sure('Deployed', 'In Use', 0.95)],
      [],
    ],
    [
      'a category word, plural too, to category / subcategory',
      'category',
      ['NB', 'Laptops', 'Desktop'],
      [
        sure('NB', 'Hardware / Laptop', 0.95),
        sub('Laptops', 'Hardware / Laptop'),
        sub('Desktop', 'Hardware / Desktop'),
      ],
      [],
    ],
    [
      'a subcategory by its own name',
      'category',
      ['Tablet', 'HVAC'],
      [sub('Tablet', 'Hardware / Tablet'), sub('HVAC', 'Facilities / HVAC')],
      [],
    ],
    [
      'category words of other languages',
      'category',
      ['Drucker', 'Écran', 'Telemóvel'],
      [
        sure('Drucker', 'Hardware / Printer', 0.95),
        sure('Écran', 'Hardware / Monitor', 0.95),
        sure('Telemóvel', 'Hardware / Mobile Phone', 0.95),
      ],
      [],
    ],
    ['nothing close: unmatched', 'usage_status', ['Quarantined by legal'], [], ['Quarantined by legal']],
  ];
  it.each(cases)('%s', async (_name, kind, values, matched, unmatched) => {
    expect(await suggestValues(offlineResolver(), kind, values)).toEqual({ matched, unmatched });
  });
});
