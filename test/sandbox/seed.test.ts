// The seed account: deterministic, and holding the names samples and tests rely on.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../src/sandbox/index.js';
import { LookupIndex, resolveCountry, toEntry } from '../../src/resolve/lookups.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import { contract, asset, customer, validateWriteBody } from '../../src/resources/index.js';

const seed = buildSeed('default');
const data = (resource: string, company?: number): Record<string, unknown>[] =>
  (seed.records[resource] ?? [])
    .filter((r) => company === undefined || r.company === company)
    .map((r) => ({ id: r.id, ...r.data }));
const names = (resource: string, company?: number, key = 'name') =>
  data(resource, company).map((r) => r[key]);

describe('seed', () => {
  it('is the same every time', () => {
    expect(JSON.stringify(buildSeed('default'))).toBe(JSON.stringify(seed));
  });

  it('is, as `npm run build` saved it for the built sandbox, the seed built here', async () => {
    const saved = join(import.meta.dirname, '../../dist/sandbox/seed-default.json');
    expect(JSON.parse(await readFile(saved, 'utf8'))).toStrictEqual(seed);
  });

  it.each([
    ['company', undefined, 'name', ['Acme Corporation', 'Acme Europe GmbH', 'Legacy Holdings']],
    ['category', 1, 'category', ['Hardware', 'Software', 'Services', 'Facilities', 'Professional Services']],
    ['category', 2, 'category', ['Hardware', 'Software', 'Services', 'Facilities', 'Professional Services']],
    [
      'usage-status',
      1,
      'name',
      ['In Use', 'In Stock', 'In Repair', 'Retired', 'Disposed', 'Lost/Stolen', 'On Loan'],
    ],
    ['customer', 1, 'name', ['Northwind Traders', 'Contoso Ltd', 'Fabrikam Inc']],
    ['contract', 1, 'number', ['CT-2023-001', 'CT-2023-002', 'CT-2023-003', 'CT-2023-004']],
    [
      'asset',
      1,
      'serial_number',
      ['SN-EXIST-0001', 'SN-EXIST-0002', 'SN-EXIST-0003', 'SN-EXIST-0004', 'SN-EXIST-0005'],
    ],
  ] as const)('%s (company %s) is exactly the expected list', (resource, company, key, expected) => {
    expect(names(resource, company, key)).toEqual(expected);
  });

  it.each([
    [
      'supplier',
      1,
      'name',
      [
        'Dell Technologies',
        'HP Inc.',
        'Lenovo',
        'Apple',
        'Cisco Systems',
        'Microsoft',
        'Amazon Web Services',
        'CDW',
        'Insight Enterprises',
        'SHI International',
        'Softchoice',
        'Ingram Micro',
        'TD SYNNEX',
        'Computacenter',
        'Bechtle',
        'Softcat',
        'Logicalis',
        'Iron Mountain',
        'Verizon Business',
        'AT&T Business',
      ],
    ],
    [
      'business-unit',
      1,
      'name',
      [
        'Finance',
        'Human Resources',
        'IT Operations',
        'Engineering',
        'Sales',
        'Marketing',
        'Legal',
        'Facilities',
        'Customer Support',
        'Research & Development',
      ],
    ],
    ['business-unit', 2, 'name', ['EMEA Sales', 'EMEA IT']],
    [
      'hardware_model',
      1,
      'asset_hardware_model',
      [
        'Latitude 7440',
        'Latitude 5540',
        'OptiPlex 7010',
        'PowerEdge R760',
        'PowerEdge R650',
        'ThinkPad T14 Gen 4',
        'ThinkPad X1 Carbon Gen 11',
        'ThinkCentre M90q',
        'MacBook Pro 14 M3',
        'MacBook Air 13 M2',
        'iMac 24',
        'EliteBook 840 G10',
        'ProBook 450 G10',
        'HP Z2 G9',
        'Catalyst 9300-48P',
        'Meraki MR46',
        'UltraSharp U2723QE',
        'HP E24 G5',
        'iPhone 15',
        'Galaxy S24',
        'iPad Air',
        'Surface Pro 9',
        'LaserJet Pro M404',
        'PowerVault ME5024',
      ],
    ],
    [
      'asset-owner',
      1,
      'name',
      ['Alice Johnson', 'Bob Smith', 'Carol Williams', 'David Brown', 'Eve Davis', 'IT Service Desk'],
    ],
    ['custom-field-template', 1, 'name', ['Asset extras', 'Contract extras', 'Supplier extras']],
  ] as const)('%s (company %s) includes the names samples use', (resource, company, key, expected) => {
    expect(names(resource, company, key)).toEqual(expect.arrayContaining([...expected]));
  });

  it('has enough suppliers for three pages', () => {
    expect(data('supplier', 1).length).toBeGreaterThanOrEqual(62);
  });

  it('has users of both roles and all three statuses', () => {
    const users = data('user') as unknown as { role: string; status: string }[];
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['admin', 'user']));
    expect(new Set(users.map((u) => u.status))).toEqual(
      new Set(['has_site_access', 'no_site_access', 'removed']),
    );
  });

  it('has unique custom field ids across the account', () => {
    const ids = [...data('custom-field-template'), ...data('custom-form-template')].flatMap((t) =>
      (t as unknown as { fields: { id: number }[] }).fields.map((f) => f.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a custom form per type, one with an attachment field', () => {
    const forms = data('custom-form-template') as unknown as {
      type: string;
      fields: { data_type: string }[];
    }[];
    expect(forms.map((f) => f.type).sort()).toEqual(['asset', 'contract', 'customer', 'supplier']);
    expect(forms.some((f) => f.fields.some((x) => x.data_type === 'attachment'))).toBe(true);
  });

  it.each([
    ['contract', contract],
    ['asset', asset],
    ['customer', customer],
  ] as const)('seeded %ss pass every rule', (resource, def) => {
    for (const r of seed.records[resource]) {
      expect(
        validateWriteBody(def, { ...r.data, company: r.company }, 'create', 'service').issues,
        String(r.id),
      ).toEqual([]);
    }
  });

  it('empty keeps only countries, companies, categories and usage statuses', () => {
    const empty = buildSeed('empty');
    expect(Object.keys(empty.records).sort()).toEqual(['category', 'company', 'country', 'usage-status']);
  });
});

