// Rows of an update or a sync that name the same record (the same key, or the same ID): the
// first is sent; a later one is a duplicate of it (skipped) when it sets the same values, and
// invalid when it sets others, since sending both would leave the record as the last one
// says, silently.
import type { WriteBody } from '../resources/fields.js';

/** A row's values in a form that compares equal whatever the order of its fields. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${stable(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

interface First {
  readonly row: number;
  /** Each field's value, compared as text; undefined when the first row was invalid. */
  readonly values?: ReadonlyMap<string, string>;
}

export type SameRecordVerdict =
  | { readonly kind: 'first' }
  | { readonly kind: 'duplicate'; readonly row: number }
  | { readonly kind: 'first-invalid'; readonly row: number }
  | { readonly kind: 'differs'; readonly row: number; readonly fields: readonly string[] };

export class SameRecordRows {
  private readonly seen = new Map<string, First>();

  /**
   * The verdict on a row that names `identity` (e.g. `serial_number=SN-1`, `id=17`), given
   * the values it would send (undefined: the row is invalid) and the fields it would empty.
   */
  judge(
    identity: string,
    row: number,
    body: WriteBody | undefined,
    emptied: readonly string[],
  ): SameRecordVerdict {
    const values = body ? valuesOf(body, emptied) : undefined;
    const first = this.seen.get(identity);
    if (!first) {
      this.seen.set(identity, { row, values });
      return { kind: 'first' };
    }
    if (!first.values) return { kind: 'first-invalid', row: first.row };
    if (!values) return { kind: 'first' };
    const fields = [...new Set([...first.values.keys(), ...values.keys()])].filter(
      (f) => first.values!.get(f) !== values.get(f),
    );
    return fields.length === 0
      ? { kind: 'duplicate', row: first.row }
      : { kind: 'differs', row: first.row, fields };
  }
}

/** Each field's value as text that compares equal whatever the order inside it; `emptied` as such. */
export function valuesOf(body: WriteBody, emptied: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(body)) if (v !== undefined) out.set(k, stable(v));
  for (const f of emptied) if (!out.has(f)) out.set(f, '(emptied)');
  return out;
}
