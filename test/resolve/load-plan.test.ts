// Resolver.load against the sandbox: the cheapest way to answer the sheet's names (one
// page, every page, one filtered call per missing name, or the disk cache), counted by
// the sandbox's own request statistics.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Resolver, type LookupPlanItem } from '../../src/resolve/lookups.js';
import { LOOKUP_LIST } from '../../src/resources/index.js';
import type { LookupKind } from '../../src/resources/fields.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { addContracts } from '../helpers/contracts.js';

let sb: Sandbox;
let client: ApiClient;
let dir: string;

/** GETs the sandbox saw on a list's path since the last reset. */
async function listGets(kind: LookupKind): Promise<number> {
  const stats = (await (await sb.admin(`/__sandbox/stats`)).json()) as { requests: Record<string, number> };
  return stats.requests[`GET /api/v2/${LOOKUP_LIST[kind].path}/`] ?? 0;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'assetbatch-lookups-'));
  // 4 seed contracts + 72 = 76: four pages, so two filtered calls beat three more pages.
  // The last one shares its number with seed contract 1, on page 4.
  await addContracts(
    client,
    Array.from({ length: 72 }, (_, i) => (i === 71 ? 'CT-2023-001' : `PLAN-${i + 1}`)),
  );
});
afterAll(async () => {
  await client.close();
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sb.admin(`/__sandbox/reset`, { method: 'POST' });
});

let cacheSeq = 0;
const freshCache = () => join(dir, `cache-${++cacheSeq}`);

describe('Resolver.load chooses a plan', () => {
  const cases: [string, LookupKind, string[], LookupPlanItem['strategy'], number, string][] = [
    ['a one-page list is read whole', 'category', ['Hardware'], 'full list', 1, 'Hardware'],
    ['a list without a name filter is read whole', 'supplier', ['Microsoft'], 'full list', 3, 'Microsoft'],
    ['countries: every page', 'country', ['Germany'], 'full list', 10, 'Germany'],
    [
      'a name costing as much as the rest of the list reads the list',
      'hardware_model',
      ['Catalyst 9200L-24P'],
      'full list',
      2,
      'Catalyst 9200L-24P',
    ],
    [
      'a name on page 1 is still asked for, so one call is no cheaper than page 2',
      'hardware_model',
      ['Latitude 7440'],
      'full list',
      2,
      'Latitude 7440',
    ],
    [
      'two names of four pages: one filtered call each',
      'contract',
      ['PLAN-1', 'PLAN-40'],
      'filtered calls',
      3,
      'PLAN-40',
    ],
    [
      'a filtered call that misses falls back to the whole list, all counted',
      'contract',
      ['PLAN-4O'],
      'full list',
      5,
      'PLAN-4O',
    ],
  ];
  it.each(cases)('%s', async (_name, kind, names, strategy, requests, probe) => {
    const r = new Resolver(client, { company: 1, cacheDir: freshCache() });
    await r.load(kind, names);
    expect(r.plan).toEqual([{ kind, names: names.length, strategy, requests }]);
    expect(r.requests).toBe(requests);
    expect(await listGets(kind)).toBe(requests);
    const res = r.resolve(kind, probe);
    // A miss is judged against the whole list, so that its suggestion can be any contract.
    if (probe === 'PLAN-4O') {
      expect(res.ok).toBe(false);
      expect(r.index(kind).complete).toBe(true);
    } else expect(res.ok).toBe(true);
  });
});

describe('a name two records share', () => {
  const cases: [string, string[], LookupPlanItem['strategy']][] = [
    [
      'is ambiguous with filtered calls, though page 1 had one of them',
      ['CT-2023-001', 'PLAN-40'],
      'filtered calls',
    ],
    ['is ambiguous with the full list', ['CT-2023-001', 'PLAN-40', 'PLAN-41', 'PLAN-42'], 'full list'],
  ];
  it.each(cases)('%s', async (_name, names, strategy) => {
    const r = new Resolver(client, { company: 1, cacheDir: freshCache() });
    await r.load('contract', names);
    expect(r.plan[0].strategy).toBe(strategy);
    expect(r.resolve('contract', 'CT-2023-001')).toEqual({
      ok: false,
      code: 'E_LOOKUP_AMBIGUOUS',
      message:
        "contract 'CT-2023-001' matches 2 records (id 1, id 76); rename one in the service or give the id",
    });
  });
});

