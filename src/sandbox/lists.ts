// List answers as DRF gives them: the documented filters (exact matches) and page-number
// pagination with absolute next/previous links.
import type { ResourceDef } from '../resources/index.js';
import { detail, type Reply } from './reply.js';
import type { StoredRecord } from './store.js';

import { PAGE_SIZE } from '../resources/service.js';

export function paginate(items: unknown[], url: URL, render: (item: unknown) => unknown = (x) => x): Reply {
  // As DRF: an absent or empty page is the first; anything but a positive integer is 404.
  const p = url.searchParams.get('page') || null;
  if (p !== null && !/^[1-9]\d*$/.test(p)) return detail(404, 'Invalid page.');
  const page = p === null ? 1 : Number(p);
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  if (page > pages) return detail(404, 'Invalid page.');
  const link = (n: number) => {
    const u = new URL(url.href);
    // DRF drops `page` from the link to the first page.
    if (n === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(n));
    return u.href;
  };
  return {
    status: 200,
    body: {
      count: items.length,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(render),
    },
  };
}

/** Documented filters, exact (case-sensitive) matches as django-filter's default. */
export function matches(def: ResourceDef, r: StoredRecord, q: URLSearchParams): boolean {
  const eq = (param: string, value: unknown) => !q.has(param) || q.get(param) === value;
  const d = r.data;
  switch (def.name) {
    case 'category':
      return (
        eq('name', d.category) &&
        (!q.has('subcategory') ||
          ((d.subcategories as string[] | null) ?? []).includes(q.get('subcategory')!))
      );
    case 'usage-status':
      return eq('name', d.name);
    case 'hardware_model':
      return eq('name', d.asset_hardware_model);
    case 'contract':
      return eq('name', d.name) && eq('contract_no', d.number);
    case 'asset':
      return eq('name', d.name) && eq('manufacturer_name', d.manufacturer) && assetMatches(d, q);
    default:
      return true;
  }
}

/** The asset filters beyond plain equality: serial_number (but `list`) and the custom form. */
function assetMatches(d: Record<string, unknown>, q: URLSearchParams): boolean {
  if (
    q.has('serial_number') &&
    q.get('serial_number') !== 'list' &&
    q.get('serial_number') !== d.serial_number
  )
    return false;
  const formId = q.get('custom_form_id');
  if (formId === null) return true;
  const forms = (d.form_template as { id: number; custom_form_data: Record<string, unknown> }[] | null) ?? [];
  const name = q.get('custom_form_name');
  const value = q.get('custom_form_value');
  return forms.some(
    (f) =>
      String(f.id) === formId &&
      (name === null ||
        (name in (f.custom_form_data ?? {}) &&
          (value === null || String(f.custom_form_data[name]) === value))),
  );
}
