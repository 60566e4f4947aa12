// Hardware model list (service-api.md 2.12): read only; path has an underscore; filter name.
import { listResource } from './list.js';

export const hardwareModel = listResource({
  name: 'hardware_model',
  path: 'hardware_model',
  label: 'Hardware model',
  plural: 'hardware models',
  description: 'Hardware models assets can be.',
  companyScoped: true,
  filters: ['name'],
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'asset_hardware_model', label: 'Hardware model', type: 'text' },
  ],
});
