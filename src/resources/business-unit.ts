// Business unit list (service-api.md 2.5): read only.
import { listResource } from './list.js';

export const businessUnit = listResource({
  name: 'business-unit',
  label: 'Business unit',
  plural: 'business units',
  description: 'Departments and divisions.',
  companyScoped: true,
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'name', label: 'Name', type: 'text' },
    { path: 'contact_name', label: 'Contact name', type: 'text' },
    { path: 'contact_email', label: 'Contact email', type: 'text' },
    { path: 'contact_phone_number', label: 'Contact phone', type: 'text' },
    { path: 'description', label: 'Description', type: 'text' },
  ],
});
