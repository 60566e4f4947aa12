// Resolver.loadCached: a list from the disk cache alone, no request (a repeat's company list,
// src/run/plan.ts): known whole when an earlier run left it fresh, else nothing is asked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Resolver } from '../../src/resolve/lookups.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: ApiClient;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'assetbatch-cached-'));
});
afterAll(async () => {
  await client.close();
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a list loaded from the cache alone', () => {
  const cases = [
    { name: 'an earlier run left it in the cache: known, no request', cached: true, ttl: 3600, known: true },
    { name: 'not in the cache: not known, no request', cached: false, ttl: 3600, known: false },
    {
      name: 'in the cache, its hour over (ttl 0): not known, no request',
      cached: true,
      ttl: 0,
      known: false,
    },
  ];
  it.each(cases)('$name', async ({ cached, ttl, known }) => {
    const cacheDir = join(dir, `${cached}-${ttl}`);
    if (cached) await new Resolver(client, { company: 1, cacheDir }).load('company', []);
    const resolver = new Resolver(client, { company: 1, cacheDir, cacheTtl: ttl });
    expect(await resolver.loadCached('company')).toBe(known);
    expect(resolver.requests).toBe(0);
    expect(resolver.plan.map((p) => p.strategy)).toEqual(known ? ['cache'] : []);
    expect(resolver.index('company').nameOf(2)).toBe(known ? 'Acme Europe GmbH' : undefined);
  });
});
