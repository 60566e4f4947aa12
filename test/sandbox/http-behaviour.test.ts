// The service's HTTP conventions: bearer auth, company scoping, pagination edges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Client } from './helpers.js';

describe('auth', () => {
  let c: Client;
  beforeAll(async () => {
    c = await sandbox();
  });
  afterAll(() => c.close());

  it.each([
    ['no Authorization header', undefined, 'Authentication credentials were not provided.'],
    ['a wrong token', 'Bearer nope', 'Invalid token.'],
    ['a non-bearer scheme', 'Basic c2FuZGJveA==', 'Invalid token.'],
  ])('refuses %s with 401', async (_name, header, text) => {
    const res = await fetch(`${c.sb.url}/api/v2/company/`, {
      headers: header ? { Authorization: header } : {},
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: text });
  });

  it('accepts the right token', async () => {
    expect((await c.get('/api/v2/company/')).status).toBe(200);
  });

  it('takes the token from the options', async () => {
    const other = await sandbox({ token: 'other-token' });
    try {
      expect(other.sb.token).toBe('other-token');
      expect((await other.get('/api/v2/company/')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('company scoping', () => {
  let c: Client;
  beforeAll(async () => {
    c = await sandbox();
  });
  afterAll(() => c.close());

  it.each([
    'supplier',
    'custom-field-template',
    'custom-form-template',
    'business-unit',
    'license',
    'asset-owner',
    'category',
    'usage-status',
    'hardware_model',
    'asset',
    'contract',
    'customer',
  ])('%s needs company on list and read', async (path) => {
    for (const p of [`/api/v2/${path}/`, `/api/v2/${path}/1/`]) {
      const r = await c.get(p);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ detail: 'company is required' });
    }
  });

  it.each(['user', 'company', 'country'])('%s ignores company', async (path) => {
    const a = await c.get(`/api/v2/${path}/`);
    const b = await c.get(`/api/v2/${path}/?company=2`);
    expect(a.status).toBe(200);
    expect(b.body.count).toBe(a.body.count);
  });

  it.each([['99'], ['abc']])('refuses an unknown company %s with 400', async (company) => {
    expect((await c.get(`/api/v2/supplier/?company=${company}`)).status).toBe(400);
  });

  it.each([
    ['asset', 1],
    ['contract', 1],
    ['customer', 1],
    ['supplier', 1],
    ['asset-owner', 1],
  ])('a %s of company 1 is 404 read with company=2', async (path, id) => {
    expect((await c.get(`/api/v2/${path}/${id}/?company=1`)).status).toBe(200);
    expect((await c.get(`/api/v2/${path}/${id}/?company=2`)).status).toBe(404);
  });

  it('lists filter by company', async () => {
    const one = await c.get('/api/v2/category/?company=1');
    const two = await c.get('/api/v2/category/?company=2');
    expect(one.body.results.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(two.body.results.map((r: { id: number }) => r.id)).toEqual([6, 7, 8, 9, 10]);
  });

  it('a PUT naming another company is 404', async () => {
    expect((await c.put('/api/v2/customer/1', { company: 2, name: 'Northwind Traders' })).status).toBe(404);
  });
});

describe('pagination', () => {
  let c: Client;
  beforeAll(async () => {
    c = await sandbox({ seed: 'empty' });
  });
  afterAll(() => c.close());

  let created = 0;
  async function haveCustomers(n: number): Promise<void> {
    while (created < n) {
      const r = await c.post('/api/v2/customer/', {
        company: 1,
        name: `Customer ${String(++created).padStart(3, '0')}`,
      });
      expect(r.status).toBe(201);
    }
  }
  const list = (q = '') => c.get(`/api/v2/customer/?company=1${q}`);
  const base = () => `${c.sb.url}/api/v2/customer/?company=1`;

  // Runs in order: 0, 25, 26, 51 records.
  it('0 records: one empty page', async () => {
    const r = await list();
    expect(r.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await list('&page=2')).status).toBe(404);
  });

  it('25 records: exactly one full page', async () => {
    await haveCustomers(25);
    const r = await list();
    expect(r.body).toMatchObject({ count: 25, next: null, previous: null });
    expect(r.body.results).toHaveLength(25);
    expect((await list('&page=2')).body).toEqual({ detail: 'Invalid page.' });
  });

  it('26 records: a second page of one, with links both ways', async () => {
    await haveCustomers(26);
    const first = await list();
    expect(first.body.next).toBe(`${base()}&page=2`);
    const second = await list('&page=2');
    expect(second.body).toMatchObject({ count: 26, next: null, previous: base() });
    expect(second.body.results.map((r: { name: string }) => r.name)).toEqual(['Customer 026']);
  });

  it('51 records: three pages in ascending id', async () => {
    await haveCustomers(51);
    const pages = [await list(), await list('&page=2'), await list('&page=3')];
    expect(pages.map((p) => p.body.results.length)).toEqual([25, 25, 1]);
    expect(pages[1].body.previous).toBe(base());
    expect(pages[1].body.next).toBe(`${base()}&page=3`);
    expect(pages[2].body.previous).toBe(`${base()}&page=2`);
    const ids = pages.flatMap((p) => p.body.results.map((r: { id: number }) => r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(51);
    expect((await list('&page=4')).status).toBe(404);
  });

  it('an empty page parameter is the first page, as in DRF', async () => {
    expect((await list('&page=')).body.count).toBe(51);
  });

  it.each(['0', '-1', 'abc', '1.5'])('page=%s is 404 Invalid page', async (page) => {
    const r = await list(`&page=${page}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Invalid page.' });
  });

  it('links keep the other query parameters', async () => {
    const r = await c.get('/api/v2/country/?page=2&format=json');
    expect(r.body.next).toBe(`${c.sb.url}/api/v2/country/?page=3&format=json`);
    expect(r.body.previous).toBe(`${c.sb.url}/api/v2/country/?format=json`);
  });
});
