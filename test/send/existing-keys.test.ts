// The existing-record check's full list: which records an import keeps for comparing its
// rows (those whose key the sheet has, and those without a key), on the sandbox's seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { asset } from '../../src/resources/asset.js';
import { loadExistingKeys } from '../../src/send/existing-records.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: ApiClient;
let keyless: number;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sb.url, token: sb.token, rateLimit: 0 });
  const made = await client.write<{ id: number }>(
    'POST',
    client.path(asset.path),
    { name: 'No serial', company: 1 },
    { company: 1 },
  );
  keyless = made.id;
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const load = (keepRecords: boolean | { has(key: string): boolean } | undefined) =>
  loadExistingKeys(client, asset, 1, ['serial_number'], 1_000, { keepRecords });

describe('loadExistingKeys keeps', () => {
  it.each([
    ['nothing when not asked', undefined, () => [] as number[]],
    ['every record for an update', true, (all: number[]) => all],
    [
      "an import's: the records whose key the sheet has, and those without a key",
      new Set(['SN-EXIST-0002']),
      () => [2, keyless],
    ],
  ])('%s', async (_name, keep, expected) => {
    const existing = await load(keep);
    const all = [...(existing.ids ?? [])].sort((a, b) => a - b);
    expect(all).toContain(keyless);
    expect([...(existing.records?.keys() ?? [])].sort((a, b) => a - b)).toEqual(expected(all));
    // The keys of every record are known whatever is kept.
    expect(existing.map?.get('serial_number=SN-EXIST-0001')).toEqual([1]);
  });
});