describe('countries', () => {
  it('has every ISO 3166-1 country once', () => {
    expect(COUNTRIES).toHaveLength(249);
    for (const key of ['numeric', 'alpha2', 'alpha3'] as const)
      expect(new Set(COUNTRIES.map((c) => c[key])).size).toBe(249);
  });

  it.each([
    [840, 'United States', ['USA', 'U.S.A.', 'US', 'U.S.', 'America', 'United States of America']],
    [826, 'United Kingdom', ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales']],
    [528, 'Netherlands', ['Holland', 'The Netherlands']],
    [410, 'South Korea', ['Korea, Republic of']],
    [792, 'Türkiye', ['Turkey']],
    [384, "Côte d'Ivoire", ['Ivory Coast']],
    [643, 'Russia', ['Russian Federation']],
    [704, 'Vietnam', ['Viet Nam']],
    [203, 'Czechia', ['Czech Republic']],
    [276, 'Germany', []],
  ] as const)(
    '%i is "%s", found by its common aliases (ours or i18n-iso-countries\')',
    (numeric, name, aliases) => {
      const c = COUNTRIES.find((x) => x.numeric === numeric)!;
      expect(c.name).toBe(name);
      const idx = new LookupIndex('country');
      for (const x of COUNTRIES)
        idx.add(toEntry('country', { country_name: x.name, country_numeric_code: x.numeric }));
      for (const a of aliases)
        expect(resolveCountry(idx, a), a).toMatchObject({ ok: true, entry: { id: numeric } });
    },
  );

  it('does not alias native names: the library has them', () => {
    expect(COUNTRIES.some((c) => c.aliases.includes('Deutschland'))).toBe(false);
  });
});
