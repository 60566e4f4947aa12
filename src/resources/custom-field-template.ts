// Custom field template list (service-api.md 2.3): read only.
import { listResource } from './list.js';

export const customFieldTemplate = listResource({
  name: 'custom-field-template',
  label: 'Custom field template',
  plural: 'custom field templates',
  description: 'Sets of extra fields for assets, contracts and suppliers.',
  companyScoped: true,
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'name', label: 'Name', type: 'text' },
    { path: 'is_active', label: 'Active', type: 'boolean' },
    { path: 'type', label: 'Type', type: 'text' },
    { path: 'fields', label: 'Fields', type: 'list' },
  ],
});
