// `template --live`: lookup drop-downs filled from the service, fetching only the lists
// the resource's columns use, each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { asset, contract, customer, assetOwner, type ResourceDef } from '../../src/resources/index.js';
import { fetchTemplateLookups } from '../../src/template/live.js';
import { buildTemplate } from '../../src/template/template.js';
import { readBack } from './snapshot.js';

let sandbox: Sandbox;
let client: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 0 });
  client = new ApiClient({ baseUrl: sandbox.url, token: sandbox.token, rateLimit: 0 });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe('fetchTemplateLookups', () => {
  const cases: [string, ResourceDef, string[]][] = [
    [
      'asset',
      asset,
      ['asset_owner', 'business_unit', 'category', 'country', 'hardware_model', 'supplier', 'usage_status'],
    ],
    ['contract', contract, ['business_unit', 'category', 'country', 'supplier']],
    ['customer', customer, ['category', 'country']],
    ['asset-owner', assetOwner, []],
  ];
  it.each(cases)('%s: fetches only the lists its columns look up', async (_name, def, kinds) => {
    const { lookups } = await fetchTemplateLookups(client, def, 1);
    expect(Object.keys(lookups).sort()).toEqual(kinds);
  });

  const names: [string, string][] = [
    ['supplier', 'Dell Technologies'],
    ['asset_owner', 'IT Service Desk'],
    ['usage_status', 'Lost/Stolen'],
    ['business_unit', 'Research & Development'],
    ['hardware_model', 'Catalyst 9300-48P'],
    ['category', 'Professional Services'],
    ['country', 'United Kingdom'],
  ];
  it.each(names)('%s names include "%s" (company 1 seed)', async (kind, name) => {
    const { lookups } = await fetchTemplateLookups(client, asset, 1);
    expect(lookups[kind as keyof typeof lookups]).toContain(name);
  });

  it('subcategories of every category are offered', async () => {
    const { subcategories } = await fetchTemplateLookups(client, asset, 1);
    expect(subcategories).toEqual(expect.arrayContaining(['Laptop', 'Cloud Hosting', 'HVAC']));
  });

  it('each list is read once, all pages: a handful of requests, not one per name', async () => {
    const before = client.stats.requests;
    const { lookups } = await fetchTemplateLookups(client, asset, 1);
    const used = client.stats.requests - before;
    const pages = Object.values(lookups).reduce(
      (n, names) => n + Math.max(1, Math.ceil(names!.length / 25)),
      0,
    );
    expect(used).toBeLessThanOrEqual(pages);
  });

  it('the names become warning drop-downs in the template', async () => {
    const live = await fetchTemplateLookups(client, asset, 1);
    const ws = (await readBack(await buildTemplate('asset', { company: 1, ...live }))).worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    for (const header of ['Owner', 'Hardware model', 'Country', 'Subcategory']) {
      expect(ws.getCell(2, headers.indexOf(header)).dataValidation, header).toMatchObject({
        type: 'list',
        errorStyle: 'warning',
      });
    }
  });
});
