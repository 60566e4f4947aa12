// The spec's limits, copied by hand from service-api.md (4.2 asset, 4.3 contract, 4.4
// customer, 4.7 asset owner), checked against the definitions in src/resources and
// against the schemas derived from them. Written out independently on purpose: a wrong
// max length, enum or required flag in a definition fails here.
import { describe, expect, it } from 'vitest';
import {
  asset,
  assetOwner,
  contract,
  customer,
  setPath,
  validateWriteBody,
  type FieldDef,
  type ResourceDef,
} from '../../src/resources/index.js';

type Kind = 'text' | 'email' | 'money' | 'date' | 'boolean' | 'integer' | 'enum' | 'lookup';
interface Spec {
  kind: Kind;
  max?: number;
  required?: boolean;
  values?: string[];
  /** PUT's narrower enum (contract status). */
  updateValues?: string[];
  lookup?: string;
  createOnly?: boolean;
}

const t = (max?: number, extra: Partial<Spec> = {}): Spec => ({ kind: 'text', max, ...extra });
const email = (max: number): Spec => ({ kind: 'email', max });
const money: Spec = { kind: 'money' };
const date: Spec = { kind: 'date' };
const bool: Spec = { kind: 'boolean' };
const look = (lookup: string, extra: Partial<Spec> = {}): Spec => ({ kind: 'lookup', lookup, ...extra });
const oneOf = (values: string[], extra: Partial<Spec> = {}): Spec => ({ kind: 'enum', values, ...extra });

// service-api.md 4.2 (manufacturer_currency and category.subcategory have no stated max).
const ASSET: Record<string, Spec> = {
  name: t(50, { required: true }),
  contract: look('contract'),
  'category.id': look('category'),
  'category.subcategory': t(),
  attached_supplier: look('supplier'),
  ...Object.fromEntries(
    [
      'manufacturer',
      'serial_number',
      'pseudo_number',
      'unit',
      'bldng_name',
      'street',
      'floor',
      'room',
      'address',
      'state_province',
      'city',
      'zip_code',
    ].map((f) => [f, t(50)]),
  ),
  country: look('country'),
  location_description: t(1000),
  general_info_notes: t(150),
  asset_owner: look('asset_owner'),
  business_unit: look('business_unit'),
  warranty_status: oneOf(['none', 'out_of_warranty', 'within_warranty']),
  warranty_type: oneOf([
    'none',
    'oem',
    'oem_extended',
    'third_party',
    'advanced_replacement_warranty',
    'standard_manufacturer_warranty',
    'gold_level_support',
  ]),
  warranty_provider: look('supplier'),
  end_of_life_date: date,
  warranty_start_date: date,
  warranty_end_date: date,
  warranty_contact_phone: t(20),
  warranty_contact_email: email(254),
  warranty_notes: t(1000),
  support_status: oneOf(['none', 'out_of_support', 'within_support']),
  support_type: oneOf(['none', 'oem', 'oem_extended', 'third_party']),
  support_provider: look('supplier'),
  end_of_support_date: date,
  support_start_date: date,
  support_end_date: date,
  support_contact_phone: t(20),
  support_contact_email: email(254),
  support_notes: t(1000),
  asset_usage_status: look('usage_status'),
  asset_tag: t(50),
  lifecycle_stage: t(50),
  asset_notes: t(1000),
  original_cost: money,
  service_start_date: date,
  depreciation_schedule: oneOf(['other', '3_year_33_percent', '5_year_20_percent', '10_year_10_percent']),
  estimated_salvage_value: money,
  financial_notes: t(1000),
  customer_part_number: t(50),
  parent_manufacturer_part_number: t(50),
  parent_serial_number: t(50),
  manufacturer_part_number: t(50),
  'asset_hardware_model.id': look('hardware_model'),
  sales_manager_name: t(50),
  sales_manager_email: email(50),
  additional_sales_email: email(50),
  contract_service_per_item: money,
  asset_location_address: t(50),
  'currency.value': t(50),
  'currency.symbol': t(50),
  new_hardware_selling_unit_price: money,
  'manufacturer_currency.value': t(),
  'manufacturer_currency.symbol': t(),
  manufacturer_warranty_unit_price: money,
};

