// A resolver holding company 1's lists of the sandbox's seed account, for tests of matching
// against real lists without a service: the lists are complete, so no service is asked.
import { buildSeed } from '../../src/sandbox/seed/index.js';
import { Resolver, toEntry } from '../../src/resolve/lookups.js';
import type { LookupKind } from '../../src/resources/fields.js';

/** Each list as the store names it. */
const LISTS: readonly (readonly [LookupKind, string])[] = [
  ['hardware_model', 'hardware_model'],
  ['supplier', 'supplier'],
  ['category', 'category'],
  ['usage_status', 'usage-status'],
  ['country', 'country'],
  ['company', 'company'],
  ['customer', 'customer'],
  ['business_unit', 'business-unit'],
];

export function seedResolver(): Resolver {
  const state = buildSeed();
  const r = new Resolver(undefined, { company: 1, cacheTtl: 0 });
  for (const [kind, resource] of LISTS) {
    const idx = r.index(kind);
    // The account's own lists (countries, companies) belong to no company.
    for (const rec of state.records[resource] ?? [])
      if (rec.company === 1 || rec.company === null) idx.add(toEntry(kind, { id: rec.id, ...rec.data }));
    idx.complete = true;
  }
  return r;
}
