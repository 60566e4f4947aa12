// The example row of each template, in the sandbox's seed names (company 1, "Acme
// Corporation"). Keyed by the service's field names; enum values are service values (the
// template shows their labels) and lookups are the names a user would type.
import type { WritableName } from '../resources/index.js';

export type ExampleValue = string | number | boolean;

/** The "ID" column of update-only templates. */
export const ID_COLUMN = 'id';

export const EXAMPLES: Record<WritableName, Readonly<Record<string, ExampleValue>>> = {
  asset: {
    name: 'Finance laptop - Alice Johnson',
    contract: 'CT-2023-001',
    'category.id': 'Hardware',
    'category.subcategory': 'Laptop',
    attached_supplier: 'Dell Technologies',
    manufacturer: 'Dell',
    serial_number: 'SN-EXAMPLE-0001',
    bldng_name: 'HQ',
    floor: '3',
    room: '3.14',
    city: 'New York',
    state_province: 'NY',
    zip_code: '10001',
    country: 'United States',
    asset_owner: 'Alice Johnson',
    business_unit: 'Finance',
    warranty_status: 'within_warranty',
    warranty_type: 'oem',
    warranty_provider: 'Dell Technologies',
    warranty_start_date: '2024-01-15',
    warranty_end_date: '2027-01-14',
    support_status: 'within_support',
    support_type: 'oem',
    support_provider: 'Dell Technologies',
    asset_usage_status: 'In Use',
    asset_tag: 'ACME-1001',
    lifecycle_stage: 'Deployed',
    original_cost: 1234.5,
    service_start_date: '2024-01-15',
    depreciation_schedule: '3_year_33_percent',
    estimated_salvage_value: 100,
    'asset_hardware_model.id': 'Latitude 7440',
  },
  contract: {
    contract_type: 'buy_side',
    name: 'Dell laptop supply 2024',
    number: 'CT-EXAMPLE-001',
    supplier: 'Dell Technologies',
    country: 'United States',
    status: 'active',
    'category.id': 'Hardware',
    'category.subcategory': 'Laptop',
    description: 'Laptops and three years of support for Finance and Sales.',
    business_unit: 'IT Operations',
    contract_start_date: '2024-01-01',
    contract_end_date: '2026-12-31',
    notice_period: 90,
    service_start_date: '2024-01-15',
    end_of_term_clause: 'auto_renewed',
    end_of_term_action: 'renegotiate',
    total_contract_spend_value: 250000,
    nrc: 200000,
    'expenditure_type.type': 'blended',
    'expenditure_type.capex_actual': 200000,
    'expenditure_type.opex_actual': 50000,
    payment_terms: 'net_30',
    financing: 'self_paid',
    approver: 'Alice Johnson',
    signer: 'Bob Smith',
    signed_date: '2023-12-15',
  },
  customer: {
    name: 'EXAMPLE Tailspin Toys',
    category: 'Professional Services',
    'contact_person.name': 'Nora Quinn',
    'contact_person.email': 'nora.quinn@tailspin.example',
    'contact_person.type': 'account_management',
    address_line_1: '1600 Broadway',
    city: 'Denver',
    state_province: 'CO',
    zip_postal_code: '80202',
    country: 'United States',
    phone: '+1 303 555 0100',
    website: 'tailspin.example',
    nda_signed: true,
    nda_signed_date: '2024-01-10',
  },
  'asset-owner': {
    id: 1,
    name: 'Alice Johnson',
    email: 'alice.johnson@acme.example',
    phone: '+1 212 555 0101',
  },
};

/** The word that marks the example row's key (serial number, contract number, customer name). */
const EXAMPLE_MARK = 'EXAMPLE';

/**
 * The key the template's example row carries, for resources that are created from rows:
 * an import skips a row with that key (the user kept the example below their own rows).
 */
export function exampleKey(def: {
  name: string;
  naturalKey?: readonly string[];
  writes: { create: boolean };
}): { field: string; value: string } | undefined {
  const field = def.naturalKey?.[0];
  const value = field ? EXAMPLES[def.name as WritableName]?.[field] : undefined;
  return def.writes.create && typeof value === 'string' && value.includes(EXAMPLE_MARK)
    ? { field: field!, value }
    : undefined;
}

export const EXAMPLE_SKIPPED =
  "the template's example row (its key is the example's): skipped; replace it with a real row or delete it";
