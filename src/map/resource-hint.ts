// Map stage: which resource a sheet's headers look like, for the hint of a run given no
// --resource. Never a choice: the user is told which one and why, and gives it.
import type { ResourceDef } from '../resources/fields.js';
import { mapHeaders } from './headers.js';

export interface ResourceLikeness {
  readonly resource: ResourceDef;
  /** The columns that name a field only this resource has, as `"Seriennummer" → serial_number`. */
  readonly evidence: readonly string[];
}

/** The fields a column names by its header (not by a guess at its spelling). */
function namedFields(def: ResourceDef, headers: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of mapHeaders(def, headers).columns) {
    if (c.target.kind !== 'field' || (c.how !== 'name' && c.how !== 'synonym')) continue;
    out.set(c.header, c.target.field.name);
  }
  return out;
}

/**
 * The resource whose own fields the headers name clearly more of: a name, a country or a status
 * all resources have says nothing; a serial number or a contract number does. Undefined when
 * no resource stands out (two fields at least, twice the next one's).
 */
export function resourceLookedLike(
  candidates: readonly ResourceDef[],
  headers: readonly string[],
): ResourceLikeness | undefined {
  const named = candidates.map((def) => ({ def, fields: namedFields(def, headers) }));
  const fieldCount = new Map<string, number>();
  for (const { def } of named)
    for (const f of new Set(def.fields.map((x) => x.name))) fieldCount.set(f, (fieldCount.get(f) ?? 0) + 1);
  const scored = named
    .map(({ def, fields }) => ({
      resource: def,
      evidence: [...fields]
        .filter(([, field]) => fieldCount.get(field) === 1)
        .map(([header, field]) => `"${header}" → ${field}`),
    }))
    .sort((a, b) => b.evidence.length - a.evidence.length);
  const [best, next] = scored;
  if (!best || best.evidence.length < 2) return undefined;
  if (next && best.evidence.length < 2 * next.evidence.length) return undefined;
  return best;
}
