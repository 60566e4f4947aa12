// The sandbox's seed account, built deterministically (a seeded PRNG fills the details).
// Tests and samples rely on the names and ids below; `empty` keeps only what every
// account has: countries, companies, categories and usage statuses.
import { asset, contract, customer } from '../../resources/index.js';
import { COUNTRIES } from '../../resources/countries.js';
import { USUAL_CATEGORIES } from '../../resources/category.js';
import { USUAL_USAGE_STATUSES } from '../../resources/usage-status.js';
import { mulberry32, pick, type Random } from '../prng.js';
import { normaliseWriteBody } from '../read-shape.js';
import { Store, emptyState, type StoreState } from '../store.js';
import { SUPPLIERS_COMPANY_1, SUPPLIERS_COMPANY_2, type SupplierRow } from './suppliers.js';
import { OWNERS_COMPANY_1, OWNERS_COMPANY_2, USERS, emailOf } from './people.js';

export type SeedKind = 'default' | 'empty';

const COMPANIES = [
  { id: 1, name: 'Acme Corporation', status: 'active' },
  { id: 2, name: 'Acme Europe GmbH', status: 'active' },
  { id: 3, name: 'Legacy Holdings', status: 'archived' },
] as const;

const CATEGORIES: readonly (readonly [string, readonly string[] | null])[] = USUAL_CATEGORIES;

const USAGE_STATUSES: readonly string[] = USUAL_USAGE_STATUSES;

const BUSINESS_UNITS_1: readonly (readonly [string, string, string])[] = [
  ['Finance', 'Margaret Lin', 'Budgets, accounts payable and financial reporting.'],
  ['Human Resources', 'Daniel Okoye', 'People operations, hiring and benefits.'],
  ['IT Operations', 'Sanjay Patel', 'End-user computing, infrastructure and the service desk.'],
  ['Engineering', 'Elena Petrova', 'Product engineering and platform teams.'],
  ['Sales', 'Marcus Greene', 'New business and account management.'],
  ['Marketing', 'Chloe Dubois', 'Brand, campaigns and events.'],
  ['Legal', 'Robert Hayes', 'Contracts, compliance and intellectual property.'],
  ['Facilities', 'Linda Park', 'Offices, furniture and fleet.'],
  ['Customer Support', 'Ahmed Karim', 'Customer help desk and success.'],
  ['Research & Development', 'Yuki Tanaka', 'Research labs and prototypes.'],
];
const BUSINESS_UNITS_2: readonly (readonly [string, string, string])[] = [
  ['EMEA Sales', 'Katrin Vogel', 'Sales across Europe, the Middle East and Africa.'],
  ['EMEA IT', 'Stefan Braun', 'IT for the European offices.'],
  ['EMEA Finance', 'Julia Hoffmann', 'Finance for the European entity.'],
];

// Company 1's hardware model names.
const HARDWARE_MODELS_1: readonly string[] = [
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
  'Surface Laptop 5',
  'ThinkPad P16s Gen 2',
  'Mac mini M2',
  'Catalyst 9200L-24P',
];
const HARDWARE_MODELS_2: readonly string[] = ['Latitude 7440', 'ThinkPad T14 Gen 4', 'Fujitsu Esprimo D7012'];

const CONTACT_FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'Ahmed',
  'Linda',
  'Kenji',
  'Sofia',
  'Lucas',
  'Emma',
  'Raj',
  'Nina',
  'Oscar',
  'Hana',
];
const CONTACT_LAST = [
  'Carter',
  'Nguyen',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Ito',
  'Silva',
  'Murphy',
  'Haddad',
  'Novak',
  'Berg',
  'Costa',
  'Singh',
  'Dubois',
];
const STREETS = [
  'Main Street',
  'Market Street',
  'Commerce Drive',
  'Innovation Way',
  'Park Avenue',
  'Technology Parkway',
  'High Street',
  'Harbour Road',
  'Enterprise Boulevard',
  'Station Road',
];
const CONTACT_TYPES = [
  'account_management',
  'billing',
  'executive',
  'sales',
  'support',
  'technical',
] as const;

