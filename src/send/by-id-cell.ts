// A keyless row of an import whose ID cell names a record of the same name: an export
// imported back. An import leaves its ID column out (another tool's "ID" holds that tool's
// ids), but a row without a natural key is known by nothing else, so its record would be
// created a second time. The ID cell is believed only when the record it names has the row's
// name: then the row is that record, skipped when its cells hold the record's values and held
// back (W_RESEMBLES) when some differ; with --on-existing update it is merged into the record,
// with --on-existing error refused, as a keyed row whose key a record has. Pure: a record and a
// row in, the verdict and its words out.
import type { LookupKind, ResourceDef, WriteBody } from '../resources/fields.js';
import type { RowIssue } from '../validate/validate.js';
import {
  diffBodies,
  mergeForUpdate,
  namedChanges,
  readNames,
  readToWrite,
  type FieldChange,
} from './merge.js';
import { sameName } from './resemblance.js';
import { recordKeyText } from '../map/placeholders.js';

/** What the record an ID cell names says of the row. */
export type ByIdVerdict =
  /** Another name: the cell is another tool's id, and the row is new. */
  | { readonly kind: 'other' }
  /** The row's cells hold the record's values. */
  | { readonly kind: 'same' }
  /** The row's cells differ from the record in these fields (an emptied cell too). */
  | { readonly kind: 'differs'; readonly changes: readonly FieldChange[] };

export interface ByIdRow {
  /** The row's write body and the fields whose cells were empty. */
  readonly body: WriteBody;
  readonly emptied: readonly string[];
}

export interface ByIdLookups {
  readonly countryCode: (name: string) => number | undefined;
  readonly nameOf?: (kind: LookupKind, id: number) => string | undefined;
}

/**
 * The row against the record its ID cell names (read shape). Its cells are compared as
 * `assetbatch update --clear-empty` would write them: a field the row has no column for is
 * not compared, a cell emptied where the record has a value differs.
 */
export function judgeByIdCell(
  def: ResourceDef,
  record: Readonly<Record<string, unknown>>,
  row: ByIdRow,
  lookups: ByIdLookups,
): ByIdVerdict {
  if (!sameName(record.name, row.body.name)) return { kind: 'other' };
  const current = readToWrite(def, record, lookups.countryCode);
  const { company: _company, form_template: _form, ...sheet } = row.body;
  // A key the record holds as a placeholder ("N/A" typed as its serial number) is none: the
  // row's "N/A", read as empty, changes nothing.
  const noKey = (f: string) => def.naturalKey?.includes(f) && recordKeyText(record[f], f) === undefined;
  const next = mergeForUpdate(current, sheet, { clearEmpty: row.emptied.filter((f) => !noKey(f)) });
  const changes = namedChanges(def, diffBodies(def, current, next), readNames(def, record), lookups.nameOf);
  return changes.length === 0 ? { kind: 'same' } : { kind: 'differs', changes };
}

/** What the writer does with the row: skip it, hold it back or refuse it, update the record, or create it all the same. */
export type ByIdOutcome =
  | {
      readonly go: false;
      readonly status: 'skipped';
      readonly id: number;
      readonly note: string;
      readonly warnings?: readonly RowIssue[];
    }
  | {
      readonly go: false;
      readonly status: 'failed';
      readonly id: number;
      readonly issues: readonly RowIssue[];
    }
  /** --on-existing update: merged into record `id`, as a keyed row into the record its key names. */
  | { readonly go: 'update'; readonly id: number; readonly note: string }
  | { readonly go: true; readonly note: string };

export interface ByIdWords {
  /** Held back (an import's default), or created all the same (--create-resembling). */
  readonly resembling: 'hold' | 'create';
  /** --on-existing: skip (judged cell by cell, as above), update (merged) or error (refused). */
  readonly existing: 'skip' | 'update' | 'error';
  /** The natural key's name, as a row without one is told: "serial number". */
  readonly keyName: string;
  /** A field's label, as the report names the cells that differ. */
  readonly label: (field: string) => string;
  /** The run's input, as given: `assetbatch update` of it applies the row. */
  readonly file: string;
}

/**
 * The row under --on-existing update or error, once record `id` has its name: the record it
 * updates, or the refusal a keyed row whose record exists gets. No cell is compared first:
 * the update's merge says what changes, and a refusal does not depend on it.
 */
export function byIdOnExisting(id: number, existing: 'update' | 'error'): ByIdOutcome {
  if (existing === 'update')
    return { go: 'update', id, note: `its ID cell names record ${id}, of the same name` };
  const message = `already in the service (ID ${id}, which its ID cell names, same name)`;
  return { go: false, status: 'failed', id, issues: [{ code: 'E_DUPLICATE_ROW', field: 'id', message }] };
}

