// An import's rows whose key repeats an earlier row's. With the same values (as coerced) the
// later row is a duplicate and is skipped; with other values it is a conflict: two things
// given one key, or one thing written twice with a typo. Which is right is the user's call,
// so the later row is skipped, not sent (neither created nor, under --on-existing update,
// written to the record), and said so (W_KEY_CONFLICT, exit 1), naming the cells that differ.
import type { WriteBody } from '../resources/fields.js';
import { KeyIndex } from '../util/key-index.js';
import { valuesOf } from '../send/same-record.js';

/** A row's values (as it would send them) and its cells as the sheet shows them, by field. */
export interface KeyedValues {
  readonly row: number;
  readonly values: ReadonlyMap<string, string>;
  readonly cells: ReadonlyMap<string, string>;
}

export type KeyVerdict =
  | { readonly kind: 'duplicate' }
  /** `first`: the earlier row's values, when kept (a long sheet's one-pass dry run keeps only a fingerprint). */
  | { readonly kind: 'conflict'; readonly first?: KeyedValues; readonly differs: readonly string[] };

/** Sent with every write, so it tells nothing about the row. */
const IGNORED = new Set(['company']);

/** The fields whose values differ between two rows (set on one only, or to another value), sorted. */
export function differingFields(
  first: ReadonlyMap<string, string>,
  later: ReadonlyMap<string, string>,
): string[] {
  return [...new Set([...first.keys(), ...later.keys()])]
    .filter((f) => !IGNORED.has(f) && first.get(f) !== later.get(f))
    .sort();
}

/** A row's values as one text: a fingerprint two rows share only when their values are the same. */
const fingerprint = (values: ReadonlyMap<string, string>): string =>
  [...values]
    .filter(([f]) => !IGNORED.has(f))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([f, v]) => `${f}=${v}`)
    .join('\u0000');

/**
 * The first row of each repeated key, kept to compare the later ones with. The scan says
 * which keys repeat, so only those rows' values are kept; a one-pass dry run meets a key's
 * repeat after its first row was checked, so it keeps each first row's fingerprint as well.
 */
export class KeyedRows {
  private readonly kept = new Map<number, KeyedValues>();
  private readonly prints?: KeyIndex;

  constructor(fingerprints: boolean) {
    if (fingerprints) this.prints = new KeyIndex();
  }

  /** The values a row's verdict needs, from the body it would send and its cells by field. */
  static valuesOf(row: number, body: WriteBody, cells: ReadonlyMap<string, string>): KeyedValues {
    return { row, values: valuesOf(body, []), cells };
  }

  /** A row that is the first of its key; `repeats`: the scan has seen a later row with that key. */
  first(key: string, v: KeyedValues, repeats: boolean): void {
    if (repeats) this.kept.set(v.row, v);
    this.prints?.add(`${key}\u0000${fingerprint(v.values)}`, v.row);
  }

  /** A later row of the key `key` whose first row is `firstRow`; undefined when nothing of that row was kept. */
  judge(key: string, firstRow: number, v: KeyedValues): KeyVerdict | undefined {
    const first = this.kept.get(firstRow);
    if (first) {
      const differs = differingFields(first.values, v.values);
      return differs.length === 0 ? { kind: 'duplicate' } : { kind: 'conflict', first, differs };
    }
    if (!this.prints) return undefined;
    return this.prints.get(`${key}\u0000${fingerprint(v.values)}`) === firstRow
      ? { kind: 'duplicate' }
      : { kind: 'conflict', differs: [] };
  }
}

/** How a conflict's message names things: a field's label, the key's name, what the records are. */
export interface ConflictWords {
  readonly label: (field: string) => string;
  /** "serial number" */
  readonly keyName: string;
  /** "assets" */
  readonly plural: string;
}

const quoted = (text: string | undefined): string => (text ? JSON.stringify(text) : '(empty)');

/** The cells that differ, as the report shows resemblance: `Name "Desk" → "Chair"`. */
function conflictCells(
  first: KeyedValues,
  later: KeyedValues,
  differs: readonly string[],
  label: (f: string) => string,
): string {
  return differs
    .map((f) => `${label(f)} ${quoted(first.cells.get(f))} → ${quoted(later.cells.get(f))}`)
    .join('; ');
}

/** The skipped row's #message, and its W_KEY_CONFLICT warning's. */
export function conflictWords(
  verdict: Extract<KeyVerdict, { kind: 'conflict' }>,
  firstRow: number,
  key: string,
  later: KeyedValues,
  words: ConflictWords,
): { note: string; warning: string } {
  const same = `same ${words.keyName} ${JSON.stringify(key)} as row ${firstRow}`;
  const cells = verdict.first
    ? conflictCells(verdict.first, later, verdict.differs, words.label)
    : // A one-pass dry run met the repeat after the earlier row was checked: it kept no cells to show.
      `other values than row ${firstRow} (a dry run past its look-ahead keeps no cells to show; the import names them)`;
  const what =
    `if they are different ${words.plural}, correct one ${words.keyName}; ` + `if the same, delete one row`;
  const fields = verdict.differs.map(words.label);
  return {
    note: `not sent: ${same}, but ${cells}: ${what}`,
    warning:
      `row ${firstRow} has the same ${words.keyName} with other values` +
      (fields.length ? ` (${fields.join(', ')} differ${fields.length === 1 ? 's' : ''})` : ''),
  };
}