// service-api.md 4.3; 4.6 for what PUT leaves out.
const CONTRACT: Record<string, Spec> = {
  contract_type: oneOf(['buy_side', 'sell_side'], { required: true, createOnly: true }),
  name: t(50, { required: true }),
  number: t(50, { required: true }),
  parent_contract: look('contract'),
  first_offer_value: money,
  cost_avoidance_value: money,
  contract_risk_value: money,
  customer: look('customer'),
  supplier: look('supplier'),
  country: look('country', { required: true }),
  status: oneOf(['active', 'archived', 'cancelled', 'draft', 'expired', 'suspended', 'terminated'], {
    required: true,
    updateValues: ['active', 'archived'],
  }),
  'category.id': look('category', { required: true }),
  'category.subcategory': t(),
  description: t(1000),
  business_unit: look('business_unit'),
  contract_start_date: { ...date, required: true },
  contract_end_date: { ...date, required: true },
  notice_period: { kind: 'integer' },
  service_start_date: date,
  end_of_term_clause: oneOf(['auto_expires', 'auto_renewed']),
  end_of_term_action: oneOf(['allow_auto_renew', 'allow_expiration', 'disallow_auto_renew', 'renegotiate']),
  timeline_notes: t(1000),
  total_contract_spend_value: { ...money, required: true },
  mrc: money,
  nrc: money,
  'expenditure_type.type': oneOf(['blended', 'capex', 'opex']),
  'expenditure_type.capex_actual': money,
  'expenditure_type.opex_actual': money,
  payment_terms: oneOf(['custom', 'net_30', 'net_45', 'net_60']),
  financing: oneOf(['custom', 'financed', 'leased', 'self_paid']),
  financial_notes: t(1000),
  approver: t(50, { createOnly: true }),
  signer: t(50, { createOnly: true }),
  signed_date: { ...date, createOnly: true },
};

// service-api.md 4.4 (4.5: PUT has the same fields).
const CUSTOMER: Record<string, Spec> = {
  name: t(50, { required: true }),
  category: look('category'),
  'contact_person.name': t(50),
  'contact_person.email': email(254),
  'contact_person.type': oneOf([
    'account_management',
    'billing',
    'executive',
    'sales',
    'support',
    'technical',
  ]),
  address_line_1: t(50),
  address_line_2: t(50),
  city: t(50),
  state_province: t(50),
  zip_postal_code: t(20),
  country: look('country'),
  phone: t(20),
  mobile: t(20),
  fax: t(20),
  website: t(50),
  general_description: t(1000),
  supplementary_description: t(1000),
  additional_description: t(1000),
  nda_signed: bool,
  msa_signed: bool,
  nda_signed_date: date,
  msa_signed_date: date,
};

// service-api.md 4.7.
const ASSET_OWNER: Record<string, Spec> = {
  name: t(50, { required: true }),
  email: email(254),
  phone: t(20),
};

// Section 8.5 and the custom field rules of 4.2-4.4.
const MONEY_MAX = 999999999999999;
const CUSTOM_TEXT_MAX: Record<string, number> = { asset: 150, contract: 50, customer: 50 };

const TABLES: [string, ResourceDef, Record<string, Spec>, Record<string, unknown>][] = [
  ['asset', asset, ASSET, { company: 1, name: 'A' }],
  [
    'contract',
    contract,
    CONTRACT,
    {
      company: 1,
      contract_type: 'buy_side',
      name: 'C',
      number: 'N',
      supplier: 1,
      country: 840,
      status: 'active',
      category: { id: 1 },
      contract_start_date: '2024-01-01',
      contract_end_date: '2024-12-31',
      total_contract_spend_value: 999999999999999,
    },
  ],
  ['customer', customer, CUSTOMER, { company: 1, name: 'C' }],
  ['asset owner', assetOwner, ASSET_OWNER, { company: 1, name: 'O' }],
];

const KIND_OF: Record<Kind, (f: FieldDef) => boolean> = {
  text: (f) => f.type === 'text',
  email: (f) => f.type === 'email',
  money: (f) => f.type === 'decimal' && f.min === 0 && f.max === MONEY_MAX,
  date: (f) => f.type === 'date',
  boolean: (f) => f.type === 'boolean',
  integer: (f) => f.type === 'integer',
  enum: (f) => f.type === 'enum',
  lookup: (f) => f.type === 'lookup',
};

const rows = TABLES.flatMap(([name, def, spec, base]) =>
  Object.entries(spec).map(([field, s]) => [`${name}.${field}`, def, field, s, base] as const),
);

describe.each(TABLES)("%s: the definition has the spec's fields", (_name, def, spec) => {
  it('no more, no fewer (variants aside)', () => {
    expect(
      def.fields
        .filter((f) => !f.variant)
        .map((f) => f.name)
        .sort(),
    ).toEqual(Object.keys(spec).sort());
  });
});

describe('each field agrees with the spec', () => {
  it.each(rows)('%s', (_label, def, field, s) => {
    const f = def.fields.find((x) => x.name === field)!;
    expect(
      KIND_OF[s.kind](f),
      `kind ${s.kind}, definition says ${f.type} ${f.min ?? ''}..${f.max ?? ''}`,
    ).toBe(true);
    if (s.max !== undefined) expect(f.maxLength, 'max length').toBe(s.max);
    expect(f.required === true, 'required').toBe(s.required === true);
    expect(f.createOnly === true, 'create only').toBe(s.createOnly === true);
    if (s.values)
      expect(
        f.values?.map((v) => v.value),
        'enum values',
      ).toEqual(s.values);
    if (s.updateValues) expect(f.updateValues, 'values on update').toEqual(s.updateValues);
    if (s.lookup) expect(f.lookup, 'lookup').toBe(s.lookup);
  });
});

