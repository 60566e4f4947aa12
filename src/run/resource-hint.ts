// Before a run given no --resource: read the sheet's header row and say which resource it looks
// like (src/map/resource-hint.ts judges; this reads). For the usage error's hint only: the run
// is not started on a guess.
import { AssetbatchError } from '../errors.js';
import { headerMatcher } from '../map/headers.js';
import { resourceLookedLike, type ResourceLikeness } from '../map/resource-hint.js';
import { openSheet } from '../read/index.js';
import { findResource, type WritableName } from '../resources/index.js';

export type { ResourceLikeness };

/** The resource the headers of `file` name, of `names`; undefined when none stands out or the file cannot be read (the run with --resource says why). */
export async function headersLookLike(
  file: string,
  where: { readonly sheet?: string | number; readonly headerRow?: number },
  names: readonly WritableName[],
): Promise<ResourceLikeness | undefined> {
  const defs = names.map((n) => findResource(n)).filter((d) => d !== undefined);
  const matchers = defs.map((d) => headerMatcher(d));
  try {
    const source = await openSheet(file, {
      sheet: where.sheet,
      headerRow: where.headerRow,
      isKnownHeader: (text) => matchers.some((m) => m(text)),
    });
    await source.close?.();
    return resourceLookedLike(defs, source.headers);
  } catch (e) {
    if (e instanceof AssetbatchError) return undefined;
    throw e;
  }
}
