// mapHeaders with the service's lookup lists: a column whose values are names in a list is
// judged by that as well as by its header. The lists are given here as the run gives them
// (resolve/lists.ts fetches them); without lists the mapping is the headers' and values' alone.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName } from '../../src/map/headers.js';
import { distinctNames, listNames, matchList, namesList, type LookupLists } from '../../src/map/lists.js';
import { asset } from '../../src/resources/asset.js';
import type { LookupKind } from '../../src/resources/fields.js';
import type { CellValue } from '../../src/read/types.js';

const CATEGORIES = ['Hardware', 'Software', 'Services', 'Facilities'];
const UNITS = ['Finance', 'Human Resources', 'Engineering', 'Sales', 'Legal'];
const OWNERS = ['Margaret Lin', 'Daniel Okoye', 'margaret.lin@example.com'];

const lists = (kinds: Partial<Record<LookupKind, string[]>>, complete = true): LookupLists =>
  new Map(Object.entries(kinds).map(([k, names]) => [k as LookupKind, listNames(names!, complete)]));

describe("how many of a column's distinct values are names in a list", () => {
  const cases: [string, CellValue[], LookupKind, string[], { matched: number; distinct: number }][] = [
    [
      'every value, in any case and spacing',
      ['hardware', 'SOFTWARE ', 'Hardware'],
      'category',
      CATEGORIES,
      { matched: 2, distinct: 2 },
    ],
    [
      'a category with its subcategory is looked up by the category',
      ['Hardware / Laptop', 'Software > Security'],
      'category',
      CATEGORIES,
      { matched: 2, distinct: 2 },
    ],
    ['free text: none', ['grey box', 'the big printer'], 'category', CATEGORIES, { matched: 0, distinct: 2 }],
    ['some', ['Finance', 'Sales', 'Warehouse 7'], 'business_unit', UNITS, { matched: 2, distinct: 3 }],
    [
      'numbers, dates and short codes name nothing ("IT" is a country code and a department)',
      ['12', 36, 'IT', new Date(2024, 0, 1), 'Legal'],
      'business_unit',
      UNITS,
      { matched: 1, distinct: 1 },
    ],
    [
      'placeholders name nothing ("unknown", "keine Angabe")',
      ['Finance', 'unknown', 'keine Angabe', 'N/A', 'Sales'],
      'business_unit',
      UNITS,
      { matched: 2, distinct: 2 },
    ],
  ];
  it.each(cases)('%s', (_name, values, kind, names, want) => {
    expect(matchList(kind, distinctNames(values), listNames(names))).toMatchObject(want);
  });

  it('a list that answers to other names counts them (a country named in another language)', () => {
    const german = new Set(['deutschland', 'osterreich']);
    const list = listNames(['Germany', 'Austria'], true, (t) =>
      german.has(t.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')),
    );
    expect(
      matchList('country', distinctNames(['Deutschland', 'Österreich', 'Germany', 'Atlantis']), list),
    ).toMatchObject({ matched: 3, distinct: 4 });
  });

  it.each([
    ['4 of 5, more than once: the list is named', { matched: 4, distinct: 5 }, true],
    ['one value only: a coincidence', { matched: 1, distinct: 1 }, false],
    ['half: not enough', { matched: 3, distinct: 6 }, false],
  ] as const)('%s', (_name, m, want) => {
    expect(namesList({ kind: 'category', ...m, share: m.matched / m.distinct, complete: true })).toBe(want);
  });
});

describe("a column is judged by the service's lists", () => {
  const cases: [
    string,
    string[],
    CellValue[][],
    LookupLists | undefined,
    Record<string, string>,
    RegExp | undefined,
  ][] = [
    [
      '"Type" holding categories takes the category from "Asset Type" holding free text',
      ['Name', 'Asset Type', 'Type'],
      [
        ['A', 'grey box', 'Hardware'],
        ['B', 'small thing', 'Software'],
        ['C', 'big printer', 'Hardware'],
      ],
      lists({ category: CATEGORIES }),
      { Name: 'name', Type: 'category.id' },
      /column "Asset Type" also matches Category \(category\.id\), taken by column "Type"; none of its values are in the service's category list/,
    ],
    [
      'without the list, the header decides ("Asset Type" is the likelier synonym)',
      ['Name', 'Asset Type', 'Type'],
      [
        ['A', 'grey box', 'Hardware'],
        ['B', 'small thing', 'Software'],
      ],
      undefined,
      { Name: 'name', 'Asset Type': 'category.id' },
      /column "Type" also matches Category/,
    ],
    [
      '"Site" holding business units is the business unit, and the "Department" of codes is reported',
      ['Name', 'Site', 'Department'],
      [
        ['A', 'Finance', 'D-100 north'],
        ['B', 'Sales', 'D-200 south'],
        ['C', 'Legal', 'D-100 north'],
      ],
      lists({ business_unit: UNITS }),
      { Name: 'name', Site: 'business_unit' },
      /column "Site" holds "Finance", "Sales", "Legal": they are names in the service's business unit list: read as Business unit \(business_unit\)[\s\S]*column "Department" also matches Business unit \(business_unit\), taken by column "Site" \(a match by values, not synonym\); none of its values are in the service's business unit list/,
    ],
    [
      '"Site" of places no list holds stays the location',
      ['Name', 'Site', 'Department'],
      [
        ['A', 'Berlin office', 'Finance'],
        ['B', 'Paris office', 'Sales'],
      ],
      lists({ business_unit: UNITS }),
      { Name: 'name', Site: 'location_description', Department: 'business_unit' },
      undefined,
    ],
    [
      '"Owner" holding business units (and no owner) is moved to the business unit',
      ['Name', 'Owner', 'Department'],
      [
        ['A', 'Finance', ''],
        ['B', 'Engineering', ''],
        ['C', 'Legal', ''],
      ],
      lists({ asset_owner: OWNERS, business_unit: UNITS }),
      { Name: 'name', Owner: 'business_unit' },
      /column "Owner" holds "Finance", "Engineering", "Legal": none of them is in the service's owner list, and they are names in the service's business unit list: read as Business unit/,
    ],
    [
      '"Owner" holding owners stays the owner',
      ['Name', 'Owner', 'Department'],
      [
        ['A', 'Margaret Lin', 'Finance'],
        ['B', 'daniel okoye', 'Sales'],
      ],
      lists({ asset_owner: OWNERS, business_unit: UNITS }),
      { Name: 'name', Owner: 'asset_owner', Department: 'business_unit' },
      undefined,
    ],
    [
      'a header named exactly keeps its field when its values are in no list (a value table may translate them)',
      ['Name', 'Category'],
      [
        ['A', 'Laptop'],
        ['B', 'NB'],
      ],
      lists({ category: CATEGORIES }),
      { Name: 'name', Category: 'category.id' },
      undefined,
    ],
    // Of a long list the run has read the first page: a value not on it may be on the next, so it tells nothing against a column.
    [
      "a first page with neither column's values: the headers decide, and no column is doubted",
      ['Name', 'Asset Type', 'Type'],
      [
        ['A', 'grey box', 'Hardware'],
        ['B', 'small thing', 'Software'],
      ],
      lists({ category: ['Facilities'] }, false),
      { Name: 'name', 'Asset Type': 'category.id' },
      /column "Type" also matches Category \(category\.id\), taken by column "Asset Type"$/,
    ],
    [
      'a first page with "Type"\'s values is enough for it to win',
      ['Name', 'Asset Type', 'Type'],
      [
        ['A', 'grey box', 'Hardware'],
        ['B', 'small thing', 'Software'],
      ],
      lists({ category: CATEGORIES }, false),
      { Name: 'name', Type: 'category.id' },
      /column "Asset Type" also matches Category \(category\.id\), taken by column "Type"$/,
    ],
    [
      '"Owner" is not moved for want of its values on the first page of the owners',
      ['Name', 'Owner', 'Department'],
      [
        ['A', 'Finance', ''],
        ['B', 'Engineering', ''],
        ['C', 'Legal', ''],
      ],
      new Map([
        ['asset_owner', listNames(OWNERS, false)],
        ['business_unit', listNames(UNITS)],
      ]),
      { Name: 'name', Owner: 'asset_owner', Department: 'business_unit' },
      undefined,
    ],
    [
      'a header naming a short field keeps it: "Make" of suppliers\' names is the manufacturer',
      ['Name', 'Make', 'Warranty vendor'],
      [
        ['A', 'Dell Technologies', 'CDW'],
        ['B', 'Lenovo', 'CDW'],
      ],
      lists({ supplier: ['Dell Technologies', 'Lenovo', 'CDW'] }),
      { Name: 'name', Make: 'manufacturer', 'Warranty vendor': 'warranty_provider' },
      undefined,
    ],
    [
      'a header naming nothing: its values decide',
      ['Name', 'Org unit'],
      [
        ['A', 'Finance'],
        ['B', 'Sales'],
      ],
      lists({ business_unit: UNITS }),
      { Name: 'name', 'Org unit': 'business_unit' },
      /column "Org unit" holds "Finance", "Sales": they are names in the service's business unit list: read as Business unit \(business_unit\)/,
    ],
    [
      'values are judged as the value table translates them',
      ['Name', 'Asset Type', 'Type'],
      [
        ['A', 'grey box', 'HW'],
        ['B', 'small thing', 'SW'],
      ],
      lists({ category: CATEGORIES }),
      { Name: 'name', Type: 'category.id' },
      /taken by column "Type"; none of its values are in the service's category list/,
    ],
    [
      'the mapping file wins over the lists',
      ['Name', 'Site'],
      [
        ['A', 'Finance'],
        ['B', 'Sales'],
      ],
      lists({ business_unit: UNITS }),
      { Name: 'name', Site: 'location_description' },
      undefined,
    ],
  ];
  const fileOf = (name: string) =>
    name.startsWith('the mapping file')
      ? { columns: { Site: 'location_description' } }
      : name.startsWith('values are judged')
        ? { values: { Type: { HW: 'Hardware', SW: 'Software' } } }
        : undefined;
  it.each(cases)('%s', (name, headers, rows, given, want, warning) => {
    const mappingFile = fileOf(name);
    const m = mapHeaders(asset, headers, { samples: rows, lists: given, mappingFile });
    expect(Object.fromEntries(m.columns.map((c) => [c.header, targetName(c.target)]))).toEqual(want);
    const said = [
      ...m.warnings,
      ...m.unmapped.flatMap((u) => (u.why ? [`column "${u.header}" ${u.why.replace(/^it /, '')}`] : [])),
    ];
    if (warning) expect(said.join('\n')).toMatch(warning);
    else expect(said).toEqual([]);
  });

  // A repeat of an import maps its sheet from what its journal kept (run/recorded-mapping.ts).
  it.each(cases)(
    '%s: mapped again from the matches it kept, no list at hand, it maps alike',
    (name, headers, rows, given) => {
      const mappingFile = fileOf(name);
      const m = mapHeaders(asset, headers, { samples: rows, lists: given, mappingFile });
      const listMatches = m.listMatches ?? new Map();
      const again = mapHeaders(asset, headers, { samples: rows, listMatches, mappingFile });
      // Columns, warnings, the why of each column left out: all as with the lists.
      expect({ ...again, listMatches: undefined }).toEqual({ ...m, listMatches: undefined });
    },
  );
});