function phone(rnd: Random, country: string): string {
  const n = (k: number) => Array.from({ length: k }, () => Math.floor(rnd() * 10)).join('');
  if (country === 'United States' || country === 'Canada')
    return `+1 ${2 + Math.floor(rnd() * 7)}${n(2)}-555-${n(4)}`;
  if (country === 'United Kingdom') return `+44 20 ${n(4)} ${n(4)}`;
  if (country === 'Germany') return `+49 ${n(2)} ${n(7)}`;
  const dial: Record<string, string> = {
    Australia: '61',
    Japan: '81',
    'South Korea': '82',
    Switzerland: '41',
    Ireland: '353',
    France: '33',
  };
  return `+${dial[country] ?? '1'} ${n(3)} ${n(6)}`;
}

function isoDate(rnd: Random, fromYear: number, toYear: number): string {
  const y = fromYear + Math.floor(rnd() * (toYear - fromYear + 1));
  const m = 1 + Math.floor(rnd() * 12);
  const d = 1 + Math.floor(rnd() * 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

interface Ids {
  category: Map<string, number>;
  supplier: Map<string, number>;
}

function seedSupplier(
  store: Store,
  rnd: Random,
  company: number,
  row: SupplierRow,
  ids: Ids,
  index: number,
  supplierTemplate: number | null,
): void {
  const [name, domain, categoryName, city, state, zip, countryName] = row;
  const contactName = `${pick(rnd, CONTACT_FIRST)} ${pick(rnd, CONTACT_LAST)}`;
  const us = countryName === 'United States';
  const nda = rnd() < 0.7;
  const msa = rnd() < 0.5;
  const street = `${100 + Math.floor(rnd() * 9800)} ${pick(rnd, STREETS)}`;
  const id = store.snapshot().nextId.supplier ?? 1;
  const data: Record<string, unknown> = {
    id,
    name,
    category: { id: ids.category.get(`${company}:${categoryName}`), name: categoryName },
    contact_person: {
      name: contactName,
      email: emailOf(contactName, domain.replace(/^(aws|cloud|business)\./, '')),
      type: pick(rnd, CONTACT_TYPES),
    },
    address_line_1: street,
    address_line_2: rnd() < 0.3 ? `Suite ${100 + Math.floor(rnd() * 800)}` : null,
    city,
    state_province: state,
    zip_postal_code: zip,
    country: countryName,
    phone: phone(rnd, countryName),
    mobile: rnd() < 0.5 ? phone(rnd, countryName) : null,
    fax: rnd() < 0.2 ? phone(rnd, countryName) : null,
    website: `https://www.${domain}`,
    general_description: `${name}: ${categoryName.toLowerCase()} supplier.`,
    type: us ? 'us' : 'foreign',
    business_name: name,
    business_address_line_1: street,
    business_address_line_2: null,
    business_city: city,
    business_state_province: state,
    business_zip_postal_code: zip,
    business_country: countryName,
    ein: us ? `${10 + Math.floor(rnd() * 89)}-${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}` : null,
    financial_description: rnd() < 0.5 ? 'Invoices monthly in arrears.' : null,
    nda_signed: nda,
    nda_signed_date: nda ? isoDate(rnd, 2019, 2023) : null,
    msa_signed: msa,
    msa_signed_date: msa ? isoDate(rnd, 2019, 2023) : null,
    supplementary_description: null,
    additional_description: null,
    template:
      supplierTemplate !== null && index % 3 === 0
        ? {
            id: supplierTemplate,
            fields: { '10': 1 + Math.floor(rnd() * 5), '11': rnd() < 0.5 ? 'Yes' : 'No' },
          }
        : null,
  };
  const rec = store.insert('supplier', company, data);
  ids.supplier.set(`${company}:${name}`, rec.id);
}

/** Build the seed account. Same kind, same data, every time. */
export function buildSeed(kind: SeedKind = 'default'): StoreState {
  const store = new Store(emptyState());
  const ids = seedAccountLists(store);
  if (kind === 'empty') return store.snapshot();

  // One generator for the whole account, so the order of the steps below fixes every detail.
  const rnd = mulberry32(20240601);
  seedOrganisation(store, rnd);
  seedTemplates(store);
  SUPPLIERS_COMPANY_1.forEach((row, i) => seedSupplier(store, rnd, 1, row, ids, i, 3));
  SUPPLIERS_COMPANY_2.forEach((row, i) => seedSupplier(store, rnd, 2, row, ids, i, null));
  seedHardwareModels(store);
  seedOwners(store, rnd);
  seedLicenses(store, rnd);
  seedRecords(store, ids);
  return store.snapshot();
}

/** What every account has, even an empty one: countries, companies, categories, usage statuses. */
function seedAccountLists(store: Store): Ids {
  const ids: Ids = { category: new Map(), supplier: new Map() };
  for (const c of COUNTRIES)
    store.insert('country', null, { country_name: c.name, country_numeric_code: c.numeric }, c.numeric);
  for (const c of COMPANIES)
    store.insert('company', null, { id: c.id, name: c.name, status: c.status }, c.id);
  for (const company of [1, 2]) {
    for (const [name, subs] of CATEGORIES) {
      const id = store.snapshot().nextId.category ?? 1;
      store.insert('category', company, { id, category: name, subcategories: subs ? [...subs] : null });
      ids.category.set(`${company}:${name}`, id);
    }
  }
  for (const company of [1, 2]) {
    for (const name of USAGE_STATUSES) {
      const id = store.snapshot().nextId['usage-status'] ?? 1;
      store.insert('usage-status', company, {
        id,
        company_id: company,
        name,
        set_as_default: name === 'In Use',
      });
    }
  }
  return ids;
}

/** Insert a record whose body carries its own id, the next one of its resource. */
function insertWithId(
  store: Store,
  resource: string,
  company: number | null,
  data: Record<string, unknown>,
): void {
  store.insert(resource, company, { id: store.snapshot().nextId[resource] ?? 1, ...data });
}

/** The companies' business units and the account's users. */
function seedOrganisation(store: Store, rnd: Random): void {
  for (const [company, units, domain] of [
    [1, BUSINESS_UNITS_1, 'acme.example'],
    [2, BUSINESS_UNITS_2, 'acme-europe.example'],
  ] as const) {
    for (const [name, contact, description] of units) {
      insertWithId(store, 'business-unit', company, {
        name,
        contact_name: contact,
        contact_email: emailOf(contact, domain),
        contact_phone_number: phone(rnd, company === 1 ? 'United States' : 'Germany'),
        description,
      });
    }
  }
  USERS.forEach(([first, last, role, status]) =>
    insertWithId(store, 'user', null, {
      first_name: first,
      last_name: last,
      email: emailOf(`${first} ${last}`, 'acme.example'),
      role,
      status,
    }),
  );
}

/** Custom-field templates and custom forms; field ids are unique across the account. */
function seedTemplates(store: Store): void {
  // 1-6 asset, 7-9 contract, 10-11 supplier; the forms' fields follow from 12.
  const field = (id: number, name: string, data_type: string, order: number, is_active = true) => ({
    id,
    name,
    data_type,
    is_active,
    order,
  });
  const template = (name: string, type: string, fields: unknown[]) =>
    insertWithId(store, 'custom-field-template', 1, { name, is_active: true, type, fields });
  template('Asset extras', 'asset', [
    field(1, 'Cost Centre', 'text', 1),
    field(2, 'PO Number', 'text', 2),
    field(3, 'Insurance Value', 'money', 3),
    field(4, 'Rack Units', 'number', 4),
    field(5, 'Last Audit', 'date', 5),
    field(6, 'Old Ref', 'text', 6, false),
  ]);
  template('Contract extras', 'contract', [
    field(7, 'Budget Code', 'text', 1),
    field(8, 'Renewal Budget', 'money', 2),
    field(9, 'Review Date', 'date', 3),
  ]);
  template('Supplier extras', 'supplier', [
    field(10, 'Supplier Rating', 'number', 1),
    field(11, 'Preferred', 'text', 2),
  ]);
  const form = (name: string, type: string, title: string, fields: unknown[]) =>
    insertWithId(store, 'custom-form-template', 1, {
      name,
      form_title: title,
      form_desc: `Collected when a ${type} is registered.`,
      type,
      is_active: true,
      is_default: true,
      fields,
    });
  form('Asset intake form', 'asset', 'Asset intake', [
    field(12, 'Requested By', 'text', 1),
    field(13, 'Approval Date', 'date', 2),
    field(14, 'Purchase Receipt', 'attachment', 3),
  ]);
  form('Contract review form', 'contract', 'Contract review', [
    field(15, 'Reviewed By', 'text', 1),
    field(16, 'Review Outcome', 'text', 2),
  ]);
  form('Customer onboarding form', 'customer', 'Customer onboarding', [
    field(17, 'Account Manager', 'text', 1),
    field(18, 'Onboarded On', 'date', 2),
  ]);
  form('Supplier due diligence form', 'supplier', 'Supplier due diligence', [
    field(19, 'Risk Tier', 'text', 1),
    field(20, 'Assessment Date', 'date', 2),
    field(21, 'Certificate', 'attachment', 3),
  ]);
}

function seedHardwareModels(store: Store): void {
  for (const [company, models] of [
    [1, HARDWARE_MODELS_1],
    [2, HARDWARE_MODELS_2],
  ] as const) {
    for (const m of models) insertWithId(store, 'hardware_model', company, { asset_hardware_model: m });
  }
}

function seedOwners(store: Store, rnd: Random): void {
  for (const [company, names, domain] of [
    [1, OWNERS_COMPANY_1, 'acme.example'],
    [2, OWNERS_COMPANY_2, 'acme-europe.example'],
  ] as const) {
    for (const name of names)
      store.insert('asset-owner', company, {
        name,
        email: emailOf(name, domain),
        phone: phone(rnd, company === 1 ? 'United States' : 'Germany'),
      });
    // A team, not a person: owners are often shared mailboxes in real registers. Id 30.
    if (company === 1)
      store.insert('asset-owner', 1, {
        name: 'IT Service Desk',
        email: 'servicedesk@acme.example',
        phone: '+1 206-555-0100',
      });
  }
}

function seedLicenses(store: Store, rnd: Random): void {
  const rows: readonly (readonly [string, string, string, string, string, number, number])[] = [
    ['Microsoft 365 E3', 'Volume', 'Active', 'Assigned', 'Years', 1, 500],
    ['Windows 11 Enterprise', 'Enterprise', 'Active', 'Assigned', 'Years', 3, 450],
    ['Adobe Creative Cloud', 'Single-User', 'Active', 'Assigned', 'Years', 1, 25],
    ['Atlassian Jira Software Cloud', 'Product', 'Renewed', 'Assigned', 'Years', 1, 200],
    ['Oracle Database Enterprise Edition', 'Perpetual', 'Active', 'Assigned', 'Years', 99, 8],
    ['VMware vSphere Enterprise Plus', 'Support', 'Expired', 'Unassigned', 'Years', 3, 32],
    ['AutoCAD 2024', 'Concurrent', 'Active', 'Pending Activation', 'Months', 12, 10],
    ['CrowdStrike Falcon Trial', 'Trial', 'Inactive', 'Unassigned', 'Days', 30, 50],
    ['Dell ProSupport Plus', 'Warranty', 'Active', 'Assigned', 'Years', 3, 120],
    ['Cisco SmartNet', 'Maintenance', 'Active', 'Transferred', 'Years', 1, 40],
  ];
  rows.forEach(([name, type, state, status, termType, termValue, quota], i) => {
    const id = store.snapshot().nextId.license ?? 1;
    const issued = isoDate(rnd, 2022, 2024);
    const hex = Array.from({ length: 12 }, () => Math.floor(rnd() * 16).toString(16)).join('');
    store.insert(
      'license',
      1,
      {
        license_id: id,
        hashed_id: hex,
        public_license_id: 100_000 + id,
        license_name: name,
        type,
        state,
        status,
        issued_date: issued,
        activation_date: status === 'Pending Activation' ? null : issued,
        claimed_date: status === 'Assigned' ? issued : null,
        expiry_date: state === 'Expired' ? '2024-06-30' : '2026-12-31',
        is_transferrable: i % 3 === 0,
        is_key_universal: i % 4 === 0,
        license_key_number: Array.from({ length: 5 }, () =>
          Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(rnd() * 31)]).join(
            '',
          ),
        ).join('-'),
        notes: null,
        stock_keeping_unit: `SKU-${1000 + i * 37}`,
        term_type: termType,
        term_value: termValue,
        quota,
        issuer: 1 + (i % 3),
        assets: i === 0 ? [1, 2] : [],
        template: {},
      },
      id,
    );
  });
}

