// Flattening read-shape records to typed cells, and the columns an export has.
import { describe, expect, it } from 'vitest';
import { customColumns, definitionColumns, flattenRecord, toCell } from '../../src/export/flatten.js';
import { exportColumns } from '../../src/export/export.js';
import {
  asset,
  contract,
  customer,
  supplier,
  category,
  license,
  country,
} from '../../src/resources/index.js';
import type { CustomTemplate } from '../../src/resources/fields.js';

describe('toCell', () => {
  it.each([
    ['null is empty', 'text', null, null],
    ['empty string is empty', 'text', '', null],
    ['number stays a number', 'decimal', 12.5, 12.5],
    ['numeric string becomes a number', 'decimal', '1234.50', 1234.5],
    ['non-numeric in a number column is kept as text', 'integer', 'n/a', 'n/a'],
    ['boolean stays', 'boolean', false, false],
    ['boolean from text', 'boolean', 'true', true],
    ['date stays yyyy-MM-dd text', 'date', '2024-03-31', '2024-03-31'],
    ['list joined with "; "', 'list', [3, 7, 9], '3; 7; 9'],
    [
      'list of objects by name',
      'list',
      [
        { id: 1, name: 'Cost Centre' },
        { id: 2, name: 'PO' },
      ],
      'Cost Centre; PO',
    ],
    ['empty list is empty', 'list', [], null],
    ['object in a text column by its name', 'text', { id: 4, name: 'Hardware' }, 'Hardware'],
    ['number in a text column as text', 'text', 42, '42'],
  ] as const)('%s', (_n, type, raw, cell) => {
    expect(toCell(type, raw)).toEqual(cell);
  });
});

describe('definition columns', () => {
  it.each([
    ['supplier: nested category by name', supplier, 'category.name', 'Category'],
    ['supplier: contact email', supplier, 'contact_person.email', 'Contact email'],
    ['asset: category lookup as its name', asset, 'category.name', 'Category'],
    ['asset: hardware model', asset, 'asset_hardware_model.name', 'Hardware model'],
    ['asset: contract by number', asset, 'contract.number', 'Contract'],
    ['asset: country as its name', asset, 'country', 'Country'],
    ['contract: supplier by name', contract, 'supplier.name', 'Supplier'],
    ['customer: contact name', customer, 'contact_person.name', 'Contact name'],
    ['license: keyed by license_id', license, 'license_id', 'License ID'],
  ])('%s', (_n, def, path, label) => {
    expect(definitionColumns(def).find((c) => c.key === path)?.label).toBe(label);
  });

  it('asset columns leave out the variant fields', () => {
    expect(definitionColumns(asset).map((c) => c.key)).not.toContain('usage_status');
  });

  it('flattens a nested record by the column paths', () => {
    const rec = { id: 3, category: { id: 1, category: 'IT', subcategories: ['Laptops', 'Phones'] } };
    expect(
      flattenRecord(
        { id: 1, category: 'IT', subcategories: ['Laptops', 'Phones'] },
        definitionColumns(category),
      ),
    ).toEqual([1, 'IT', 'Laptops; Phones']);
    expect(flattenRecord(rec, definitionColumns(category))).toEqual([3, 'IT', null]);
    expect(
      flattenRecord({ country_name: 'Peru', country_numeric_code: 604 }, definitionColumns(country)),
    ).toEqual(['Peru', 604]);
  });
});

describe('custom field columns', () => {
  const templates: CustomTemplate[] = [
    {
      id: 7,
      name: 'Asset extras',
      is_active: true,
      type: 'asset',
      fields: [
        { id: 72, name: 'PO Number', data_type: 'text', is_active: true, order: 2 },
        { id: 71, name: 'Cost Centre', data_type: 'text', is_active: true, order: 1 },
        { id: 73, name: 'Insurance Value', data_type: 'money', is_active: true, order: 3 },
        { id: 74, name: 'Retired field', data_type: 'text', is_active: false, order: 4 },
        { id: 75, name: 'Name', data_type: 'text', is_active: true, order: 5 },
      ],
    },
    {
      id: 8,
      name: 'Old',
      is_active: false,
      type: 'asset',
      fields: [{ id: 81, name: 'Old one', data_type: 'text', is_active: true, order: 1 }],
    },
    {
      id: 9,
      name: 'Contract extras',
      is_active: true,
      type: 'contract',
      fields: [{ id: 91, name: 'Region', data_type: 'text', is_active: true, order: 1 }],
    },
  ];

  it.each([
    [
      'one column per active field of the type, by order',
      asset,
      ['Cost Centre', 'PO Number', 'Insurance Value', 'Name (Asset extras)'],
    ],
    ['contract templates for contracts', contract, ['Region']],
    ['suppliers carry supplier templates', supplier, []],
    ['lists without custom fields have none', category, []],
  ])('%s', (_n, def, labels) => {
    expect(customColumns(def, templates).map((c) => c.label)).toEqual(labels);
  });

  it('reads values by field id, typed by data type', () => {
    const cols = customColumns(asset, templates);
    const rec = { id: 1, template: { id: 7, fields: { '71': 'CC-9', '73': '1500.00' } } };
    expect(flattenRecord(rec, cols)).toEqual(['CC-9', null, 1500, null]);
    expect(flattenRecord({ id: 2, template: null }, cols)).toEqual([null, null, null, null]);
  });

  it('finance columns come last, only when asked', () => {
    expect(exportColumns(asset, [], { asOf: '2025-01-01' }).at(-1)?.label).toBe('Book value');
    expect(
      exportColumns(contract, [], { asOf: '2025-01-01' })
        .slice(-4)
        .map((c) => c.label),
    ).toEqual(['Months remaining', 'Notice deadline', 'Annualised spend', 'Auto-renews']);
    expect(exportColumns(asset, []).map((c) => c.label)).not.toContain('Book value');
  });
});
