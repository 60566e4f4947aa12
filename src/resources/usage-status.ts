// Usage status list (service-api.md 2.10): read only; filter name.
import { listResource } from './list.js';

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