/** Ids of company 1's categories and suppliers, by name: the records below refer to them. */
interface SeedRefs {
  cat(name: string): number;
  sup(name: string): number;
}

/** The records of company 1 that tests update and export: customers, contracts, assets. */
function seedRecords(store: Store, ids: Ids): void {
  const refs: SeedRefs = {
    cat: (name) => ids.category.get(`1:${name}`)!,
    sup: (name) => ids.supplier.get(`1:${name}`)!,
  };
  seedCustomers(store, refs);
  seedContracts(store, refs);
  seedAssets(store, refs);
}

function seedCustomers(store: Store, { cat }: SeedRefs): void {
  const customers: Record<string, unknown>[] = [
    {
      name: 'Northwind Traders',
      category: cat('Services'),
      contact_person: {
        name: 'Nancy Davolio',
        email: 'nancy.davolio@northwind.example',
        type: 'account_management',
      },
      address_line_1: '507 20th Ave E',
      city: 'Seattle',
      state_province: 'WA',
      zip_postal_code: '98122',
      country: 840,
      phone: '+1 206-555-9857',
      website: 'https://northwind.example',
      general_description: 'Specialty foods importer.',
      nda_signed: true,
      nda_signed_date: '2022-04-12',
      msa_signed: true,
      msa_signed_date: '2022-05-01',
    },
    {
      name: 'Contoso Ltd',
      category: cat('Services'),
      contact_person: { name: 'Adele Vance', email: 'adele.vance@contoso.example', type: 'executive' },
      address_line_1: '1 Contoso Way',
      city: 'London',
      state_province: 'Greater London',
      zip_postal_code: 'EC1A 1BB',
      country: 826,
      phone: '+44 20 7946 0321',
      website: 'https://contoso.example',
      nda_signed: true,
      nda_signed_date: '2023-01-20',
      msa_signed: false,
    },
    {
      name: 'Fabrikam Inc',
      category: cat('Hardware'),
      contact_person: { name: 'Ben Walters', email: 'ben.walters@fabrikam.example', type: 'billing' },
      address_line_1: '200 Industrial Pkwy',
      city: 'Chicago',
      state_province: 'IL',
      zip_postal_code: '60601',
      country: 840,
      phone: '+1 312-555-0142',
      nda_signed: false,
      msa_signed: false,
    },
  ];
  for (const c of customers) store.insert('customer', 1, normaliseWriteBody(customer, c));
}

