// The registry of every resource the service has, by our name for it.
import type { LookupKind, ResourceDef } from './fields.js';
import { asset } from './asset.js';
import { contract } from './contract.js';
import { customer } from './customer.js';
import { assetOwner } from './asset-owner.js';
import { supplier } from './supplier.js';
import { customFieldTemplate } from './custom-field-template.js';
import { customFormTemplate } from './custom-form-template.js';
import { businessUnit } from './business-unit.js';
import { user } from './user.js';
import { license } from './license.js';
import { category } from './category.js';
import { usageStatus } from './usage-status.js';
import { company } from './company.js';
import { hardwareModel } from './hardware-model.js';
import { country } from './country.js';

export * from './fields.js';
export {
  asset,
  contract,
  customer,
  assetOwner,
  supplier,
  customFieldTemplate,
  customFormTemplate,
  license,
  category,
  company,
  country,
};

/** Every resource, in the order the service's documentation lists them. */
export const RESOURCES: readonly ResourceDef[] = [
  supplier,
  customFieldTemplate,
  customFormTemplate,
  businessUnit,
  user,
  license,
  assetOwner,
  category,
  usageStatus,
  company,
  hardwareModel,
  country,
  asset,
  contract,
  customer,
];

/** Resources rows can be imported into (created), and updated. */
export const WRITABLE = ['asset', 'contract', 'customer', 'asset-owner'] as const;
export type WritableName = (typeof WRITABLE)[number];

const ALIASES: Record<string, string> = {
  'hardware-model': 'hardware_model',
  hardware_models: 'hardware_model',
  usage_status: 'usage-status',
  business_unit: 'business-unit',
  asset_owner: 'asset-owner',
  custom_field_template: 'custom-field-template',
  custom_form_template: 'custom-form-template',
};

export function findResource(name: string): ResourceDef | undefined {
  const n = name.trim().toLowerCase();
  const key = ALIASES[n] ?? n;
  return (
    RESOURCES.find((r) => r.name === key) ?? RESOURCES.find((r) => r.name + 's' === key || r.plural === key)
  );
}

/** The list a lookup kind resolves through. */
export const LOOKUP_LIST: Record<LookupKind, ResourceDef> = {
  country,
  category,
  usage_status: usageStatus,
  business_unit: businessUnit,
  asset_owner: assetOwner,
  supplier,
  hardware_model: hardwareModel,
  contract,
  customer,
  company,
};
