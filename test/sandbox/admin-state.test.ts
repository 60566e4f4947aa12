// The admin view (/__sandbox) and --state: what tests use to prove what was sent, and
// what lets a rehearsal survive a restart.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandbox, type Client } from './helpers.js';

describe('stats', () => {
  let c: Client;
  beforeAll(async () => {
    c = await sandbox();
  });
  afterAll(() => c.close());

  it('counts requests by method and normalised path, statuses and records', async () => {
    await c.get('/api/v2/asset/?company=1');
    await c.get('/api/v2/asset?company=1');
    await c.get('/api/v2/asset/3/?company=1');
    await c.get('/api/v2/asset/4?company=1');
    await c.put('/api/v2/asset/1', { company: 1, name: 'Renamed' });
    await c.post('/api/v2/customer/', { company: 1 });
    const s = await c.stats();
    expect(s.requests).toEqual({
      'GET /api/v2/asset/': 2,
      'GET /api/v2/asset/{id}/': 2,
      'PUT /api/v2/asset/{id}/': 1,
      'POST /api/v2/customer/': 1,
    });
    expect(s).toMatchObject({
      total: 6,
      writes: 2,
      byStatus: { '200': 5, '400': 1 },
      faults: {},
      throttled: 0,
    });
    expect(s.records).toMatchObject({
      asset: 5,
      contract: 4,
      customer: 3,
      country: 249,
      company: 3,
      supplier: 75,
    });
  });

  it('reset clears the stats, and with a seed the data', async () => {
    await c.post('/api/v2/customer/', { company: 1, name: 'Before reset' });
    expect((await c.sb.admin(`/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
    let s = await c.stats();
    expect(s.total).toBe(0);
    expect(s.records.customer).toBe(4);
    await c.sb.admin(`/__sandbox/reset?seed=empty`, { method: 'POST' });
    s = await c.stats();
    expect(s.records).toEqual({ country: 249, company: 3, category: 10, 'usage-status': 14 });
    await c.sb.admin(`/__sandbox/reset?seed=default`, { method: 'POST' });
    expect((await c.stats()).records.customer).toBe(3);
  });

  it('records lists every record of a resource unpaginated, in read shape', async () => {
    const res = await c.sb.admin(`/__sandbox/records/supplier?company=1`);
    const all = (await res.json()) as { name: string }[];
    expect(all).toHaveLength(65);
    const contracts = (await (await c.sb.admin(`/__sandbox/records/contract?company=1`)).json()) as {
      number: string;
      supplier: unknown;
    }[];
    expect(contracts.map((x) => x.number)).toEqual([
      'CT-2023-001',
      'CT-2023-002',
      'CT-2023-003',
      'CT-2023-004',
    ]);
    expect(contracts[0].supplier).toEqual({ id: 1, name: 'Dell Technologies' });
  });

  it.each([
    ['no token', 'GET', '/__sandbox/stats', {}, 401],
    ['another token', 'POST', '/__sandbox/reset?seed=empty', { authorization: 'Bearer not-the-token' }, 401],
    [
      'a foreign Origin, even with the token',
      'POST',
      '/__sandbox/reset?seed=empty',
      { authorization: 'Bearer sandbox-token', origin: 'https://evil.example' },
      403,
    ],
    [
      'a foreign Origin on records',
      'GET',
      '/__sandbox/records/customer',
      { authorization: 'Bearer sandbox-token', origin: 'http://localhost:3000' },
      403,
    ],
  ])('the admin view refuses %s', async (_name, method, path, headers, status) => {
    const before = (await c.stats()).records.customer;
    expect((await fetch(`${c.sb.url}${path}`, { method, headers })).status).toBe(status);
    expect((await c.stats()).records.customer).toBe(before);
  });

  it('the admin view answers its own token, and its own origin', async () => {
    expect((await c.sb.admin(`/__sandbox/stats`)).status).toBe(200);
    expect((await c.sb.admin(`/__sandbox/stats`, { headers: { origin: c.sb.url } })).status).toBe(200);
  });

  it('stats stay bounded: unknown paths and odd methods share one key each', async () => {
    await c.sb.admin('/__sandbox/reset', { method: 'POST' });
    for (let i = 0; i < 50; i++) await c.get(`/api/v2/nothing-${i}/`);
    for (let i = 0; i < 5; i++) await c.call('PROPFIND', `/random/${i}`);
    const s = await c.stats();
    expect(s.requests).toEqual({ 'GET (unknown path)': 50, 'OTHER (unknown path)': 5 });
  });
});

describe('--state', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetbatch-sandbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('saves on close and loads on start (a round trip)', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await sandbox({ stateFile });
    const created = await first.post('/api/v2/customer/', {
      company: 1,
      name: 'Persisted Ltd',
      city: 'Leeds',
    });
    await first.put('/api/v2/asset-owner/2', { company: 1, name: 'Robert Smith' });
    await first.close();
    expect(JSON.parse(await readFile(stateFile, 'utf8')).version).toBe(1);

    const second = await sandbox({ stateFile, seed: 'empty' });
    try {
      expect((await second.get(`/api/v2/customer/${created.body.id}/?company=1`)).body).toEqual(created.body);
      expect((await second.get('/api/v2/asset-owner/2/?company=1')).body.name).toBe('Robert Smith');
      // Ids continue after the loaded ones.
      const next = await second.post('/api/v2/customer/', { company: 1, name: 'After restart' });
      expect(next.body.id).toBe(created.body.id + 1);
    } finally {
      await second.close();
    }
  });

  it('saves soon after a write, before close', async () => {
    const stateFile = join(dir, 'soon.json');
    const c = await sandbox({ stateFile });
    try {
      await c.post('/api/v2/customer/', { company: 1, name: 'Saved Soon' });
      // Waits for the save itself, not a fixed 400 ms: it goes 100 ms after the write, then
      // writes the whole state, which a loaded machine may take longer over. What is checked
      // is that it comes before close, unasked.
      await vi.waitFor(async () => expect(await readFile(stateFile, 'utf8')).toContain('Saved Soon'), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await c.close();
    }
  });

  it('refuses a file that is not a state file', async () => {
    const stateFile = join(dir, 'bad.json');
    await writeFile(stateFile, '{"hello": 1}');
    await expect(sandbox({ stateFile })).rejects.toThrow(/not a sandbox state file/);
  });
});
