// The PATCH body of an update: only the top-level keys that change, nested objects and the
// custom field template whole, and always `company` (the service requires it on writes).
import { describe, expect, it } from 'vitest';
import type { ResourceDef, WriteBody } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';
import { mergeForUpdate, patchBody } from '../../src/send/merge.js';

const record: WriteBody = {
  name: 'Laptop 1',
  city: 'Seattle',
  floor: '3',
  country: 840,
  category: { id: 1, subcategory: 'Laptop' },
  currency: { value: 'USD', symbol: '$' },
  template: {
    id: 1,
    fields: [
      { id: 1, value: 'CC-100' },
      { id: 2, value: 'PO-1' },
    ],
  },
};

// [name, resource, current record, the sheet's values, fields blanked (--clear-empty), PATCH body]
const cases: [string, ResourceDef, WriteBody, WriteBody, string[], WriteBody][] = [
  [
    'one changed field, the rest left out',
    asset,
    record,
    { city: 'Boston' },
    [],
    { city: 'Boston', company: 1 },
  ],
  [
    'a sheet value equal to the record is not sent',
    asset,
    record,
    { city: 'Boston', name: 'Laptop 1', floor: '3' },
    [],
    { city: 'Boston', company: 1 },
  ],
  ['nothing changes: company only', asset, record, { city: 'Seattle' }, [], { company: 1 }],
  ['a field new to the record', asset, record, { room: 'Hall C' }, [], { room: 'Hall C', company: 1 }],
  [
    'a subcategory change sends the whole category',
    asset,
    record,
    { category: { subcategory: 'Desktop' } },
    [],
    { category: { id: 1, subcategory: 'Desktop' }, company: 1 },
  ],
  [
    'a currency symbol change sends the whole currency',
    asset,
    record,
    { currency: { symbol: 'US$' } },
    [],
    { currency: { value: 'USD', symbol: 'US$' }, company: 1 },
  ],
  [
    'one custom value sends the template, merged by field id',
    asset,
    record,
    { template: { id: 1, fields: [{ id: 2, value: 'PO-2' }] } },
    [],
    {
      template: {
        id: 1,
        fields: [
          { id: 1, value: 'CC-100' },
          { id: 2, value: 'PO-2' },
        ],
      },
      company: 1,
    },
  ],
  [
    'an unchanged custom value sends no template',
    asset,
    record,
    { template: { id: 1, fields: [{ id: 1, value: 'CC-100' }] } },
    [],
    { company: 1 },
  ],
  [
    '--clear-empty blanks a field that has a value',
    asset,
    record,
    {},
    ['floor'],
    { floor: null, company: 1 },
  ],
  ['--clear-empty of a field already empty sends nothing', asset, record, {}, ['room'], { company: 1 }],
  [
    'a contact email change sends the whole contact person',
    customer,
    { name: 'Northwind', contact_person: { name: 'Ann', email: 'ann@a.example', type: 'primary' } },
    { contact_person: { email: 'ann@b.example' } },
    [],
    { contact_person: { name: 'Ann', email: 'ann@b.example', type: 'primary' }, company: 1 },
  ],
  [
    'an expenditure amount change sends the whole expenditure type',
    contract,
    { name: 'CT', expenditure_type: { type: 'blended', capex_actual: 10, opex_actual: 20 } },
    { expenditure_type: { opex_actual: 25 } },
    [],
    { expenditure_type: { type: 'blended', capex_actual: 10, opex_actual: 25 }, company: 1 },
  ],
];

describe('patchBody', () => {
  it.each(cases)('%s', (_name, def, current, sheet, clearEmpty, want) => {
    const next = { ...mergeForUpdate(current, sheet, { clearEmpty }), company: 1 };
    expect(patchBody(def, current, next)).toEqual(want);
  });
});