describe('the derived schemas enforce the limits', () => {
  const issuesOn = (def: ResourceDef, body: Record<string, unknown>, field: string) =>
    validateWriteBody(def, body, 'create', 'service').issues.filter((i) => i.field === field);
  const withValue = (base: Record<string, unknown>, field: string, value: unknown) => {
    const body = structuredClone(base);
    setPath(body, field, value);
    return body;
  };
  const ofLength = (kind: Kind, n: number) =>
    kind === 'email' ? `${'a'.repeat(n - 12)}@example.com` : 'x'.repeat(n);

  it.each(rows.filter(([, , , s]) => s.max !== undefined))(
    '%s: max length',
    (_label, def, field, s, base) => {
      expect(issuesOn(def, withValue(base, field, ofLength(s.kind, s.max!)), field)).toEqual([]);
      expect(issuesOn(def, withValue(base, field, ofLength(s.kind, s.max! + 1)), field)).not.toEqual([]);
    },
  );

  it.each(rows.filter(([, , , s]) => s.kind === 'money'))(
    '%s: 0 to 999999999999999',
    (_label, def, field, _s, base) => {
      for (const ok of [0, MONEY_MAX, '12.50'])
        expect(issuesOn(def, withValue(base, field, ok), field), String(ok)).toEqual([]);
      for (const bad of [-0.01, MONEY_MAX + 1, 1.005])
        expect(issuesOn(def, withValue(base, field, bad), field), String(bad)).not.toEqual([]);
    },
  );

  it.each(rows.filter(([, , , s]) => s.kind === 'enum'))(
    "%s: only the spec's values",
    (_label, def, field, s, base) => {
      for (const v of s.values!) expect(issuesOn(def, withValue(base, field, v), field)).toEqual([]);
      expect(issuesOn(def, withValue(base, field, 'not_a_value'), field)).not.toEqual([]);
    },
  );

  it.each(rows.filter(([, , , s]) => s.required))('%s: required', (_label, def, field, _s, base) => {
    expect(issuesOn(def, withValue(base, field, undefined), field)).toEqual([
      { field, message: 'This field is required.' },
    ]);
  });

  it('contract status on update: active and archived only', () => {
    const base = { ...TABLES[1][3], contract_type: undefined };
    expect(validateWriteBody(contract, { ...base, status: 'archived' }, 'update', 'service').ok).toBe(true);
    expect(validateWriteBody(contract, { ...base, status: 'draft' }, 'update', 'service').ok).toBe(false);
  });

  it.each(Object.entries(CUSTOM_TEXT_MAX))('%s: custom text values up to its max', (name, max) => {
    const def = { asset, contract, customer }[name]!;
    expect(def.customTextMax).toBe(max);
  });
});

describe('the checks are the same for a value met before', () => {
  // validateWriteBody keeps each field's checks by value (src/util/memo.ts); a sheet's
  // repeated values must get exactly what their first check gave, and nothing else.
  const base = { company: 1, name: 'Laptop 1', category: { id: 1 } };
  it.each([
    ['a valid date, then the same date', { service_start_date: '2024-02-29' }, []],
    ['a day that does not exist, then again', { service_start_date: '2023-02-29' }, ['service_start_date']],
    ['a name over its limit, then again', { name: 'x'.repeat(300) }, ['name']],
    ['a category object, then an equal one', { category: { id: 1, subcategory: 'Laptop' } }, []],
    ['a category id of the wrong type, then again', { category: { id: 'one' } }, ['category.id']],
  ])('%s', (_name, extra, fields) => {
    const check = () =>
      validateWriteBody(asset, { ...structuredClone(base), ...structuredClone(extra) }, 'create', 'user')
        .issues;
    const first = check();
    for (const f of fields)
      expect(
        first.some((x) => x.field === f),
        f,
      ).toBe(true);
    if (fields.length === 0)
      expect(first.filter((x) => Object.keys(extra).some((k) => x.field.startsWith(k)))).toEqual([]);
    expect(check()).toEqual(first);
    expect(check()).toEqual(first);
  });

  it('a text that spells a valid object is still not an object', () => {
    expect(
      validateWriteBody(asset, { ...base, category: { id: 1 } }, 'create', 'service').issues.filter((i) =>
        i.field.startsWith('category'),
      ),
    ).toEqual([]);
    expect(
      validateWriteBody(asset, { ...base, category: '{"id":1}' }, 'create', 'service').issues.filter((i) =>
        i.field.startsWith('category'),
      ),
    ).not.toEqual([]);
  });

  it('values met after a field gave up memoising are still checked', () => {
    for (let i = 0; i < 6000; i++)
      validateWriteBody(asset, { ...base, serial_number: `SN-${i}` }, 'create', 'user');
    expect(
      validateWriteBody(asset, { ...base, serial_number: 'y'.repeat(500) }, 'create', 'user').issues.some(
        (i) => i.field === 'serial_number',
      ),
    ).toBe(true);
    expect(
      validateWriteBody(asset, { ...base, serial_number: 'SN-ok' }, 'create', 'user').issues.some(
        (i) => i.field === 'serial_number',
      ),
    ).toBe(false);
  });
});
