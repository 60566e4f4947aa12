// Custom form template list (service-api.md 2.4): read only.
import { listResource } from './list.js';

export const customFormTemplate = listResource({
  name: 'custom-form-template',
  label: 'Custom form template',
  plural: 'custom form templates',
  description: 'Forms of extra fields; values are keyed by field name.',
  companyScoped: true,
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'name', label: 'Name', type: 'text' },
    { path: 'form_title', label: 'Form title', type: 'text' },
    { path: 'form_desc', label: 'Form description', type: 'text' },
    { path: 'type', label: 'Type', type: 'text' },
    { path: 'is_active', label: 'Active', type: 'boolean' },
    { path: 'is_default', label: 'Default', type: 'boolean' },
    { path: 'fields', label: 'Fields', type: 'list' },
  ],
});
