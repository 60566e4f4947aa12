// Every validation rule of the spec, one passing and one failing case each, over HTTP.
// A failing case names where DRF nests the message and a piece of its text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, buyContract, sandbox, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await sandbox();
});
afterAll(() => c.close());

let seq = 0;
const asset = (o: Record<string, unknown> = {}) => ({ company: 1, name: `Asset ${++seq}`, ...o });
const customer = (o: Record<string, unknown> = {}) => ({ company: 1, name: `Customer ${++seq}`, ...o });
const sell = (o: Record<string, unknown> = {}) =>
  buyContract({ contract_type: 'sell_side', supplier: undefined, customer: 1, ...o });
const owner = (o: Record<string, unknown> = {}) => ({ company: 1, name: `Owner ${++seq}`, ...o });
const long = (n: number) => 'x'.repeat(n);

interface Case {
  rule: string;
  method?: 'POST' | 'PUT';
  path: string;
  pass: () => Record<string, unknown>;
  fail: () => Record<string, unknown>;
  /** Path the failing case is sent to, when it differs from `path`. */
  failPath?: string;
  /** Where the message sits in the 400 body, and a piece of it. */
  at: (string | number)[];
  message: string;
}

// Every rule: the passing body is accepted, the failing one answers 400 with the message where DRF puts it.
const CASES: Case[] = [
  // company
  {
    rule: 'company is required in a write body',
    path: '/api/v2/asset/',
    pass: () => asset(),
    fail: () => asset({ company: undefined }),
    at: ['company'],
    message: 'This field is required.',
  },
  {
    rule: 'company must exist',
    path: '/api/v2/asset/',
    pass: () => asset({ company: 2 }),
    fail: () => asset({ company: 99 }),
    at: ['company'],
    message: 'Invalid pk "99" - object does not exist.',
  },
  // asset
  {
    rule: 'asset name is required',
    path: '/api/v2/asset/',
    pass: () => asset(),
    fail: () => asset({ name: undefined }),
    at: ['name'],
    message: 'This field is required.',
  },
  {
    rule: 'asset name may not be null',
    path: '/api/v2/asset/',
    pass: () => asset(),
    fail: () => asset({ name: null }),
    at: ['name'],
    message: 'This field may not be null.',
  },
  {
    rule: 'asset name max 50',
    path: '/api/v2/asset/',
    pass: () => asset({ name: long(50) }),
    fail: () => asset({ name: long(51) }),
    at: ['name'],
    message: 'Ensure this field has no more than 50 characters.',
  },
  {
    rule: 'asset general_info_notes max 150',
    path: '/api/v2/asset/',
    pass: () => asset({ general_info_notes: long(150) }),
    fail: () => asset({ general_info_notes: long(151) }),
    at: ['general_info_notes'],
    message: 'no more than 150',
  },
  {
    rule: 'asset location_description max 1000',
    path: '/api/v2/asset/',
    pass: () => asset({ location_description: long(1000) }),
    fail: () => asset({ location_description: long(1001) }),
    at: ['location_description'],
    message: 'no more than 1000',
  },
  {
    rule: 'asset warranty_contact_phone max 20',
    path: '/api/v2/asset/',
    pass: () => asset({ warranty_contact_phone: long(20) }),
    fail: () => asset({ warranty_contact_phone: long(21) }),
    at: ['warranty_contact_phone'],
    message: 'no more than 20',
  },
  {
    rule: 'asset email fields are emails',
    path: '/api/v2/asset/',
    pass: () => asset({ support_contact_email: 'a@b.example' }),
    fail: () => asset({ support_contact_email: 'not-an-email' }),
    at: ['support_contact_email'],
    message: 'Enter a valid email address.',
  },
  {
    rule: 'asset warranty_status is an enum',
    path: '/api/v2/asset/',
    pass: () => asset({ warranty_status: 'within_warranty' }),
    fail: () => asset({ warranty_status: 'yes' }),
    at: ['warranty_status'],
    message: '"yes" is not a valid choice.',
  },
  {
    rule: 'asset depreciation_schedule is an enum',
    path: '/api/v2/asset/',
    pass: () => asset({ depreciation_schedule: '5_year_20_percent' }),
    fail: () => asset({ depreciation_schedule: '5 years' }),
    at: ['depreciation_schedule'],
    message: 'is not a valid choice',
  },
  {
    rule: 'asset dates are yyyy-MM-dd',
    path: '/api/v2/asset/',
    pass: () => asset({ warranty_end_date: '2026-02-28' }),
    fail: () => asset({ warranty_end_date: '28/02/2026' }),
    at: ['warranty_end_date'],
    message: 'Date has wrong format',
  },
  {
    rule: 'asset dates must be real days',
    path: '/api/v2/asset/',
    pass: () => asset({ end_of_life_date: '2028-02-29' }),
    fail: () => asset({ end_of_life_date: '2027-02-29' }),
    at: ['end_of_life_date'],
    message: 'Date has wrong format',
  },
  {
    rule: 'asset money is at least 0',
    path: '/api/v2/asset/',
    pass: () => asset({ original_cost: 0 }),
    fail: () => asset({ original_cost: -1 }),
    at: ['original_cost'],
    message: 'greater than or equal to 0',
  },
  {
    rule: 'asset money is at most 999999999999999',
    path: '/api/v2/asset/',
    pass: () => asset({ original_cost: 999999999999999 }),
    fail: () => asset({ original_cost: 1e16 }),
    at: ['original_cost'],
    message: 'less than or equal to',
  },
  {
    rule: 'asset money has two decimal places at most',
    path: '/api/v2/asset/',
    pass: () => asset({ original_cost: '12.34' }),
    fail: () => asset({ original_cost: 12.345 }),
    at: ['original_cost'],
    message: 'no more than 2 decimal places',
  },
  {
    rule: 'asset lookup ids are integers',
    path: '/api/v2/asset/',
    pass: () => asset({ asset_owner: 1 }),
    fail: () => asset({ asset_owner: 'Alice Johnson' }),
    at: ['asset_owner'],
    message: 'A valid integer is required.',
  },
  {
    rule: 'asset supplier must exist in the company',
    path: '/api/v2/asset/',
    pass: () => asset({ attached_supplier: 65 }),
    fail: () => asset({ attached_supplier: 66 }),
    at: ['attached_supplier'],
    message: 'Invalid pk "66" - object does not exist.',
  },
  {
    rule: 'asset owner must exist in the company',
    path: '/api/v2/asset/',
    pass: () => asset({ asset_owner: 30 }),
    fail: () => asset({ asset_owner: 31 }),
    at: ['asset_owner'],
    message: 'Invalid pk "31"',
  },
  {
    rule: 'asset usage status must exist in the company',
    path: '/api/v2/asset/',
    pass: () => asset({ asset_usage_status: 7 }),
    fail: () => asset({ asset_usage_status: 8 }),
    at: ['asset_usage_status'],
    message: 'Invalid pk "8"',
  },
  {
    rule: 'asset business unit must exist',
    path: '/api/v2/asset/',
    pass: () => asset({ business_unit: 10 }),
    fail: () => asset({ business_unit: 11 }),
    at: ['business_unit'],
    message: 'Invalid pk "11"',
  },
  {
    rule: 'asset contract must exist',
    path: '/api/v2/asset/',
    pass: () => asset({ contract: 1 }),
    fail: () => asset({ contract: 999 }),
    at: ['contract'],
    message: 'Invalid pk "999"',
  },
  {
    rule: 'asset hardware model must exist (nested id)',
    path: '/api/v2/asset/',
    pass: () => asset({ asset_hardware_model: { id: 28 } }),
    fail: () => asset({ asset_hardware_model: { id: 29 } }),
    at: ['asset_hardware_model', 'id'],
    message: 'Invalid pk "29"',
  },
  {
    rule: 'asset country is a numeric ISO code',
    path: '/api/v2/asset/',
    pass: () => asset({ country: 276 }),
    fail: () => asset({ country: 999 }),
    at: ['country'],
    message: 'Invalid pk "999"',
  },
  {
    rule: 'asset category must exist in the company',
    path: '/api/v2/asset/',
    pass: () => asset({ category: { id: 5 } }),
    fail: () => asset({ category: { id: 6 } }),
    at: ['category', 'id'],
    message: 'Invalid pk "6"',
  },
  {
    rule: 'asset subcategory must be one of the category',
    path: '/api/v2/asset/',
    pass: () => asset({ category: { id: 1, subcategory: 'Server' } }),
    fail: () => asset({ category: { id: 1, subcategory: 'Furniture' } }),
    at: ['category', 'subcategory'],
    message: '"Furniture" is not a subcategory of "Hardware".',
  },
  {
    rule: 'asset currency value max 50',
    path: '/api/v2/asset/',
    pass: () => asset({ currency: { value: 'USD', symbol: '$' } }),
    fail: () => asset({ currency: { value: long(51), symbol: '$' } }),
    at: ['currency', 'value'],
    message: 'no more than 50',
  },
  {
    rule: 'asset unique_field=serial_number refuses a duplicate',
    path: '/api/v2/asset/?unique_field=serial_number',
    pass: () => asset({ serial_number: `SN-U-${seq}` }),
    fail: () => asset({ serial_number: 'SN-EXIST-0001' }),
    at: ['serial_number'],
    message: 'asset with this serial number already exists.',
  },
  {
    rule: 'asset unique_field=name refuses a duplicate',
    path: '/api/v2/asset/?unique_field=name',
    pass: () => asset(),
    fail: () => asset({ name: 'Core switch DC1' }),
    at: ['name'],
    message: 'asset with this name already exists.',
  },
  {
    rule: 'asset unique_field takes name or serial_number',
    path: '/api/v2/asset/?unique_field=serial_number',
    failPath: '/api/v2/asset/?unique_field=colour',
    pass: () => asset(),
    fail: () => asset(),
    at: ['unique_field'],
    message: 'is not a valid choice',
  },
  // custom fields
  {
    rule: 'custom money value',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [{ id: 3, value: '1500.00' }] } }),
    fail: () => asset({ template: { id: 1, fields: [{ id: 3, value: 'a lot' }] } }),
    at: ['template', 'fields', 0, 'value'],
    message: '"Insurance Value" must be an amount of money',
  },
  {
    rule: 'custom number value',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [{ id: 4, value: 2 }] } }),
    fail: () =>
      asset({
        template: {
          id: 1,
          fields: [
            { id: 1, value: 'ok' },
            { id: 4, value: 2.5 },
          ],
        },
      }),
    at: ['template', 'fields', 1, 'value'],
    message: 'must be a whole number',
  },
  {
    rule: 'custom date value',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [{ id: 5, value: '2024-05-01' }] } }),
    fail: () => asset({ template: { id: 1, fields: [{ id: 5, value: '01.05.2024' }] } }),
    at: ['template', 'fields', 0, 'value'],
    message: 'must be a date',
  },
  {
    rule: 'custom text max 150 on assets',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [{ id: 1, value: long(150) }] } }),
    fail: () => asset({ template: { id: 1, fields: [{ id: 1, value: long(151) }] } }),
    at: ['template', 'fields', 0, 'value'],
    message: 'at most 150',
  },
  {
    rule: 'custom text max 50 on contracts',
    path: '/api/v2/contract/',
    pass: () => buyContract({ template: { id: 2, fields: [{ id: 7, value: long(50) }] } }),
    fail: () => buyContract({ template: { id: 2, fields: [{ id: 7, value: long(51) }] } }),
    at: ['template', 'fields', 0, 'value'],
    message: 'at most 50',
  },
  {
    rule: 'custom field template must be of the resource type',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [] } }),
    fail: () => asset({ template: { id: 2, fields: [] } }),
    at: ['template', 'id'],
    message: 'does not exist',
  },
  {
    rule: 'custom field must be in the template',
    path: '/api/v2/asset/',
    pass: () => asset({ template: { id: 1, fields: [{ id: 2, value: 'PO-1' }] } }),
    fail: () => asset({ template: { id: 1, fields: [{ id: 7, value: 'x' }] } }),
    at: ['template', 'fields', 0, 'id'],
    message: 'is not in template',
  },
  {
    rule: 'custom form field must be in the form',
    path: '/api/v2/asset/',
    pass: () => asset({ form_template: [{ id: 1, custom_form_data: { 'Approval Date': '2024-01-31' } }] }),
    fail: () => asset({ form_template: [{ id: 1, custom_form_data: { Colour: 'red' } }] }),
    at: ['form_template', 0, 'custom_form_data', 'Colour'],
    message: 'is not a field of form',
  },
  {
    rule: 'custom form attachments cannot be sent',
    path: '/api/v2/asset/',
    pass: () => asset({ form_template: [{ id: 1, custom_form_data: { 'Requested By': 'Kim' } }] }),
    fail: () => asset({ form_template: [{ id: 1, custom_form_data: { 'Purchase Receipt': 'file.pdf' } }] }),
    at: ['form_template', 0, 'custom_form_data', 'Purchase Receipt'],
    message: 'attachment',
  },
  {
    rule: 'custom form must exist for the resource type',
    path: '/api/v2/contract/',
    pass: () => buyContract({ form_template: [{ id: 2, custom_form_data: { 'Reviewed By': 'Legal' } }] }),
    fail: () => buyContract({ form_template: [{ id: 1, custom_form_data: {} }] }),
    at: ['form_template', 0, 'id'],
    message: 'does not exist',
  },
  // contract
  {
    rule: 'contract_type is required on create',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ contract_type: undefined }),
    at: ['contract_type'],
    message: 'This field is required.',
  },
  {
    rule: 'contract_type is buy_side or sell_side',
    path: '/api/v2/contract/',
    pass: () => sell(),
    fail: () => buyContract({ contract_type: 'both' }),
    at: ['contract_type'],
    message: 'is not a valid choice',
  },
  {
    rule: 'contract number is required',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ number: undefined }),
    at: ['number'],
    message: 'This field is required.',
  },
  {
    rule: 'contract number max 50',
    path: '/api/v2/contract/',
    pass: () => buyContract({ number: `N${seq}`.padEnd(50, '0') }),
    fail: () => buyContract({ number: long(51) }),
    at: ['number'],
    message: 'no more than 50',
  },
  {
    rule: 'contract country is required',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ country: undefined }),
    at: ['country'],
    message: 'This field is required.',
  },
  {
    rule: 'contract status is required',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ status: undefined }),
    at: ['status'],
    message: 'This field is required.',
  },
  {
    rule: 'contract create accepts the extended statuses',
    path: '/api/v2/contract/',
    pass: () => buyContract({ status: 'draft' }),
    fail: () => buyContract({ status: 'pending' }),
    at: ['status'],
    message: 'is not a valid choice',
  },
  {
    rule: 'contract category id is required',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ category: { subcategory: 'Laptop' } }),
    at: ['category', 'id'],
    message: 'This field is required.',
  },
  {
    rule: 'contract total value is required',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ total_contract_spend_value: undefined }),
    at: ['total_contract_spend_value'],
    message: 'This field is required.',
  },
  {
    rule: 'contract start before end',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ contract_start_date: '2025-01-01' }),
    at: ['contract_start_date'],
    message: 'must be before end date',
  },
  {
    rule: 'contract service start on or after start',
    path: '/api/v2/contract/',
    pass: () => buyContract({ service_start_date: '2024-01-01' }),
    fail: () => buyContract({ service_start_date: '2023-12-31' }),
    at: ['service_start_date'],
    message: 'before the start date',
  },
  {
    rule: 'contract service start before end',
    path: '/api/v2/contract/',
    pass: () => buyContract({ service_start_date: '2024-12-30' }),
    fail: () => buyContract({ service_start_date: '2024-12-31' }),
    at: ['service_start_date'],
    message: 'must be before the end date',
  },
  {
    rule: 'contract notice period shorter than the term',
    path: '/api/v2/contract/',
    pass: () => buyContract({ notice_period: 364 }),
    fail: () => buyContract({ notice_period: 365 }),
    at: ['notice_period'],
    message: 'must be shorter than the contract',
  },
  {
    rule: 'contract nrc not above the total',
    path: '/api/v2/contract/',
    pass: () => buyContract({ nrc: 1000 }),
    fail: () => buyContract({ nrc: 1000.01 }),
    at: ['nrc'],
    message: 'greater than the total',
  },
  {
    rule: 'contract blended needs capex and opex',
    path: '/api/v2/contract/',
    pass: () => buyContract({ expenditure_type: { type: 'blended', capex_actual: 400, opex_actual: 600 } }),
    fail: () => buyContract({ expenditure_type: { type: 'blended', capex_actual: 400 } }),
    at: ['expenditure_type', 'opex_actual'],
    message: 'required when the expenditure type is blended',
  },
  {
    rule: 'contract blended sums to the total',
    path: '/api/v2/contract/',
    pass: () => buyContract({ expenditure_type: { type: 'blended', capex_actual: 999.5, opex_actual: 0.5 } }),
    fail: () => buyContract({ expenditure_type: { type: 'blended', capex_actual: 400, opex_actual: 500 } }),
    at: ['expenditure_type', 'capex_actual'],
    message: 'but the total contract value is 1000',
  },
  {
    rule: 'contract sell side needs a customer',
    path: '/api/v2/contract/',
    pass: () => sell(),
    fail: () => sell({ customer: undefined }),
    at: ['customer'],
    message: 'a sell-side contract needs a customer',
  },
  {
    rule: 'contract buy side needs a supplier',
    path: '/api/v2/contract/',
    pass: () => buyContract(),
    fail: () => buyContract({ supplier: undefined }),
    at: ['supplier'],
    message: 'a buy-side contract needs a supplier',
  },
  {
    rule: 'contract customer must exist in the company',
    path: '/api/v2/contract/',
    pass: () => sell({ customer: 2 }),
    fail: () => sell({ customer: 999 }),
    at: ['customer'],
    message: 'Invalid pk "999"',
  },
  {
    rule: 'contract parent must exist',
    path: '/api/v2/contract/',
    pass: () => buyContract({ parent_contract: 1 }),
    fail: () => buyContract({ parent_contract: 999 }),
    at: ['parent_contract'],
    message: 'Invalid pk "999"',
  },
  {
    rule: 'contract approver max 50 (create only)',
    path: '/api/v2/contract/',
    pass: () => buyContract({ approver: long(50) }),
    fail: () => buyContract({ approver: long(51) }),
    at: ['approver'],
    message: 'no more than 50',
  },
  {
    rule: 'contract payment_terms is an enum',
    path: '/api/v2/contract/',
    pass: () => buyContract({ payment_terms: 'net_60' }),
    fail: () => buyContract({ payment_terms: 'net_90' }),
    at: ['payment_terms'],
    message: 'is not a valid choice',
  },
  {
    rule: 'contract PUT status is active or archived',
    method: 'PUT',
    path: '/api/v2/contract/1',
    pass: () => buyContract({ contract_type: undefined, number: 'CT-2023-001', status: 'archived' }),
    fail: () => buyContract({ contract_type: undefined, number: 'CT-2023-001', status: 'draft' }),
    at: ['status'],
    message: '"draft" is not a valid choice.',
  },
  {
    rule: 'contract PUT checks the party against the stored type',
    method: 'PUT',
    path: '/api/v2/contract/3',
    pass: () => sell({ contract_type: undefined, number: 'CT-2023-003' }),
    fail: () => sell({ contract_type: undefined, number: 'CT-2023-003', customer: undefined, supplier: 1 }),
    at: ['customer'],
    message: 'a sell-side contract needs a customer',
  },
  {
    rule: 'contract PUT cannot change contract_type',
    method: 'PUT',
    path: '/api/v2/contract/3',
    pass: () => sell({ number: 'CT-2023-003' }),
    fail: () => buyContract({ number: 'CT-2023-003' }),
    at: ['contract_type'],
    message: 'cannot be changed',
  },
  // customer
  {
    rule: 'customer name is required',
    path: '/api/v2/customer/',
    pass: () => customer(),
    fail: () => customer({ name: undefined }),
    at: ['name'],
    message: 'This field is required.',
  },
  {
    rule: 'customer name is unique per account',
    path: '/api/v2/customer/',
    pass: () => customer(),
    fail: () => customer({ name: 'Contoso Ltd', company: 2 }),
    at: ['name'],
    message: 'customer with this name already exists.',
  },
  {
    rule: 'customer contact email needs a name',
    path: '/api/v2/customer/',
    pass: () => customer({ contact_person: { name: 'Ann', email: 'ann@x.example' } }),
    fail: () => customer({ contact_person: { email: 'ann@x.example' } }),
    at: ['contact_person', 'name'],
    message: 'a contact name is required',
  },
  {
    rule: 'customer contact name needs an email',
    path: '/api/v2/customer/',
    pass: () => customer({ contact_person: { name: 'Ann', email: 'ann@x.example', type: 'billing' } }),
    fail: () => customer({ contact_person: { name: 'Ann' } }),
    at: ['contact_person', 'email'],
    message: 'a contact email is required',
  },
  {
    rule: 'customer contact email is an email',
    path: '/api/v2/customer/',
    pass: () => customer(),
    fail: () => customer({ contact_person: { name: 'Ann', email: 'ann' } }),
    at: ['contact_person', 'email'],
    message: 'Enter a valid email address.',
  },
  {
    rule: 'customer contact type is an enum',
    path: '/api/v2/customer/',
    pass: () => customer({ contact_person: { name: 'A', email: 'a@b.example', type: 'technical' } }),
    fail: () => customer({ contact_person: { name: 'A', email: 'a@b.example', type: 'cto' } }),
    at: ['contact_person', 'type'],
    message: 'is not a valid choice',
  },
  {
    rule: 'customer zip max 20',
    path: '/api/v2/customer/',
    pass: () => customer({ zip_postal_code: long(20) }),
    fail: () => customer({ zip_postal_code: long(21) }),
    at: ['zip_postal_code'],
    message: 'no more than 20',
  },
  {
    rule: 'customer website max 50',
    path: '/api/v2/customer/',
    pass: () => customer({ website: long(50) }),
    fail: () => customer({ website: long(51) }),
    at: ['website'],
    message: 'no more than 50',
  },
  {
    rule: 'customer nda_signed is a boolean',
    path: '/api/v2/customer/',
    pass: () => customer({ nda_signed: true }),
    fail: () => customer({ nda_signed: 'yes' }),
    at: ['nda_signed'],
    message: 'Must be a valid boolean.',
  },
  {
    rule: 'customer category must exist (plain id)',
    path: '/api/v2/customer/',
    pass: () => customer({ category: 2 }),
    fail: () => customer({ category: 7 }),
    at: ['category'],
    message: 'Invalid pk "7"',
  },
  {
    rule: 'customer custom fields need a customer template',
    path: '/api/v2/customer/',
    pass: () => customer({ template: null }),
    fail: () => customer({ template: { id: 1, fields: [] } }),
    at: ['template', 'id'],
    message: 'does not exist',
  },
  // asset owner
  {
    rule: 'asset owner name is required',
    method: 'PUT',
    path: '/api/v2/asset-owner/7',
    pass: () => owner(),
    fail: () => owner({ name: undefined }),
    at: ['name'],
    message: 'This field is required.',
  },
  {
    rule: 'asset owner name is unique per account',
    method: 'PUT',
    path: '/api/v2/asset-owner/7',
    pass: () => owner(),
    fail: () => owner({ name: 'Anna Schmidt' }),
    at: ['name'],
    message: 'asset owner with this name already exists.',
  },
  {
    rule: 'asset owner email is an email',
    method: 'PUT',
    path: '/api/v2/asset-owner/7',
    pass: () => owner({ email: 'o@acme.example' }),
    fail: () => owner({ email: 'o@' }),
    at: ['email'],
    message: 'Enter a valid email address.',
  },
  {
    rule: 'asset owner phone max 20',
    method: 'PUT',
    path: '/api/v2/asset-owner/7',
    pass: () => owner({ phone: long(20) }),
    fail: () => owner({ phone: long(21) }),
    at: ['phone'],
    message: 'no more than 20',
  },
];