describe('the lookup cache', () => {
  it('a second run reads a reference list from disk without a request', async () => {
    const cacheDir = freshCache();
    await new Resolver(client, { company: 1, cacheDir }).load('supplier', ['Microsoft']);
    await sb.admin(`/__sandbox/reset`, { method: 'POST' });
    const again = new Resolver(client, { company: 1, cacheDir });
    await again.load('supplier', ['Microsoft']);
    expect(again.plan).toEqual([{ kind: 'supplier', names: 1, strategy: 'cache', requests: 0 }]);
    expect(await listGets('supplier')).toBe(0);
    expect(again.resolve('supplier', 'microsoft')).toMatchObject({ ok: true, entry: { id: 6 } });
  });

  const uncached: [string, LookupKind, { refresh?: boolean; cacheTtl?: number }, number][] = [
    ['--refresh reads the list again', 'supplier', { refresh: true }, 3],
    ['a TTL of 0 turns the cache off', 'supplier', { cacheTtl: 0 }, 3],
    // Contracts: page 1, one filtered call for the missing name, then pages 2 to 4.
    ["the user's own records (contracts) are never cached", 'contract', {}, 5],
  ];
  it.each(uncached)('%s', async (_name, kind, opts, requests) => {
    const cacheDir = freshCache();
    await new Resolver(client, { company: 1, cacheDir, ...opts }).load(kind, ['X']);
    await sb.admin(`/__sandbox/reset`, { method: 'POST' });
    const again = new Resolver(client, { company: 1, cacheDir, ...opts });
    await again.load(kind, ['X']);
    expect(again.plan[0].strategy).toBe('full list');
    expect(await listGets(kind)).toBe(requests);
  });

  const HOUR = 3600_000;
  const aged: [string, LookupKind, string, number, LookupPlanItem['strategy']][] = [
    ['a category list cached 2 hours ago is read again', 'category', 'Hardware', 2 * HOUR, 'full list'],
    [
      'the country list cached 2 hours ago is not (the world’s, for a week)',
      'country',
      'France',
      2 * HOUR,
      'cache',
    ],
    ['the country list cached 8 days ago is read again', 'country', 'France', 8 * 24 * HOUR, 'full list'],
  ];
  it.each(aged)('%s', async (_name, kind, name, age, strategy) => {
    const cacheDir = freshCache();
    await new Resolver(client, { company: 1, cacheDir }).load(kind, [name]);
    // The cache file as that many hours ago wrote it.
    for (const f of await readdir(cacheDir)) {
      const path = join(cacheDir, f);
      const data = JSON.parse(readFileSync(path, 'utf8')) as { at: number };
      writeFileSync(path, JSON.stringify({ ...data, at: data.at - age }));
    }
    const again = new Resolver(client, { company: 1, cacheDir });
    await again.load(kind, [name]);
    expect(again.plan[0].strategy).toBe(strategy);
    expect(again.resolve(kind, name)).toMatchObject({ ok: true });
  });

  it('a TTL of 0 writes no cache file', async () => {
    const cacheDir = freshCache();
    await new Resolver(client, { company: 1, cacheDir, cacheTtl: 0 }).load('category', ['Hardware']);
    await expect(readdir(cacheDir)).rejects.toThrow();
  });

  it('a loaded list is not loaded again in the same run', async () => {
    const r = new Resolver(client, { company: 1, cacheDir: freshCache() });
    await r.load('category', ['Hardware']);
    await r.load('category', ['Software']);
    expect(r.plan).toHaveLength(1);
    expect(await listGets('category')).toBe(1);
  });
});

describe('loading again with more names (a one-pass run meeting new ones)', () => {
  // Contracts: four pages, so up to two filtered calls beat the three pages after page 1.
  const steps: {
    names: string[];
    strategy: LookupPlanItem['strategy'];
    requests: number;
    covers: Record<string, boolean>;
  }[] = [
    {
      names: ['PLAN-1'],
      strategy: 'filtered calls',
      requests: 2,
      covers: { 'PLAN-1': true, 'PLAN-40': false },
    },
    {
      names: ['PLAN-40', 'PLAN-1'],
      strategy: 'filtered calls',
      requests: 3,
      covers: { 'PLAN-40': true, 'PLAN-41': false },
    },
    // A third name would make three filtered calls: no cheaper than pages 2 to 4.
    {
      names: ['PLAN-41'],
      strategy: 'full list',
      requests: 6,
      covers: { 'PLAN-41': true, 'PLAN-5': true, 'no such contract': true },
    },
  ];
  it('goes on from page 1 and the names already asked, and keeps one plan line', async () => {
    const r = new Resolver(client, { company: 1, cacheDir: freshCache() });
    const names = new Set<string>();
    for (const step of steps) {
      await r.load('contract', step.names);
      for (const n of step.names) names.add(n);
      expect(r.plan).toEqual([
        { kind: 'contract', names: names.size, strategy: step.strategy, requests: step.requests },
      ]);
      expect(r.requests).toBe(step.requests);
      expect(await listGets('contract')).toBe(step.requests);
      for (const [name, covered] of Object.entries(step.covers))
        expect(r.covers('contract', name), name).toBe(covered);
    }
    expect(r.resolve('contract', 'PLAN-41')).toMatchObject({ ok: true });
  });
});

describe("the mapping's look at a list before the scan (load with no names) costs nothing the scan would not spend", () => {
  const cases: [string, LookupKind, string[], LookupPlanItem['strategy'], number][] = [
    [
      'a one-page list: read whole once, its plan line counts the names asked later',
      'category',
      ['Hardware', 'Software'],
      'full list',
      1,
    ],
    [
      'a long list: page 1, then the filtered calls the names need',
      'contract',
      ['PLAN-1', 'PLAN-40'],
      'filtered calls',
      3,
    ],
    [
      'a long list: page 1, then the rest of it',
      'contract',
      ['PLAN-1', 'PLAN-40', 'PLAN-41', 'PLAN-42'],
      'full list',
      4,
    ],
  ];
  it.each(cases)('%s', async (_name, kind, names, strategy, requests) => {
    const r = new Resolver(client, { company: 1, cacheDir: freshCache() });
    await r.load(kind, []);
    await r.load(kind, names);
    expect(r.plan).toEqual([{ kind, names: names.length, strategy, requests }]);
    expect(await listGets(kind)).toBe(requests);
  });
});
