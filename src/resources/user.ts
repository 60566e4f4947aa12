// User list (service-api.md 2.6): read only, not scoped by company.
import { listResource } from './list.js';

export const user = listResource({
  name: 'user',
  label: 'User',
  plural: 'users',
  description: 'People with accounts on the service.',
  companyScoped: false,
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'first_name', label: 'First name', type: 'text' },
    { path: 'last_name', label: 'Last name', type: 'text' },
    { path: 'email', label: 'Email', type: 'text' },
    { path: 'role', label: 'Role', type: 'text' },
    { path: 'status', label: 'Status', type: 'text' },
  ],
});
