// prepareRow: one sheet row → a write body and its problems, each tied to its column;
// lookups resolved through loaded indexes, defaults filling empty cells, totals rows skipped.
import { describe, expect, it } from 'vitest';
import { mapHeaders, type CustomFieldSet, type MappingFile } from '../../src/map/headers.js';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import { asset } from '../../src/resources/asset.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import type { WriteMode } from '../../src/resources/fields.js';
import type { CellValue } from '../../src/read/types.js';
import { formatRowIssue, prepareRow, type PreparedRow, type RowIssue } from '../../src/validate/validate.js';

const resolver = new Resolver(undefined, { company: 1 });
for (const c of COUNTRIES)
  resolver.remember('country', toEntry('country', { country_name: c.name, country_numeric_code: c.numeric }));
resolver.remember('category', { id: 1, name: 'Hardware', subcategories: ['Laptop', 'Desktop'] });
resolver.remember('supplier', { id: 1, name: 'Dell Technologies' });

const custom: CustomFieldSet = {
  fieldTemplates: [
    {
      id: 1,
      name: 'Asset extras',
      is_active: true,
      type: 'asset',
      fields: [{ id: 11, name: 'Insurance Value', data_type: 'money', is_active: true, order: 1 }],
    },
  ],
  formTemplates: [],
};

function prepare(
  headers: string[],
  cells: CellValue[],
  opts: { mode?: WriteMode; file?: MappingFile; partial?: boolean } = {},
): PreparedRow {
  const mode = opts.mode ?? 'create';
  const mapping = mapHeaders(asset, headers, { mappingFile: opts.file, custom, mode });
  return prepareRow(
    {
      def: asset,
      mode,
      company: 1,
      mapping,
      dateOrders: new Map(),
      resolver,
      fieldTemplates: custom.fieldTemplates,
      formTemplates: [],
      partial: opts.partial,
    },
    { row: 2, cells },
  );
}

const issue = (i: RowIssue) => ({ code: i.code, column: i.column, field: i.field, message: i.message });

describe('prepareRow builds the body', () => {
  const cases: [string, string[], CellValue[], Record<string, unknown>][] = [
    [
      'names become ids, values are coerced',
      ['Name', 'Category', 'Supplier', 'Country', 'Purchase Cost ($)', 'Purchase Date'],
      ['Laptop 1', 'Hardware / laptop', 'dell technologies', 'USA', '$1,234.50', '2024-03-31'],
      {
        company: 1,
        name: 'Laptop 1',
        category: { id: 1, subcategory: 'Laptop' },
        attached_supplier: 1,
        country: 840,
        original_cost: 1234.5,
        service_start_date: '2024-03-31',
      },
    ],
    [
      'a separate subcategory column',
      ['Name', 'Category', 'Sub Cat'],
      ['L', 'Hardware', 'desktop'],
      { company: 1, name: 'L', category: { id: 1, subcategory: 'Desktop' } },
    ],
    [
      'custom values go into the template',
      ['Name', 'Insurance Value'],
      ['L', '1.000,00'],
      { company: 1, name: 'L', template: { id: 1, fields: [{ id: 11, value: 1000 }] } },
    ],
    ['empty cells are left out', ['Name', 'City', 'Room'], ['L', '', null], { company: 1, name: 'L' }],
  ];
  it.each(cases)('%s', (_name, headers, cells, body) => {
    const p = prepare(headers, cells);
    expect(p.issues).toEqual([]);
    expect(p.body).toEqual(body);
  });

  it('lists the fields whose cells were empty', () => {
    expect(prepare(['Name', 'City', 'Room'], ['L', '', null]).emptyFields).toEqual(['city', 'room']);
  });

  it('defaults fill empty cells but not filled ones', () => {
    const file: MappingFile = { defaults: { city: 'Seattle', country: 'US' } };
    expect(prepare(['Name', 'City', 'Country'], ['L', '', 'DE'], { file }).body).toEqual({
      company: 1,
      name: 'L',
      city: 'Seattle',
      country: 276,
    });
  });

  it('reads the record id on update', () => {
    expect(prepare(['ID', 'City'], ['17', 'Boston'], { mode: 'update', partial: true })).toMatchObject({
      id: 17,
      issues: [],
    });
  });
});

