// Category list (service-api.md 2.9): read only; filters name and subcategory.
import { listResource } from './list.js';

/**
 * The categories an account usually has, with their subcategories: the sandbox's seed, and
 * what other tools' category words are translated to (resolve/suggest-values.ts, typed by
 * UsualCategory).
 */
export const USUAL_CATEGORIES = [
  [
    'Hardware',
    ['Laptop', 'Desktop', 'Server', 'Monitor', 'Network', 'Printer', 'Mobile Phone', 'Tablet', 'Storage'],
  ],
  ['Software', ['Operating System', 'Productivity', 'Security', 'Database', 'Design']],
  ['Services', ['Consulting', 'Maintenance', 'Support', 'Cloud Hosting', 'Telecom']],
  ['Facilities', ['Furniture', 'HVAC', 'Vehicles']],
  ['Professional Services', null],
] as const;

/** "Hardware / Laptop" or "Hardware > Laptop" → name and subcategory, as a cell names a category. */
export function splitCategory(text: string): { name: string; sub?: string } {
  const m = /^(.+?)\s*(?:\/|>|»|\\|::)\s*(.+)$/.exec(text.trim());
  return m ? { name: m[1], sub: m[2] } : { name: text.trim() };
}

type PathOf<T> = T extends readonly [infer N extends string, infer S]
  ? N | (S extends readonly (infer C extends string)[] ? `${N} / ${C}` : never)
  : never;
/** "Hardware" or "Hardware / Laptop": a usual category, as a cell names it. */
export type UsualCategory = PathOf<(typeof USUAL_CATEGORIES)[number]>;

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
