// A row whose record was listed before the run (validate.ts, recordAnswers): a lookup cell
// that names what the record has asks no list. An import's row already in the service takes
// the record's entry, so that its body is the very one the lists would make (the journal and
// the memory know a row by it); a row that merges leaves the field as the record has it.
import { describe, expect, it } from 'vitest';
import { mapHeaders } from '../../src/map/headers.js';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import { asset } from '../../src/resources/asset.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import type { CellValue } from '../../src/read/types.js';
import { askedNames, prepareRow, type RowContext } from '../../src/validate/validate.js';

/** The lists as the service has them. */
const lists = new Resolver(undefined, { company: 1 });
for (const c of COUNTRIES)
  lists.remember('country', toEntry('country', { country_name: c.name, country_numeric_code: c.numeric }));
lists.remember('category', { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] });
lists.remember('supplier', { id: 3, name: 'Dell Technologies' });
lists.remember('supplier', { id: 4, name: 'Lenovo' });

/** Record 7 as the list of assets reads it. */
const record = {
  id: 7,
  name: 'Laptop 1',
  serial_number: 'S-1',
  category: { id: 1, name: 'Hardware', subcategory: 'Laptop' },
  attached_supplier: { id: 3, name: 'Dell Technologies' },
  country: 'United States',
};

const HEADERS = ['Name', 'Serial number', 'Category', 'Subcategory', 'Supplier', 'Country'];

function context(answers?: RowContext['recordAnswers']): RowContext {
  return {
    def: asset,
    mode: 'create',
    company: 1,
    mapping: mapHeaders(asset, HEADERS, { mode: 'create' }),
    dateOrders: new Map(),
    // With the record at hand, no list is read: the resolver has none.
    resolver: answers ? new Resolver(undefined, { company: 1 }) : lists,
    fieldTemplates: [],
    formTemplates: [],
    listedRecord: answers ? (_id, body) => (body.serial_number === 'S-1' ? record : undefined) : undefined,
    recordAnswers: answers,
  };
}

const cases: { name: string; cells: CellValue[]; asked: string[] }[] = [
  {
    name: 'the names the record has: nothing asked',
    cells: ['Laptop 1', 'S-1', 'Hardware', 'Laptop', 'Dell Technologies', 'United States'],
    asked: [],
  },
  {
    name: 'the same names spelt otherwise: nothing asked',
    cells: ['Laptop 1', 'S-1', 'hardware', 'laptop', 'DELL technologies', 'US'],
    asked: [],
  },
  {
    name: 'another supplier: that cell alone asked',
    cells: ['Laptop 1', 'S-1', 'Hardware', 'Laptop', 'Lenovo', 'USA'],
    asked: ['supplier Lenovo'],
  },
  {
    name: 'another subcategory: the category asked',
    cells: ['Laptop 1', 'S-1', 'Hardware', 'Desktop', 'Dell Technologies', 'USA'],
    asked: ['category Hardware'],
  },
  {
    name: 'a row no record has: every name asked',
    cells: ['Laptop 2', 'S-2', 'Hardware', 'Laptop', 'Dell Technologies', 'USA'],
    asked: ['category Hardware', 'supplier Dell Technologies', 'country USA'],
  },
];

describe("a row whose record was listed: its lookup cells against the record's", () => {
  it.each(cases)('$name', ({ cells, asked }) => {
    const row = { row: 2, cells };
    expect(askedNames(context('take'), row).map((a) => `${a.kind} ${a.text}`)).toEqual(asked);
    expect(askedNames(context('leave'), row).map((a) => `${a.kind} ${a.text}`)).toEqual(asked);
  });

  it.each(cases.filter((c) => c.asked.length === 0))(
    '$name: an import takes the body the lists would make, key for key',
    ({ cells }) => {
      const row = { row: 2, cells };
      const taken = prepareRow(context('take'), row);
      expect(taken.issues).toEqual([]);
      expect(JSON.stringify(taken.body)).toBe(JSON.stringify(prepareRow(context(), row).body));
    },
  );

  it.each(cases.filter((c) => c.asked.length === 0))(
    '$name: a merge leaves the fields out, none of them "required"',
    ({ cells }) => {
      const left = prepareRow(context('leave'), { row: 2, cells });
      expect(left.issues).toEqual([]);
      expect(left.body).toEqual({ company: 1, name: 'Laptop 1', serial_number: 'S-1' });
    },
  );
});
