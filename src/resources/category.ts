// Category list (service-api.md 2.9): read only; filters name and subcategory.
import { listResource } from './list.js';

export const category = listResource({
  name: 'category',
  label: 'Category',
  plural: 'categories',
  description: 'Categories with their subcategories.',
  companyScoped: true,
  filters: ['name', 'subcategory'],
  columns: [
    { path: 'id', label: 'ID', type: 'integer' },
    { path: 'category', label: 'Category', type: 'text' },
    { path: 'subcategories', label: 'Subcategories', type: 'list' },
  ],
});
