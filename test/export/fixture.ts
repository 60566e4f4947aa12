// A sandbox holding exactly n records of every list it can size: reference lists are
// written into a state file (the service offers no way to create them), assets,
// contracts and customers are created through the API, as a user's import would.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/api/client.js';
import { buildSeed, startSandbox, type Sandbox } from '../../src/sandbox/index.js';

type Data = Record<string, unknown>;

/** Text that a spreadsheet would run as a formula, and other awkward text. */
const DANGEROUS = ['=HYPERLINK("http://x","y")', '+SUM(1,2)', '-2+3', '@cmd', '\t=tab', '=1+2'];
const awkward = (i: number, base: string): string =>
  i <= DANGEROUS.length ? DANGEROUS[i - 1] : i % 7 === 0 ? `${base}, "quoted"\nsecond line é 日本` : base;

const field = (id: number, name: string, data_type: string, order: number, is_active = true) => ({
  id,
  name,
  data_type,
  is_active,
  order,
});

/** Read shapes of the reference lists, record i of n (1-based). */
const REFERENCE: Record<string, { company: number | null; make: (i: number) => Data }> = {
  supplier: {
    company: 1,
    make: (i) => ({
      id: i,
      name: awkward(i, `Supplier ${i}`),
      category: { id: 1, name: 'Category 1' },
      contact_person: { name: `Contact ${i}`, email: `c${i}@example.com`, type: 'sales' },
      address_line_1: `${i} Main Street`,
      address_line_2: null,
      city: 'Springfield',
      country: 'United States',
      phone: i % 4 === 0 ? '+1 206-555-0100' : '206-555-0101',
      type: i % 2 === 0 ? 'us' : 'foreign',
      ein: i % 2 === 0 ? '12-3456789' : null,
      nda_signed: i % 2 === 0,
      nda_signed_date: i % 2 === 0 ? '2023-01-15' : null,
      msa_signed: false,
      msa_signed_date: null,
      template: i % 3 === 0 ? { id: 3, fields: { '10': i, '11': 'Yes' } } : null,
    }),
  },
  'custom-field-template': {
    company: 1,
    make: (i) =>
      i === 1
        ? {
            id: 1,
            name: 'Asset extras',
            is_active: true,
            type: 'asset',
            fields: [
              field(1, 'Cost Centre', 'text', 1),
              field(2, 'PO Number', 'text', 2),
              field(3, 'Insurance Value', 'money', 3),
              field(4, 'Rack Units', 'number', 4),
              field(5, 'Last Audit', 'date', 5),
              field(6, 'Old Ref', 'text', 6, false),
            ],
          }
        : i === 2
          ? {
              id: 2,
              name: 'Contract extras',
              is_active: true,
              type: 'contract',
              fields: [
                field(7, 'Budget Code', 'text', 1),
                field(8, 'Renewal Budget', 'money', 2),
                field(9, 'Review Date', 'date', 3),
              ],
            }
          : i === 3
            ? {
                id: 3,
                name: 'Supplier extras',
                is_active: true,
                type: 'supplier',
                fields: [field(10, 'Supplier Rating', 'number', 1), field(11, 'Preferred', 'text', 2)],
              }
            : {
                id: i,
                name: `Template ${i}`,
                is_active: false,
                type: 'asset',
                fields: [field(1000 + i, `Unused ${i}`, 'text', 1)],
              },
  },
  'custom-form-template': {
    company: 1,
    make: (i) => ({
      id: i,
      name: `Form ${i}`,
      form_title: `Form title ${i}`,
      form_desc: 'Collected at intake.',
      type: 'asset',
      is_active: true,
      is_default: i === 1,
      fields: [field(2000 + i, 'Requested By', 'text', 1)],
    }),
  },
  'business-unit': {
    company: 1,
    make: (i) => ({
      id: i,
      name: awkward(i, `Unit ${i}`),
      contact_name: `Head ${i}`,
      contact_email: `head${i}@example.com`,
      contact_phone_number: '+44 20 7946 0000',
      description: i % 2 ? 'Runs things.' : null,
    }),
  },
  user: {
    company: null,
    make: (i) => ({
      id: i,
      first_name: `First${i}`,
      last_name: `Last${i}`,
      email: `user${i}@example.com`,
      role: i === 1 ? 'admin' : 'user',
      status: 'has_site_access',
    }),
  },
  license: {
    company: 1,
    make: (i) => ({
      license_id: i,
      hashed_id: `h${i.toString(16)}`,
      public_license_id: 100000 + i,
      license_name: `License ${i}`,
      type: 'Volume',
      state: 'Active',
      status: 'Assigned',
      issued_date: '2024-01-01',
      activation_date: '2024-01-02',
      claimed_date: null,
      expiry_date: '2026-01-01',
      is_transferrable: i % 2 === 0,
      is_key_universal: false,
      license_key_number: `KEY-${i}`,
      notes: null,
      stock_keeping_unit: `SKU-${i}`,
      term_type: 'Years',
      term_value: 2,
      quota: 10 * i,
      issuer: 1,
      assets: i % 2 === 0 ? [1, 2, 3] : [],
      template: {},
    }),
  },
  category: {
    company: 1,
    make: (i) => ({
      id: i,
      category: `Category ${i}`,
      subcategories: i % 2 === 1 ? ['Laptops', 'Phones'] : null,
    }),
  },
  'usage-status': {
    company: 1,
    make: (i) => ({ id: i, company_id: 1, name: `Status ${i}`, set_as_default: i === 1 }),
  },
  hardware_model: {
    company: 1,
    make: (i) => ({ id: i, asset_hardware_model: `Model ${i}` }),
  },
  // Stored as its write body; the sandbox adds the id.
  'asset-owner': {
    company: 1,
    make: (i) => ({
      name: awkward(i, `Owner ${i}`),
      email: `owner${i}@example.com`,
      phone: i % 2 ? '+1 555 0100' : null,
    }),
  },
};

