// Every endpoint of service-api.md and public-reference.md answers over real HTTP:
// list and read-by-id for each resource, the writes, 405s and optional trailing slashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyContract, sandbox, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await sandbox();
});
afterAll(() => c.close());

// [path, needs company, an id of company 1 (or unscoped), a key of the item, expected count in company 1]
const LISTS: [string, boolean, number, string, number][] = [
  ['supplier', true, 1, 'name', 65],
  ['custom-field-template', true, 1, 'fields', 3],
  ['custom-form-template', true, 1, 'form_title', 4],
  ['business-unit', true, 1, 'contact_email', 10],
  ['user', false, 1, 'role', 8],
  ['license', true, 1, 'license_name', 10],
  ['asset-owner', true, 1, 'email', 30],
  ['category', true, 1, 'subcategories', 5],
  ['usage-status', true, 1, 'set_as_default', 7],
  ['company', false, 1, 'status', 3],
  ['hardware_model', true, 1, 'asset_hardware_model', 28],
  ['country', false, 840, 'country_name', 249],
  ['asset', true, 1, 'serial_number', 5],
  ['contract', true, 1, 'contract_type', 4],
  ['customer', true, 1, 'contact_person', 3],
];

describe('list endpoints', () => {
  it.each(LISTS)(
    'GET /api/v2/%s/ lists the records of the company',
    async (path, scoped, _id, key, count) => {
      const r = await c.get(`/api/v2/${path}/${scoped ? '?company=1' : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(count);
      expect(r.body.results.length).toBe(Math.min(25, count));
      expect(r.body.results[0]).toHaveProperty(key);
    },
  );

  it.each(LISTS)('GET /api/v2/%s/{id}/ reads one record', async (path, scoped, id, key) => {
    const r = await c.get(`/api/v2/${path}/${id}/${scoped ? '?company=1' : ''}`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveProperty(key);
  });

  it.each(LISTS)('GET /api/v2/%s/{id}/ of an unknown id is 404', async (path, scoped) => {
    const r = await c.get(`/api/v2/${path}/99999/${scoped ? '?company=1' : ''}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not found.' });
  });

  it('serves countries as name and numeric code', async () => {
    expect((await c.get('/api/v2/country/840/')).body).toEqual({
      country_name: 'United States',
      country_numeric_code: 840,
    });
  });

  it('keys licenses by license_id', async () => {
    expect((await c.get('/api/v2/license/3/?company=1')).body.license_id).toBe(3);
  });
});

describe('filters (exact match)', () => {
  const cases: [string, string, number][] = [
    ['category name', '/api/v2/category/?company=1&name=Hardware', 1],
    ['category name is case-sensitive', '/api/v2/category/?company=1&name=hardware', 0],
    ['category subcategory', '/api/v2/category/?company=1&subcategory=Cloud%20Hosting', 1],
    [
      'category name and subcategory that do not meet',
      '/api/v2/category/?company=1&name=Software&subcategory=Laptop',
      0,
    ],
    ['usage-status name', '/api/v2/usage-status/?company=1&name=In%20Use', 1],
    ['hardware_model name', '/api/v2/hardware_model/?company=1&name=Latitude%207440', 1],
    ['asset name', '/api/v2/asset/?company=1&name=Core%20switch%20DC1', 1],
    ['asset serial_number', '/api/v2/asset/?company=1&serial_number=SN-EXIST-0002', 1],
    ['asset manufacturer_name', '/api/v2/asset/?company=1&manufacturer_name=Dell', 3],
    ['contract name', '/api/v2/contract/?company=1&name=Microsoft%20Enterprise%20Agreement', 1],
    ['contract contract_no', '/api/v2/contract/?company=1&contract_no=CT-2023-003', 1],
    ['unknown parameters are ignored', '/api/v2/contract/?company=1&colour=blue', 4],
  ];
  it.each(cases)('%s', async (_name, path, count) => {
    const r = await c.get(path);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(count);
  });

  it('asset serial_number=list answers the serial numbers only', async () => {
    const r = await c.get('/api/v2/asset/?company=1&serial_number=list');
    expect(r.body.results).toEqual([
      'SN-EXIST-0001',
      'SN-EXIST-0002',
      'SN-EXIST-0003',
      'SN-EXIST-0004',
      'SN-EXIST-0005',
    ]);
  });

  it('asset custom form filters find the asset by a form value', async () => {
    const created = await c.post('/api/v2/asset/', {
      company: 1,
      name: 'Form asset',
      form_template: [{ id: 1, custom_form_data: { 'Requested By': 'Dana' } }],
    });
    expect(created.status).toBe(201);
    const hit = await c.get(
      '/api/v2/asset/?company=1&custom_form_id=1&custom_form_name=Requested%20By&custom_form_value=Dana',
    );
    const miss = await c.get(
      '/api/v2/asset/?company=1&custom_form_id=1&custom_form_name=Requested%20By&custom_form_value=Eve',
    );
    expect(hit.body.results.map((a: { id: number }) => a.id)).toEqual([created.body.id]);
    expect(miss.body.count).toBe(0);
  });
});

describe('writes', () => {
  const creates: [string, Record<string, unknown>, string, unknown][] = [
    [
      'asset',
      {
        company: 1,
        name: 'New laptop',
        serial_number: 'SN-NEW-1',
        asset_owner: 2,
        country: 276,
        category: { id: 1, subcategory: 'Laptop' },
      },
      'asset_owner',
      { id: 2, name: 'Bob Smith' },
    ],
    ['contract', buyContract({ number: 'CT-NEW-1' }), 'supplier', { id: 1, name: 'Dell Technologies' }],
    ['customer', { company: 1, name: 'Globex', country: 826, category: 3 }, 'country', 'United Kingdom'],
  ];
  it.each(creates)(
    'POST /api/v2/%s/ creates and answers 201 with the read shape',
    async (path, body, key, value) => {
      const r = await c.post(`/api/v2/${path}/`, body);
      expect(r.status).toBe(201);
      expect(r.body[key]).toEqual(value);
      const read = await c.get(`/api/v2/${path}/${r.body.id}/?company=1`);
      expect(read.body).toEqual(r.body);
    },
  );

  const updates: [string, number, Record<string, unknown>, string, unknown][] = [
    [
      'asset',
      2,
      { company: 1, name: 'Renamed workstation', business_unit: 4 },
      'business_unit',
      {
        id: 4,
        name: 'Engineering',
        contact_name: 'Elena Petrova',
        contact_email: 'elena.petrova@acme.example',
        contact_phone_number: expect.any(String),
      },
    ],
    [
      'contract',
      2,
      buyContract({ number: 'CT-2023-002', supplier: 6, status: 'archived' }),
      'status',
      'archived',
    ],
    ['customer', 3, { company: 1, name: 'Fabrikam Inc', city: 'Boston' }, 'city', 'Boston'],
    [
      'asset-owner',
      5,
      { company: 1, name: 'Eve Davis', email: 'eve.d@acme.example' },
      'email',
      'eve.d@acme.example',
    ],
  ];
  it.each(updates)(
    'PUT /api/v2/%s/{id} answers 200 with the read shape',
    async (path, id, body, key, value) => {
      const { contract_type: _omit, ...put } = body;
      const r = await c.put(`/api/v2/${path}/${id}`, put);
      expect(r.status).toBe(200);
      expect(r.body[key]).toEqual(value);
    },
  );

  const patches: [string, number, Record<string, unknown>, string, unknown][] = [
    ['asset', 3, { room: 'Hall C' }, 'room', 'Hall C'],
    ['contract', 1, { description: 'Patched.' }, 'description', 'Patched.'],
    ['customer', 1, { website: 'https://northwind.example/b2b' }, 'website', 'https://northwind.example/b2b'],
    ['asset-owner', 6, { phone: '+1 555-0199' }, 'phone', '+1 555-0199'],
  ];
  it.each(patches)(
    'PATCH /api/v2/%s/{id} changes only the fields sent',
    async (path, id, body, key, value) => {
      const before = (await c.get(`/api/v2/${path}/${id}/?company=1`)).body;
      const r = await c.patch(`/api/v2/${path}/${id}/`, body);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ...before, [key]: value });
    },
  );
});

