// Resolve stage, for the mapping: the lookup lists a column is judged by (map/by-lists.ts).
// Only the lists the run fetches anyway are read: those of the lookup fields the headers
// mapped, each once, for the names in the first rows — the same names the scan asks for
// later, so the resolver's index (or its disk cache) answers the scan without another request.
import type { Mapping } from '../map/headers.js';
import { cellText, isEmptyCell } from '../map/coerce.js';
import { listNames, type LookupLists } from '../map/lists.js';
import { translateCell } from '../map/values.js';
import type { CellValue } from '../read/types.js';
import type { LookupKind } from '../resources/fields.js';
import { splitCategory, type Resolver } from './lookups.js';

/** The first rows' distinct names in the columns mapped to each lookup list. */
export function namesByList(mapping: Mapping, samples: readonly (readonly CellValue[])[]): Map<LookupKind, Set<string>> {
  const out = new Map<LookupKind, Set<string>>();
  for (const c of mapping.columns) {
    const kind = c.target.kind === 'field' ? c.target.field.lookup : undefined;
    if (!kind) continue;
    const names = out.get(kind) ?? new Set<string>();
    out.set(kind, names);
    for (const r of samples) {
      const cell = translateCell(mapping, c.index, r[c.index] ?? null);
      if (isEmptyCell(cell)) continue;
      const text = cellText(cell).trim();
      if (text) names.add(kind === 'category' ? splitCategory(text).name : text);
    }
  }
  return out;
}

/**
 * Load the lists the mapped lookup columns need (with their first rows' names) and return
 * their names for the mapping to judge columns by. Lists with no entries are left out.
 */
export async function fetchLookupLists(resolver: Resolver, mapping: Mapping, samples: readonly (readonly CellValue[])[]): Promise<LookupLists> {
  const lists = new Map<LookupKind, ReturnType<typeof listNames>>();
  for (const [kind, names] of namesByList(mapping, samples)) {
    await resolver.load(kind, names);
    const entries = resolver.index(kind).all();
    if (entries.length > 0) lists.set(kind, listNames(entries.flatMap((e) => [e.name, ...(e.keys ?? [])])));
  }
  return lists;
}
