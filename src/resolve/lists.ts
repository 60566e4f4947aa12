// Resolve stage, for the mapping: the lookup lists a column is judged by (map/by-lists.ts).
// Only the lists the run reads anyway are read: those of the lookup fields the headers
// mapped whose columns hold names, and only as far as the scan reads them first; the
// resolver keeps them, so the scan goes on from there without asking again.
import { isEmptyCell } from '../map/coerce.js';
import type { Mapping } from '../map/headers.js';
import type { CellValue } from '../read/types.js';
import { listNames, type ListNames, type LookupLists } from '../map/lists.js';
import type { LookupKind } from '../resources/fields.js';
import { countryCodeByName } from './countries.js';
import type { Resolver } from './lookups.js';

/**
 * A country list also answers to its countries' names in other languages ("Deutschland",
 * "Österreich"), as the resolver reads them: a German register's "Land" column is the
 * country column by its values too. Only a name the library gives one country counts.
 */
function otherLanguages(ids: ReadonlySet<number>): (text: string) => boolean {
  return (text) => {
    const code = countryCodeByName(text);
    return code !== undefined && ids.has(code);
  };
}

/**
 * Start the lists the mapped lookup columns need and return what is known of them for the
 * mapping to judge columns by. Only a list whose column has names among the sample's rows is
 * read, so the scan reads it too (a list no row names is never read), and only as far as
 * the scan reads it first: the disk cache, or the list's first page (which, for a short list,
 * is all of it; a list that cannot be filtered by name is read whole either way). Which names
 * the sheet needs, and so whether filtered calls or the rest of a long list's pages are
 * cheaper, only the scan knows; it goes on from there without asking again.
 */
export async function fetchLookupLists(
  resolver: Resolver,
  mapping: Mapping,
  samples: readonly (readonly CellValue[])[],
): Promise<LookupLists> {
  const named = (index: number) => samples.some((row) => !isEmptyCell(row[index] ?? null));
  const kinds = new Set(
    mapping.columns.flatMap((c) =>
      c.target.kind === 'field' && c.target.field.lookup && named(c.index) ? [c.target.field.lookup] : [],
    ),
  );
  const lists = new Map<LookupKind, ListNames>();
  for (const kind of kinds) {
    await resolver.load(kind, []);
    const idx = resolver.index(kind);
    if (idx.size === 0) continue;
    const names = idx.all().flatMap((e) => [e.name, ...(e.keys ?? [])]);
    lists.set(
      kind,
      listNames(
        names,
        idx.complete,
        kind === 'country' ? otherLanguages(new Set(idx.all().map((e) => e.id))) : undefined,
      ),
    );
  }
  return lists;
}