function seedContracts(store: Store, { cat, sup }: SeedRefs): void {
  const contracts: Record<string, unknown>[] = [
    {
      contract_type: 'buy_side',
      name: 'Dell Hardware Supply 2023',
      number: 'CT-2023-001',
      supplier: sup('Dell Technologies'),
      country: 840,
      status: 'active',
      category: { id: cat('Hardware'), subcategory: 'Laptop' },
      description: 'Laptops and desktops for all offices.',
      business_unit: 3,
      contract_start_date: '2023-01-01',
      contract_end_date: '2025-12-31',
      notice_period: 90,
      service_start_date: '2023-01-15',
      end_of_term_clause: 'auto_expires',
      end_of_term_action: 'renegotiate',
      total_contract_spend_value: 250000,
      nrc: 10000,
      expenditure_type: { type: 'capex', capex_actual: 250000, opex_actual: null },
      payment_terms: 'net_30',
      financing: 'self_paid',
      approver: 'Margaret Lin',
      signer: 'Sanjay Patel',
      signed_date: '2022-12-15',
      template: {
        id: 2,
        fields: [
          { id: 7, value: 'IT-HW-2023' },
          { id: 9, value: '2025-06-30' },
        ],
      },
    },
    {
      contract_type: 'buy_side',
      name: 'Microsoft Enterprise Agreement',
      number: 'CT-2023-002',
      supplier: sup('Microsoft'),
      country: 840,
      status: 'active',
      category: { id: cat('Software'), subcategory: 'Productivity' },
      business_unit: 3,
      contract_start_date: '2023-03-01',
      contract_end_date: '2026-02-28',
      notice_period: 60,
      end_of_term_clause: 'auto_renewed',
      end_of_term_action: 'allow_auto_renew',
      total_contract_spend_value: 180000,
      mrc: 5000,
      nrc: 0,
      expenditure_type: { type: 'blended', capex_actual: 60000, opex_actual: 120000 },
      payment_terms: 'net_45',
      financing: 'financed',
    },
    {
      contract_type: 'sell_side',
      name: 'Northwind Managed Services',
      number: 'CT-2023-003',
      customer: 1,
      country: 840,
      status: 'active',
      category: { id: cat('Services'), subcategory: 'Support' },
      business_unit: 5,
      contract_start_date: '2023-06-01',
      contract_end_date: '2024-05-31',
      notice_period: 30,
      service_start_date: '2023-06-01',
      total_contract_spend_value: 96000,
      mrc: 8000,
      expenditure_type: { type: 'opex', capex_actual: null, opex_actual: 96000 },
      payment_terms: 'net_30',
      financing: 'self_paid',
    },
    {
      contract_type: 'sell_side',
      name: 'Contoso Cloud Hosting',
      number: 'CT-2023-004',
      customer: 2,
      country: 826,
      status: 'draft',
      category: { id: cat('Services'), subcategory: 'Cloud Hosting' },
      business_unit: 5,
      contract_start_date: '2023-09-01',
      contract_end_date: '2026-08-31',
      total_contract_spend_value: 420000,
      mrc: 11000,
      nrc: 24000,
      payment_terms: 'net_60',
      financing: 'leased',
      timeline_notes: 'Migration waves in Q4 2023.',
    },
  ];
  for (const c of contracts) store.insert('contract', 1, normaliseWriteBody(contract, c));
}

