// Updates that do not wipe data: the read shape back to a write body (checked by a PUT
// round trip on the sandbox), the sheet laid over it, and the field-by-field diff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import type { ResourceDef, WriteBody } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import { customer } from '../../src/resources/customer.js';
import { diffBodies, mergeForUpdate, readToWrite } from '../../src/send/merge.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const countryCode = (name: string) => COUNTRIES.find((c) => c.name === name)?.numeric;

let sb: Sandbox;
let client: ApiClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const read = (def: ResourceDef, id: number) =>
  client.get<Record<string, unknown>>(client.path(def.path, id), { company: 1 });

describe('readToWrite on the sandbox read shape', () => {
  it('turns lookups into ids, the country name into its code and template values into a list', async () => {
    const body = readToWrite(asset, await read(asset, 1), countryCode);
    expect(body).toMatchObject({
      contract: 1,
      category: { id: 1, subcategory: 'Laptop' },
      attached_supplier: 1,
      country: 840,
      asset_owner: 1,
      business_unit: 1,
      asset_usage_status: 1,
      asset_hardware_model: { id: 1 },
      original_cost: 1849,
      template: {
        id: 1,
        fields: [
          { id: 1, value: 'CC-100' },
          { id: 2, value: 'PO-55812' },
        ],
      },
    });
    expect(body).not.toHaveProperty('pseudo_number');
  });

  it('leaves out create-only fields', async () => {
    const body = readToWrite(contract, await read(contract, 1), countryCode);
    expect(body).not.toHaveProperty('contract_type');
    expect(body).not.toHaveProperty('approver');
    expect(body).toMatchObject({
      supplier: 1,
      country: 840,
      expenditure_type: { type: 'capex', capex_actual: 250000 },
    });
  });

  const cases: [string, ResourceDef, number][] = [
    ['asset 1', asset, 1],
    ['contract 1', contract, 1],
    ['customer 1', customer, 1],
  ];
  it.each(cases)('%s PUT back as read changes nothing', async (_name, def, id) => {
    const before = await read(def, id);
    await client.write('PUT', client.path(def.path, id), {
      ...readToWrite(def, before, countryCode),
      company: 1,
    });
    expect(await read(def, id)).toEqual(before);
  });

  it('a decimal read as text becomes a number', () => {
    expect(readToWrite(asset, { original_cost: '12.50' }, countryCode)).toEqual({ original_cost: 12.5 });
  });

  it('a country the lookup does not know is left out', () => {
    expect(readToWrite(asset, { country: 'Atlantis' }, countryCode)).toEqual({});
  });
});

describe('mergeForUpdate', () => {
  const current: WriteBody = {
    name: 'Laptop 1',
    city: 'Seattle',
    country: 840,
    category: { id: 1, subcategory: 'Laptop' },
    template: {
      id: 1,
      fields: [
        { id: 1, value: 'CC-100' },
        { id: 2, value: 'PO-1' },
      ],
    },
  };
  const noTemplate: WriteBody = { ...current, template: null };
  const cases: [string, WriteBody, WriteBody, readonly string[] | undefined, WriteBody][] = [
    [
      'sheet values win, the rest stays',
      current,
      { city: 'Boston' },
      undefined,
      { ...current, city: 'Boston' },
    ],
    [
      'a nested member merges into its object',
      current,
      { category: { subcategory: 'Desktop' } },
      undefined,
      { ...current, category: { id: 1, subcategory: 'Desktop' } },
    ],
    ['clearEmpty blanks a field', current, {}, ['city'], { ...current, city: null }],
    [
      'clearEmpty blanks a nested member',
      current,
      {},
      ['category.subcategory'],
      { ...current, category: { id: 1, subcategory: null } },
    ],
    [
      'clearEmpty does not blank a value the sheet gives (a default)',
      current,
      { city: 'Boston' },
      ['city'],
      { ...current, city: 'Boston' },
    ],
    [
      'custom values merge by field id',
      current,
      {
        template: {
          id: 1,
          fields: [
            { id: 2, value: 'PO-2' },
            { id: 3, value: 'new' },
          ],
        },
      },
      undefined,
      {
        ...current,
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'CC-100' },
            { id: 2, value: 'PO-2' },
            { id: 3, value: 'new' },
          ],
        },
      },
    ],
    [
      "another template's values do not carry over",
      current,
      { template: { id: 4, fields: [{ id: 40, value: 'x' }] } },
      undefined,
      { ...current, template: { id: 4, fields: [{ id: 40, value: 'x' }] } },
    ],
    [
      'a template where there was none',
      noTemplate,
      { template: { id: 1, fields: [{ id: 1, value: 'a' }] } },
      undefined,
      { ...current, template: { id: 1, fields: [{ id: 1, value: 'a' }] } },
    ],
    [
      'clearEmpty empties a custom value: null in the list, the others stay',
      current,
      {},
      ['custom.1'],
      {
        ...current,
        template: {
          id: 1,
          fields: [
            { id: 1, value: null },
            { id: 2, value: 'PO-1' },
          ],
        },
      },
    ],
    [
      'clearEmpty of a custom field the record has no value for: nothing changes',
      current,
      {},
      ['custom.3'],
      current,
    ],
    [
      'clearEmpty of a custom field, the record without a template: nothing changes',
      noTemplate,
      {},
      ['custom.1'],
      noTemplate,
    ],
    [
      'clearEmpty does not empty a custom value the sheet gives',
      current,
      { template: { id: 1, fields: [{ id: 1, value: 'CC-200' }] } },
      ['custom.1'],
      {
        ...current,
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'CC-200' },
            { id: 2, value: 'PO-1' },
          ],
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, base, sheet, clearEmpty, want) => {
    expect(mergeForUpdate(base, sheet, { clearEmpty })).toEqual(want);
  });

  it('does not change the current body', () => {
    const copy = structuredClone(current);
    mergeForUpdate(
      current,
      { city: 'Boston', category: { subcategory: 'Desktop' } },
      { clearEmpty: ['name'] },
    );
    expect(current).toEqual(copy);
  });
});

describe('diffBodies', () => {
  const current: WriteBody = {
    name: 'A',
    city: 'Seattle',
    category: { id: 1, subcategory: 'Laptop' },
    template: { id: 1, fields: [{ id: 1, value: 'x' }] },
  };
  const cases: [string, WriteBody, { field: string; from: unknown; to: unknown }[]][] = [
    ['no change', structuredClone(current), []],
    ['a changed field', { ...current, city: 'Boston' }, [{ field: 'city', from: 'Seattle', to: 'Boston' }]],
    ['a blanked field', { ...current, city: null }, [{ field: 'city', from: 'Seattle', to: null }]],
    ['a new field', { ...current, room: '12' }, [{ field: 'room', from: null, to: '12' }]],
    [
      'a nested member',
      { ...current, category: { id: 1, subcategory: 'Desktop' } },
      [{ field: 'category.subcategory', from: 'Laptop', to: 'Desktop' }],
    ],
    [
      'custom values, as one change',
      { ...current, template: { id: 1, fields: [{ id: 1, value: 'y' }] } },
      [{ field: 'template', from: '[{"id":1,"value":"x"}]', to: '[{"id":1,"value":"y"}]' }],
    ],
  ];
  it.each(cases)('%s', (_name, next, want) => {
    expect(diffBodies(asset, current, next)).toEqual(want);
  });
});
