// Write semantics: PUT replaces (omitted fields become null), PATCH merges, contract_type
// is fixed at create, and the uniqueness the service enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyContract, sandbox, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await sandbox();
});
afterAll(() => c.close());

describe('PUT nulls every omitted field', () => {
  it.each([
    [
      'asset',
      1,
      { company: 1, name: 'Finance laptop 01' },
      [
        'serial_number',
        'contract',
        'category',
        'asset_owner',
        'original_cost',
        'template',
        'asset_hardware_model',
      ],
    ],
    [
      'customer',
      1,
      { company: 1, name: 'Northwind Traders' },
      ['contact_person', 'city', 'country', 'category', 'nda_signed', 'website'],
    ],
    ['asset-owner', 3, { company: 1, name: 'Carol Williams' }, ['email', 'phone']],
    [
      'contract',
      2,
      { ...buyContract({ number: 'CT-2023-002', supplier: 6 }), contract_type: undefined },
      ['mrc', 'expenditure_type', 'business_unit', 'payment_terms', 'notice_period'],
    ],
  ] as const)('PUT /%s/%i keeps only what was sent', async (path, id, body, nulled) => {
    const before = (await c.get(`/api/v2/${path}/${id}/?company=1`)).body;
    for (const f of nulled) expect(before[f], `${f} before`).not.toBeNull();
    const r = await c.put(`/api/v2/${path}/${id}`, body);
    expect(r.status).toBe(200);
    for (const f of nulled) expect(r.body[f], f).toBeNull();
    expect((await c.get(`/api/v2/${path}/${id}/?company=1`)).body).toEqual(r.body);
  });

  it('keeps the create-only fields of a contract, which an update cannot carry', async () => {
    const r = await c.put('/api/v2/contract/1', {
      ...buyContract({ number: 'CT-2023-001' }),
      contract_type: undefined,
    });
    expect(r.body).toMatchObject({
      contract_type: 'buy_side',
      approver: 'Margaret Lin',
      signer: 'Sanjay Patel',
      signed_date: '2022-12-15',
    });
  });
});

describe('PATCH is a partial update', () => {
  it('leaves the fields not sent unchanged', async () => {
    const before = (await c.get('/api/v2/asset/3/?company=1')).body;
    const r = await c.patch('/api/v2/asset/3', { asset_notes: 'Checked.' });
    expect(r.body).toEqual({ ...before, asset_notes: 'Checked.' });
  });

  it('validates the merged record', async () => {
    const r = await c.patch('/api/v2/customer/2', { contact_person: { name: 'Only a name' } });
    expect(r.status).toBe(400);
    expect(r.body.contact_person.email[0]).toContain('contact email is required');
  });

  it('can null one field', async () => {
    const r = await c.patch('/api/v2/asset/3', { room: null });
    expect(r.status).toBe(200);
    expect(r.body.room).toBeNull();
    expect(r.body.bldng_name).toBe('DC1');
  });
});

describe('contract_type cannot change', () => {
  it.each([
    ['PUT', 'sell_side'],
    ['PATCH', 'sell_side'],
  ])('%s with a different contract_type is 400', async (method, type) => {
    const body =
      method === 'PUT'
        ? buyContract({ number: 'CT-2023-001', contract_type: type, customer: 1 })
        : { contract_type: type };
    const r = await c.call(method, '/api/v2/contract/1', body);
    expect(r.status).toBe(400);
    expect(r.body.contract_type[0]).toContain('cannot be changed');
    expect((await c.get('/api/v2/contract/1/?company=1')).body.contract_type).toBe('buy_side');
  });

  it('PUT without contract_type keeps the stored one', async () => {
    const r = await c.put('/api/v2/contract/1', {
      ...buyContract({ number: 'CT-2023-001' }),
      contract_type: undefined,
    });
    expect(r.status).toBe(200);
    expect(r.body.contract_type).toBe('buy_side');
  });
});

describe('uniqueness', () => {
  it.each([
    [
      'customer name, another company of the account',
      'POST',
      '/api/v2/customer/',
      { company: 2, name: 'Fabrikam Inc' },
      'name',
      'customer with this name already exists.',
    ],
    [
      'customer name on PUT of another customer',
      'PUT',
      '/api/v2/customer/2',
      { company: 1, name: 'Northwind Traders' },
      'name',
      'customer with this name already exists.',
    ],
    [
      'asset owner name',
      'PUT',
      '/api/v2/asset-owner/4',
      { company: 1, name: 'Eve Davis' },
      'name',
      'asset owner with this name already exists.',
    ],
    [
      'asset serial number with unique_field',
      'POST',
      '/api/v2/asset/?unique_field=serial_number',
      { company: 1, name: 'Dup', serial_number: 'SN-EXIST-0003' },
      'serial_number',
      'asset with this serial number already exists.',
    ],
    [
      'asset name with unique_field',
      'POST',
      '/api/v2/asset/?unique_field=name',
      { company: 1, name: 'Reception monitor' },
      'name',
      'asset with this name already exists.',
    ],
  ])('refuses a duplicate %s', async (_name, method, path, body, field, message) => {
    const r = await c.call(method, path, body);
    expect(r.status).toBe(400);
    expect(r.body[field]).toEqual([message]);
  });

  it.each([
    ['a record keeping its own name', 'PUT', '/api/v2/customer/3', { company: 1, name: 'Fabrikam Inc' }],
    [
      'a duplicate serial number without unique_field',
      'POST',
      '/api/v2/asset/',
      { company: 1, name: 'Spare', serial_number: 'SN-EXIST-0003' },
    ],
    [
      'the same serial number in another company',
      'POST',
      '/api/v2/asset/?unique_field=serial_number',
      { company: 2, name: 'EU laptop', serial_number: 'SN-EXIST-0001' },
    ],
    [
      'an asset owner keeping its own name',
      'PUT',
      '/api/v2/asset-owner/4',
      { company: 1, name: 'David Brown' },
    ],
  ])('accepts %s', async (_name, method, path, body) => {
    const r = await c.call(method, path, body);
    expect(r.status).toBeLessThan(300);
  });
});
