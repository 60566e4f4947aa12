// Rows of one run that name the same record (an update's or a sync's by the same key or ID;
// an import's with --on-existing update by the record a key or an ID cell finds): the first is
// sent; a later one is a duplicate of it (skipped) when it sets the same values, and invalid
// when it sets others, since sending both would leave the record as the last one says,
// silently. Pure but for the order of an import's rows (RecordTurns).
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
   * `keyField` is compared only when both rows have it: a keyed row found the record by it,
   * and a row naming the record by its ID without one (a copy, its key cleared) leaves it be.
   */
  judge(
    identity: string,
    row: number,
    body: WriteBody | undefined,
    emptied: readonly string[],
    keyField?: string,
  ): SameRecordVerdict {
    const values = body ? valuesOf(body, emptied) : undefined;
    const first = this.seen.get(identity);
    if (!first) {
      this.seen.set(identity, { row, values });
      return { kind: 'first' };
    }
    if (!first.values) return { kind: 'first-invalid', row: first.row };
    if (!values) return { kind: 'first' };
    const both = (f: string) => first.values!.has(f) && values.has(f);
    const fields = [...new Set([...first.values.keys(), ...values.keys()])].filter(
      (f) => first.values!.get(f) !== values.get(f) && (f !== keyField || both(f)),
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

/** How the later row of a record is told: a copy's note, or the refusal of one with other values. */
export interface SameRecordWords {
  /** How the two rows name the record: `same ID 12`, `same serial number "SN-1"`. */
  readonly same: string;
  /** A field's label, as the report names the fields that differ. */
  readonly label: (field: string) => string;
}

/** A copy of an earlier row of the record: skipped, sent once. */
export const duplicateNote = (row: number, same: string): string =>
  `duplicate of row ${row} (${same}, same values): sent once`;

/** Why a later row of the record is invalid: its first row is, or it sets other values (named). */
export function sameRecordMessage(
  v: Extract<SameRecordVerdict, { kind: 'differs' | 'first-invalid' }>,
  words: SameRecordWords,
): string {
  if (v.kind === 'first-invalid')
    return `row ${v.row} names the same record (${words.same}) and is invalid: fix row ${v.row} or remove one of the two rows`;
  const fields = v.fields.map(words.label).join(', ');
  return `row ${v.row} sets the same record to other values (${words.same}; ${fields} differ): keep one of the two rows`;
}

/** A row's place in line for the verdict on its record (RecordTurns). */
export interface RecordTurn {
  /**
   * The verdict, once every earlier row has had its own or passed; `body` undefined: the row is
   * invalid (a later row of its record is too); `emptied`: the fields it would empty.
   */
  judge(
    identity: string,
    row: number,
    body: WriteBody | undefined,
    keyField?: string,
    emptied?: readonly string[],
  ): Promise<SameRecordVerdict>;
  /** The row names no record this way (new, refused, done before): the next row may go. */
  pass(): void;
}

/**
 * An import's rows (or an update's, each looked up alone) judged in sheet order though they
 * are written a few at a time. A row
 * learns its record late (from the list, or the filtered call its key costs; the record its
 * ID cell names), and the first row of a record must be the sheet's first, not the first
 * answered: a row takes its turn as its write begins (rows begin in sheet order) and waits
 * for the rows before it only to judge, never for their writes.
 */
export class RecordTurns {
  private readonly rows = new SameRecordRows();
  private last: Promise<void> = Promise.resolve();

  take(): RecordTurn {
    const before = this.last;
    let release!: () => void;
    this.last = new Promise<void>((r) => (release = r));
    let passed = false;
    const pass = () => {
      if (passed) return;
      passed = true;
      void before.then(release);
    };
    return {
      judge: async (identity, row, body, keyField, emptied = []) => {
        await before;
        const verdict = this.rows.judge(identity, row, body, emptied, keyField);
        pass();
        return verdict;
      },
      pass,
    };
  }

  /** A dry run's row, judged at once: a dry run checks its rows one at a time, in order. */
  judgeNow(identity: string, row: number, body: WriteBody, keyField?: string): SameRecordVerdict {
    return this.rows.judge(identity, row, body, [], keyField);
  }
}