function assetBody(i: number): Data {
  return {
    company: 1,
    name: awkward(i, `Asset ${i}`),
    serial_number: `SN-${String(i).padStart(5, '0')}`,
    category: { id: 1, subcategory: 'Laptops' },
    attached_supplier: 1,
    manufacturer: 'Dell',
    country: 840,
    asset_owner: 1,
    business_unit: 1,
    asset_usage_status: 1,
    asset_hardware_model: { id: 1 },
    warranty_status: 'within_warranty',
    warranty_end_date: '2027-06-30',
    original_cost: 1000 + i + 0.5,
    service_start_date: '2023-01-01',
    depreciation_schedule: i % 2 ? '5_year_20_percent' : 'other',
    estimated_salvage_value: 100,
    asset_notes: i % 5 === 0 ? 'Line one\nline two, with "quotes"' : null,
    currency: { value: 'US', symbol: '$' },
    template: {
      id: 1,
      fields: [
        { id: 1, value: `CC-${i}` },
        { id: 3, value: 1500.25 },
        { id: 4, value: i },
        { id: 5, value: '2024-01-31' },
      ],
    },
  };
}

/** Contract i; the contract template (custom field template 2) exists only from n = 2. */
function contractBody(i: number, n = i + 1): Data {
  return {
    company: 1,
    contract_type: 'buy_side',
    name: awkward(i, `Contract ${i}`),
    number: `CT-${String(i).padStart(5, '0')}`,
    ...(i > 1 ? { parent_contract: 1 } : {}),
    supplier: 1,
    country: 826,
    status: 'active',
    category: { id: 1 },
    business_unit: 1,
    contract_start_date: '2024-01-01',
    contract_end_date: '2027-01-01',
    notice_period: 90,
    end_of_term_clause: i % 2 ? 'auto_renewed' : 'auto_expires',
    total_contract_spend_value: 36000,
    mrc: 1000,
    nrc: 0,
    expenditure_type: { type: 'capex' },
    payment_terms: 'net_30',
    financing: 'self_paid',
    ...(n >= 2
      ? {
          template: {
            id: 2,
            fields: [
              { id: 7, value: `BC-${i}` },
              { id: 8, value: 250.25 },
            ],
          },
        }
      : {}),
  };
}

function customerBody(i: number): Data {
  return {
    company: 1,
    name: awkward(i, `Customer ${i}`),
    category: 1,
    contact_person: { name: `Buyer ${i}`, email: `buyer${i}@example.com`, type: 'billing' },
    city: 'London',
    country: 826,
    phone: '+44 20 7946 0001',
    nda_signed: i % 2 === 0,
    nda_signed_date: i % 2 === 0 ? '2024-02-29' : null,
  };
}

export interface SizedSandbox {
  readonly sandbox: Sandbox;
  readonly client: ApiClient;
  readonly dir: string;
  close(): Promise<void>;
}

/** Start a sandbox with n records of every sizable list (countries and companies stay as seeded). */
export async function startSizedSandbox(n: number, opts: { latencyMs?: number } = {}): Promise<SizedSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'assetbatch-export-'));
  const state = buildSeed('empty');
  for (const [resource, spec] of Object.entries(REFERENCE)) {
    state.records[resource] = Array.from({ length: n }, (_, k) => ({
      id: k + 1,
      company: spec.company,
      data: spec.make(k + 1),
    }));
    state.nextId[resource] = n + 1;
  }
  const stateFile = join(dir, 'state.json');
  await writeFile(stateFile, JSON.stringify(state));
  const sandbox = await startSandbox({ port: 0, rateLimit: 0, latencyMs: opts.latencyMs, stateFile });
  const client = new ApiClient({ baseUrl: sandbox.url, token: sandbox.token, rateLimit: 0, connections: 16 });
  await createMany(client, 'customer', n, customerBody);
  await createMany(client, 'asset', n, assetBody);
  await createMany(client, 'contract', n, (i) => contractBody(i, n));
  return {
    sandbox,
    client,
    dir,
    async close() {
      await client.close();
      await sandbox.close();
    },
  };
}

/** Create records through the API, a few at a time, in order of i (so ids follow i). */
async function createMany(
  client: ApiClient,
  resource: string,
  n: number,
  body: (i: number) => Data,
): Promise<void> {
  for (let i = 1; i <= n; i++) await client.write('POST', client.path(resource), body(i));
}
