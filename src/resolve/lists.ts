// Resolve stage, for the mapping: the lookup lists a column is judged by (map/by-lists.ts).
// Only the lists the run reads anyway are read, those of the lookup fields the headers
// mapped, and only as far as the run reads them before it knows the sheet's names; the
// resolver keeps them, so the scan goes on from there without asking again.
import type { Mapping } from '../map/headers.js';
import { listNames, type ListNames, type LookupLists } from '../map/lists.js';
import type { LookupKind } from '../resources/fields.js';
import type { Resolver } from './lookups.js';

/**
 * Start the lists the mapped lookup columns need and return what is known of them for the
 * mapping to judge columns by. Each costs what the run pays first anyway: the disk cache,
 * or the list's first page (which, for a short list, is all of it). A long list is not read
 * further here: which names the sheet needs, and so whether filtered calls or the rest of the
 * pages are cheaper, only the scan knows; it goes on from that first page.
 */
export async function fetchLookupLists(resolver: Resolver, mapping: Mapping): Promise<LookupLists> {
  const lists = new Map<LookupKind, ListNames>();
  for (const kind of new Set(mapping.columns.flatMap((c) => (c.target.kind === 'field' && c.target.field.lookup ? [c.target.field.lookup] : [])))) {
    await resolver.load(kind, []);
    const idx = resolver.index(kind);
    if (idx.size > 0) lists.set(kind, listNames(idx.all().flatMap((e) => [e.name, ...(e.keys ?? [])]), idx.complete));
  }
  return lists;
}