describe('methods and paths', () => {
  const refused: [string, string, string][] = [
    ['DELETE', '/api/v2/asset/1/', 'DELETE'],
    ['POST', '/api/v2/supplier/', 'POST'],
    ['PUT', '/api/v2/supplier/1/', 'PUT'],
    ['POST', '/api/v2/asset-owner/', 'POST'],
    ['PUT', '/api/v2/asset/', 'PUT'],
    ['PATCH', '/api/v2/category/1/', 'PATCH'],
    ['DELETE', '/api/v2/customer/1', 'DELETE'],
  ];
  it.each(refused)('%s %s is 405', async (method, path, name) => {
    const r = await c.call(method, path, method === 'DELETE' ? undefined : {});
    expect(r.status).toBe(405);
    expect(r.body).toEqual({ detail: `Method "${name}" not allowed.` });
    expect(r.headers.get('allow')).toContain('GET');
  });

  it.each([
    ['/api/v2/company', 200],
    ['/api/v2/company/', 200],
    ['/api/v2/company/2', 200],
    ['/api/v2/company/2/', 200],
    ['/api/v2/nothing/', 404],
    ['/api/v2/company/abc/', 404],
  ])('GET %s answers %i (trailing slash optional)', async (path, status) => {
    expect((await c.get(path)).status).toBe(status);
  });
});

describe('with patch: false (--no-patch) PATCH is refused and PUT still works', () => {
  let off: Client;
  beforeAll(async () => {
    off = await sandbox({ patch: false });
  });
  afterAll(() => off.close());

  it.each(['asset/3', 'contract/1', 'customer/1', 'asset-owner/6'])(
    'PATCH /api/v2/%s/ is 405, Allow without PATCH, record unchanged',
    async (path) => {
      const before = (await off.get(`/api/v2/${path}/?company=1`)).body;
      const r = await off.patch(`/api/v2/${path}/`, { company: 1, name: 'Patched anyway' });
      expect(r.status).toBe(405);
      expect(r.body).toEqual({ detail: 'Method "PATCH" not allowed.' });
      expect(r.headers.get('allow')).toBe('GET, PUT');
      expect((await off.get(`/api/v2/${path}/?company=1`)).body).toEqual(before);
    },
  );

  it('PUT still updates', async () => {
    const before = (await off.get('/api/v2/asset-owner/6/?company=1')).body;
    const r = await off.put('/api/v2/asset-owner/6/', {
      company: 1,
      name: before.name,
      phone: '+1 555-0142',
    });
    expect(r.status).toBe(200);
    expect(r.body.phone).toBe('+1 555-0142');
  });
});
