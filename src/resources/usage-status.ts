// Usage status list (service-api.md 2.10): read only; filter name.
import { listResource } from './list.js';

/**
 * The usage statuses an account usually has: the sandbox's seed, and the names other tools'
 * status words are translated to (map/vocabulary.ts, typed by UsualUsageStatus).
 */
export const USUAL_USAGE_STATUSES = [
  'In Use',
  'In Stock',
  'In Repair',
  'Retired',
  'Disposed',
  'Lost/Stolen',
  'On Loan',
] as const;
export type UsualUsageStatus = (typeof USUAL_USAGE_STATUSES)[number];

export const usageStatus = listResource({
  name: 'usage-status',
  label: 'Usage status',
  plural: 'usage statuses',
  description: 'Statuses an asset can be in.',
  companyScoped: true,
  filters: ['name'],
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'company_id', label: 'Company ID', type: 'integer' },
    { path: 'name', label: 'Name', type: 'text' },
    { path: 'set_as_default', label: 'Default', type: 'boolean' },
  ],
});