describe('validation rules', () => {
  it.each(CASES.map((k) => [k.rule, k] as const))('%s: passes', async (_rule, k) => {
    const r = await c.call(k.method ?? 'POST', k.path, k.pass());
    expect(r.body).not.toHaveProperty('detail');
    expect(r.status).toBe(k.method === 'PUT' ? 200 : 201);
  });

  it.each(CASES.map((k) => [k.rule, k] as const))(
    '%s: fails with the message where DRF puts it',
    async (_rule, k) => {
      const r = await c.call(k.method ?? 'POST', k.failPath ?? k.path, k.fail());
      expect(r.status).toBe(400);
      const messages = at(r.body, k.at);
      expect(Array.isArray(messages), JSON.stringify(r.body)).toBe(true);
      expect((messages as string[]).join(' ')).toContain(k.message);
    },
  );
});

describe('errors come all at once', () => {
  it('reports every problem of a body in one answer', async () => {
    const r = await c.post('/api/v2/customer/', {
      company: 1,
      name: long(51),
      website: long(51),
      country: 1234,
      contact_person: { email: 'bad' },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(['contact_person', 'country', 'name', 'website']);
    expect(r.body.contact_person).toEqual({
      email: ['Enter a valid email address.'],
      name: [expect.stringContaining('contact name is required')],
    });
  });

  it('answers a body that is not an object with non_field_errors', async () => {
    const r = await c.post('/api/v2/customer/', [1, 2]);
    expect(r).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] },
    });
  });

  it('answers malformed JSON with a detail', async () => {
    const res = await fetch(`${c.sb.url}/api/v2/customer/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.sb.token}` },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^JSON parse error/);
  });
});