/**
 * The row's outcome by the verdict on record `id`; undefined when the row is new (another
 * name). `created`: what a create is called here ("created", "would be created").
 */
export function byIdOutcome(
  id: number,
  verdict: ByIdVerdict,
  words: ByIdWords,
  created: string,
): ByIdOutcome | undefined {
  if (verdict.kind === 'other') return undefined;
  if (verdict.kind === 'same')
    return { go: false, status: 'skipped', id, note: `already in the service (ID ${id}, same name)` };
  const cells = verdict.changes.map((c) =>
    c.field === 'template'
      ? `custom fields ${String(c.from)} → ${String(c.to)}`
      : `${words.label(c.field)} ${shown(c.from, c.fromName)} → ${shown(c.to, c.toName)}`,
  );
  const named = `its ID cell names record ${id}, of the same name: ${cells.join('; ')}`;
  if (words.resembling === 'create')
    return { go: true, note: `${created} as a new record (--create-resembling), though ${named}` };
  const emptied = verdict.changes.some((c) => c.to === null);
  const update = `assetbatch update${emptied ? ' --clear-empty' : ''} ${words.file}`;
  const fields = verdict.changes.map((c) =>
    c.field === 'template' ? 'custom fields' : words.label(c.field),
  );
  return {
    go: false,
    status: 'skipped',
    id,
    note:
      `not created: no ${words.keyName}, and ${named}. ` +
      `If it is that record, \`${update}\` (with this run's resource and service options) applies this row's values to it` +
      `${emptied ? '' : ', as does this import again with --on-existing update'}; ` +
      'if it is another one, run this import again with --create-resembling to create it',
    warnings: [
      {
        code: 'W_RESEMBLES',
        field: 'id',
        message: `not created: it resembles record ${id}, which its ID cell names (${fields.join(', ')} differ${fields.length === 1 ? 's' : ''})`,
      },
    ],
  };
}

/**
 * A cell left as the record has it: its value as a person reads it; `afterExport`: exported
 * empty, filled in the service since; `sinceLastRun`: the last run sent it empty, and it was
 * filled in the service since (a colleague's edit, which --clear-empty keeps too).
 */
export interface KeptByEmpty {
  readonly field: string;
  readonly value: string;
  readonly afterExport?: boolean;
  readonly sinceLastRun?: boolean;
}

/**
 * The words after "no change" when some of the row's cells are empty where the record has a
 * value (`kept`): the update leaves them as they are (`leaves`, and `empties` names how to empty
 * them); a cell exported empty and filled in the service since, or filled since the last run
 * sent it empty, is kept even with --clear-empty (the stale-export check and the colleague's
 * edit protect it), and said so, not promised to empty.
 */
export function keptByEmptyWords(
  kept: readonly KeptByEmpty[],
  label: (field: string) => string,
  how: { readonly leaves: string; readonly empties: (one: boolean) => string },
): string {
  if (kept.length === 0) return '';
  const cells = (ks: readonly KeptByEmpty[]) => ks.map((k) => `${label(k.field)} "${k.value}"`).join(', ');
  const plain = kept.filter((k) => !k.afterExport && !k.sinceLastRun);
  const after = kept.filter((k) => k.afterExport);
  const since = kept.filter((k) => k.sinceLastRun);
  const parts = [
    plain.length > 0 ? `${cells(plain)} (${how.leaves}; ${how.empties(plain.length === 1)})` : '',
    after.length > 0
      ? `${cells(after)} (set in the service after the export: kept even with --clear-empty)`
      : '',
    since.length > 0
      ? `${cells(since)} (set in the service since the last run: kept even with --clear-empty)`
      : '',
  ].filter((p) => p !== '');
  return ` except for ${kept.length === 1 ? 'an empty cell' : 'empty cells'}: the record keeps ${parts.join(' and ')}`;
}

/**
 * The words after an update's "no change" when some of the row's cells are empty where the record
 * has a value (`kept`, as a person reads them): the import leaves them as they are, so the
 * record does not hold all the row says; `assetbatch update --clear-empty` of the file empties them.
 */
export function keptByEmptyNote(
  kept: readonly KeptByEmpty[],
  words: Pick<ByIdWords, 'label' | 'file'>,
): string {
  return keptByEmptyWords(kept, words.label, {
    leaves: '--on-existing update leaves empty cells alone',
    empties: (one) => `\`assetbatch update --clear-empty ${words.file}\` empties ${one ? 'it' : 'them'}`,
  });
}

/** A value as the report shows it beside another: a lookup by its name, text quoted, empty said so. */
function shown(v: unknown, name: string | undefined): string {
  if (name !== undefined) return JSON.stringify(name);
  if (v === undefined || v === null || v === '') return '(empty)';
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}
