// Company list (service-api.md 2.11): read only, not scoped by company.
import { listResource } from './list.js';

export const company = listResource({
  name: 'company',
  label: 'Company',
  plural: 'companies',
  description: 'Companies of the account.',
  companyScoped: false,
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'name', label: 'Name', type: 'text' },
    { path: 'status', label: 'Status', type: 'text' },
  ],
});