function seedAssets(store: Store, { cat, sup }: SeedRefs): void {
  const assets: Record<string, unknown>[] = [
    {
      name: 'Finance laptop 01',
      serial_number: 'SN-EXIST-0001',
      contract: 1,
      category: { id: cat('Hardware'), subcategory: 'Laptop' },
      attached_supplier: sup('Dell Technologies'),
      manufacturer: 'Dell',
      country: 840,
      city: 'Seattle',
      asset_owner: 1,
      business_unit: 1,
      warranty_status: 'within_warranty',
      warranty_type: 'oem',
      warranty_provider: sup('Dell Technologies'),
      warranty_start_date: '2023-02-01',
      warranty_end_date: '2026-01-31',
      asset_usage_status: 1,
      asset_tag: 'ACME-0001',
      original_cost: 1849.0,
      service_start_date: '2023-02-01',
      depreciation_schedule: '3_year_33_percent',
      asset_hardware_model: { id: 1 },
      template: {
        id: 1,
        fields: [
          { id: 1, value: 'CC-100' },
          { id: 2, value: 'PO-55812' },
        ],
      },
    },
    {
      name: 'Engineering workstation 07',
      serial_number: 'SN-EXIST-0002',
      category: { id: cat('Hardware'), subcategory: 'Laptop' },
      attached_supplier: sup('Lenovo'),
      manufacturer: 'Lenovo',
      country: 840,
      asset_owner: 2,
      business_unit: 4,
      warranty_status: 'within_warranty',
      asset_usage_status: 1,
      asset_tag: 'ACME-0002',
      original_cost: 2199.5,
      asset_hardware_model: { id: 7 },
    },
    {
      name: 'Core switch DC1',
      serial_number: 'SN-EXIST-0003',
      category: { id: cat('Hardware'), subcategory: 'Network' },
      attached_supplier: sup('Cisco Systems'),
      manufacturer: 'Cisco',
      country: 840,
      bldng_name: 'DC1',
      room: 'Hall B',
      asset_owner: 30,
      business_unit: 3,
      support_status: 'within_support',
      support_type: 'oem',
      support_provider: sup('Cisco Systems'),
      support_start_date: '2023-01-01',
      support_end_date: '2026-12-31',
      asset_usage_status: 1,
      asset_tag: 'ACME-0003',
      original_cost: 12650,
      asset_hardware_model: { id: 15 },
      template: { id: 1, fields: [{ id: 4, value: 1 }] },
    },
    {
      name: 'Reception monitor',
      serial_number: 'SN-EXIST-0004',
      category: { id: cat('Hardware'), subcategory: 'Monitor' },
      manufacturer: 'Dell',
      country: 826,
      city: 'London',
      asset_usage_status: 2,
      asset_tag: 'ACME-0004',
      original_cost: 579.99,
      asset_hardware_model: { id: 17 },
    },
    {
      name: 'Old file server',
      serial_number: 'SN-EXIST-0005',
      category: { id: cat('Hardware'), subcategory: 'Server' },
      manufacturer: 'Dell',
      country: 840,
      asset_usage_status: 4,
      end_of_life_date: '2024-03-31',
      asset_tag: 'ACME-0005',
      original_cost: 8400,
      estimated_salvage_value: 250,
      asset_notes: 'Decommissioned after migration to PowerEdge R760.',
      asset_hardware_model: { id: 5 },
    },
  ];
  for (const a of assets) store.insert('asset', 1, normaliseWriteBody(asset, a));
}
