// Does a keyless row look like a record an earlier run created, with a few cells changed?
// A row without a natural key is known only by its values, so one edited between runs (a
// rehearsal, then the cutover's newest export) matches nothing exactly; creating it again
// would leave two records for one thing. Pure: two write bodies in, the fields that differ out.
import type { WriteBody } from '../resources/fields.js';
import { valuesHash } from './journal.js';

export interface Resemblance {
  /** The fields whose values differ (set on one side only, or to another value), sorted. */
  readonly differs: readonly string[];
}

/** Sent with every write, so it tells nothing about the row. */
const IGNORED = new Set(['company']);

/** A value a cell gave: not empty, nor left out. */
export const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

const nameOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined;

/** Two records' names are the same (case and outer spaces aside); no name is no one's. */
export const sameName = (a: unknown, b: unknown): boolean => {
  const n = nameOf(a);
  return n !== undefined && n === nameOf(b);
};

/**
 * `body` resembles `earlier` (the record as this user's runs last wrote it) when both have
 * the same name (case and outer spaces aside) and no more of the other fields differ than
 * agree — one differing field is always allowed, so a sheet of a name and a location whose
 * location moved still resembles. Undefined: no resemblance (another thing of that name, or
 * no name to go by). `differs` is empty when the values are the same (in any order; an empty
 * field and one left out are the same): the record an update gave this row's values.
 */
export function resemblance(
  earlier: Readonly<Record<string, unknown>>,
  body: WriteBody,
  nameField = 'name',
): Resemblance | undefined {
  const name = nameOf(body[nameField]);
  if (name === undefined || name !== nameOf(earlier[nameField])) return undefined;
  const fields = new Set(
    [...Object.keys(earlier), ...Object.keys(body)].filter(
      (f) => !IGNORED.has(f) && f !== nameField && (present(earlier[f]) || present(body[f])),
    ),
  );
  const differs = [...fields].filter((f) => valuesHash(earlier[f] ?? null) !== valuesHash(body[f] ?? null));
  const agree = fields.size - differs.length;
  if (differs.length > Math.max(1, agree)) return undefined;
  return { differs: differs.sort() };
}