describe('prepareRow reports problems by column', () => {
  const cases: [string, string[], CellValue[], Partial<RowIssue>[]][] = [
    [
      'a value that cannot be coerced, once',
      ['Name', 'Purchase Date'],
      ['L', '31/02/2023'],
      [
        {
          code: 'E_VALUE_INVALID',
          column: 'Purchase Date',
          field: 'service_start_date',
          message: '"31/02/2023" is not a real date',
        },
      ],
    ],
    [
      'an unknown name',
      ['Name', 'Country'],
      ['L', 'Untied States'],
      [
        {
          code: 'E_LOOKUP_NOT_FOUND',
          column: 'Country',
          field: 'country',
          message: "country 'Untied States' not found; did you mean 'United States'?",
        },
      ],
    ],
    [
      'a subcategory typo, on the subcategory column',
      ['Name', 'Category', 'Subcategory'],
      ['L', 'Hardware', 'Lapton'],
      [
        {
          code: 'E_LOOKUP_NOT_FOUND',
          column: 'Subcategory',
          field: 'category.subcategory',
          message: "subcategory 'Lapton' is not in category 'Hardware'; did you mean 'Laptop'?",
        },
      ],
    ],
    [
      'a subcategory without a category',
      ['Name', 'Subcategory'],
      ['L', 'Laptop'],
      [
        {
          code: 'E_VALUE_REQUIRED',
          column: 'Subcategory',
          field: 'category.id',
          message: 'a subcategory needs a category',
        },
      ],
    ],
    [
      'a required cell left empty',
      ['Name', 'City'],
      ['', 'Boston'],
      [{ code: 'E_VALUE_REQUIRED', column: 'Name', field: 'name', message: 'is required' }],
    ],
    [
      'a required field no column gives',
      ['City'],
      ['Boston'],
      [
        {
          code: 'E_VALUE_REQUIRED',
          column: undefined,
          field: 'name',
          message: 'is required, and no column of the sheet gives it',
        },
      ],
    ],
    [
      'text too long',
      ['Name'],
      ['x'.repeat(51)],
      [{ code: 'E_VALUE_TOO_LONG', column: 'Name', field: 'name' }],
    ],
    [
      'a bad record id',
      ['ID', 'City'],
      ['abc', 'Boston'],
      [{ code: 'E_VALUE_INVALID', column: 'ID', field: 'id', message: '"abc" is not a record id' }],
    ],
    [
      'a formula error',
      ['Name', 'City'],
      ['L', { error: '#REF!' }],
      [{ code: 'E_VALUE_INVALID', column: 'City', field: 'city', message: 'is a formula error (#REF!)' }],
    ],
  ];
  it.each(cases)('%s', (_name, headers, cells, want) => {
    // Rows with an ID column are merging updates: they need not carry required fields.
    const update = headers.includes('ID');
    const p = prepare(headers, cells, { mode: update ? 'update' : 'create', partial: update });
    expect(p.issues.map(issue)).toEqual(want.map((w) => expect.objectContaining(w)));
    expect(p.issues).toHaveLength(want.length);
  });

  it('a partial update does not ask for required fields', () => {
    expect(prepare(['ID', 'City'], ['5', 'Boston'], { mode: 'update', partial: true }).issues).toEqual([]);
  });

  it('a number typed into a serial column is a warning, not a problem', () => {
    const p = prepare(['Name', 'Serial number'], ['L', 1234]);
    expect(p.issues).toEqual([]);
    expect(p.warnings.map((w) => w.column)).toEqual(['Serial number']);
  });
});

describe('totals rows', () => {
  const cases: [string, CellValue[], boolean][] = [
    ['"Total" and numbers', ['Total', '', 5400], true],
    ['"Grand total:" and money', ['Grand total:', '$1,200.00'], true],
    ['a record named Total with text', ['Total', 'Boston'], false],
    ['a German register\'s "Summe" and a cost', ['Summe', '', 2497.5], true],
    ['"Gesamtsumme:" and money', ['Gesamtsumme:', '2.497,50 €'], true],
    ['a French "Total général :" and money', ['Total général :', '6 597,50 €'], true],
    ['a French "Sous-total"', ['Sous-total', '', 349], true],
    ['an Italian "Totale"', ['Totale', '', 1200], true],
    ['a Dutch "Totaal"', ['Totaal', '', 1200], true],
    ['a Spanish "Suma"', ['Suma', '', 1200], true],
    ['a Portuguese "Soma"', ['Soma', '', 1200], true],
    ['a record named Summe with text', ['Summe', 'Berlin'], false],
    ['a name that starts with Summe', ['Summe Lizenzen', '', 10], false],
    ['an ordinary row', ['Laptop', 'Boston'], false],
  ];
  it.each(cases)('%s', (_name, cells, skipped) => {
    const p = prepare(['Name', 'City', 'Purchase Cost'].slice(0, cells.length), cells);
    expect(p.skip !== undefined).toBe(skipped);
  });
});

describe('formatRowIssue', () => {
  const cases: [string, RowIssue, string][] = [
    [
      'column and field',
      { code: 'E_VALUE_INVALID', column: 'Serial No.', field: 'serial_number', message: 'bad' },
      'column "Serial No." → serial_number: bad',
    ],
    ['field only', { code: 'E_VALUE_REQUIRED', field: 'name', message: 'is required' }, 'name: is required'],
    ['neither', { code: 'E_RULE', message: 'whole row' }, 'whole row'],
  ];
  it.each(cases)('%s', (_name, i, text) => {
    expect(formatRowIssue(i)).toBe(text);
  });
});
