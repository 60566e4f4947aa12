// Resolver.load: a name asked before its list was loaded (a mapping's look at the first rows,
// a one-pass run) is answered again from the list once it loads, whichever way the list came:
// from the disk cache, or read whole in one page. A saved "not found" must not outlive it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Resolver } from '../../src/resolve/lookups.js';
import type { LookupKind } from '../../src/resources/fields.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: ApiClient;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'assetbatch-answers-'));
});
afterAll(async () => {
  await client.close();
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a name asked before its list loads is found once it has loaded', () => {
  const cases: { name: string; kind: LookupKind; look: string; cached: boolean }[] = [
    { name: 'the list comes from the disk cache', kind: 'category', look: 'Hardware', cached: true },
    { name: 'the list is read whole in one page', kind: 'category', look: 'Hardware', cached: false },
  ];
  it.each(cases)('$name ($look)', async ({ kind, look, cached }) => {
    const cacheDir = join(dir, cached ? 'cached' : 'uncached');
    const cacheTtl = cached ? 3600 : 0;
    // An earlier run left the list in the cache.
    if (cached) await new Resolver(client, { company: 1, cacheDir, cacheTtl }).load(kind, [look]);
    const resolver = new Resolver(client, { company: 1, cacheDir, cacheTtl });
    expect(resolver.resolve(kind, look).ok).toBe(false);
    await resolver.load(kind, [look]);
    expect(resolver.plan.map((p) => p.strategy)).toEqual([cached ? 'cache' : 'full list']);
    expect(resolver.resolve(kind, look)).toMatchObject({ ok: true, entry: { name: look } });
  });
});
