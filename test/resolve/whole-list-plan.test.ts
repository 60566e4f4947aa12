// The custom field and form templates, read whole: the plan names each with its requests,
// in the order asked whatever answers first, and "cache" with 0 requests within the hour.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Resolver } from '../../src/resolve/lookups.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A list of `n` items that answers after `ms`. */
const slow = (n: number, ms: number) => () =>
  new Promise<number[]>((done) => setTimeout(() => done(Array.from({ length: n }, (_, i) => i)), ms));

async function readBoth(resolver: Resolver): Promise<void> {
  await Promise.all([
    resolver.wholeList('custom-field-template', slow(1, 30)),
    resolver.wholeList('custom-form-template', slow(0, 1)),
  ]);
}

describe('the templates in the plan', () => {
  it('read: each a full list with its pages, in the order asked; then from the cache', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'ab-whole-'));
    dirs.push(cacheDir);
    const first = new Resolver(undefined, { company: 1, cacheDir });
    await readBoth(first);
    expect(first.plan).toEqual([
      { kind: 'custom-field-template', names: 0, strategy: 'full list', requests: 1 },
      { kind: 'custom-form-template', names: 0, strategy: 'full list', requests: 1 },
    ]);
    expect(first.requests).toBe(2);
    const again = new Resolver(undefined, { company: 1, cacheDir });
    await readBoth(again);
    expect(again.plan.map((p) => [p.kind, p.strategy, p.requests])).toEqual([
      ['custom-field-template', 'cache', 0],
      ['custom-form-template', 'cache', 0],
    ]);
    expect(again.requests).toBe(0);
  });
});
